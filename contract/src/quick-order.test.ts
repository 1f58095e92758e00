import { describe, expect, it } from 'vitest';
import {
  checkQuickOrder,
  countQuickOrderRows,
  goodQuickOrderEntries,
  parseQuickOrder,
  QUICK_ORDER_TEMPLATE,
  type QuickOrderTool,
} from './quick-order.ts';
import { texts } from './texts.ts';

const hammer: QuickOrderTool = {
  _id: 'tool-hammer',
  sku: 'HM-CLAW-16',
  name: 'Claw hammer',
  price: 12.99,
  priceBreaks: [
    { minQuantity: 500, price: 11.99 },
    { minQuantity: 1000, price: 10.99 },
  ],
  minOrderQuantity: 100,
  availableQuantity: 4200,
};
const pliers: QuickOrderTool = {
  _id: 'tool-pliers',
  sku: 'PL-SLIP-8',
  name: 'Slip-joint pliers',
  price: 8.99,
  priceBreaks: [],
  minOrderQuantity: 150,
  availableQuantity: 5000,
};
const catalog = [hammer, pliers];

/** Each line's SKU and quantity as parsed. */
function cells(text: string) {
  return parseQuickOrder(text).map(({ sku, quantity }) => [sku, quantity]);
}

function checkText(text: string) {
  return checkQuickOrder(parseQuickOrder(text), catalog);
}

describe('parseQuickOrder', () => {
  it('takes a comma, a semicolon, a tab, spaces or any run of them between SKU and quantity', () => {
    expect(cells('HM-CLAW-16,150\nPL-SLIP-8;200\nA-1\t3\nB-2    4\nC-3 ,\t; 5\nD-4, 6')).toEqual([
      ['HM-CLAW-16', '150'],
      ['PL-SLIP-8', '200'],
      ['A-1', '3'],
      ['B-2', '4'],
      ['C-3', '5'],
      ['D-4', '6'],
    ]);
  });

  it('skips blank lines but counts them in line numbers, and keeps each raw line', () => {
    const lines = parseQuickOrder('\n  HM-CLAW-16 150  \n\n \t \nPL-SLIP-8 200\n');
    expect(lines.map(({ lineNumber, raw }) => [lineNumber, raw])).toEqual([
      [2, '  HM-CLAW-16 150  '],
      [5, 'PL-SLIP-8 200'],
    ]);
  });

  it('reads CRLF, LF and CR line breaks alike', () => {
    expect(cells('A-1,1\r\nB-2,2\nC-3,3\rD-4,4')).toEqual([
      ['A-1', '1'],
      ['B-2', '2'],
      ['C-3', '3'],
      ['D-4', '4'],
    ]);
  });

  it('skips a header row on the first line only, and a first line that is a SKU is no header', () => {
    expect(cells('sku,quantity\r\nHM-CLAW-16,150\r\n')).toEqual([['HM-CLAW-16', '150']]);
    expect(cells('\uFEFFSKU;Qty\nHM-CLAW-16;150')).toEqual([['HM-CLAW-16', '150']]);
    expect(cells('Item\tQuantity\nHM-CLAW-16\t150')).toEqual([['HM-CLAW-16', '150']]);
    expect(cells('"sku","quantity"\n"HM-CLAW-16","150"')).toEqual([['HM-CLAW-16', '150']]);
    // No header: the first line is an order line, wrong quantity or not.
    expect(cells('HM-CLAW-16,150\nsku,quantity')).toEqual([
      ['HM-CLAW-16', '150'],
      ['sku', 'quantity'],
    ]);
    expect(cells('PART-1 abc')).toEqual([['PART-1', 'abc']]);
    expect(cells('sku 150')).toEqual([['sku', '150']]);
  });

  it('reads quoted CSV cells, with separators and doubled quotes inside', () => {
    expect(cells('"HM-CLAW-16","150"\n"A ""B"", C",7')).toEqual([
      ['HM-CLAW-16', '150'],
      ['A "B", C', '7'],
    ]);
  });

  it("reads a quoted quantity with its thousands grouped, as a spreadsheet's CSV writes it", () => {
    expect(cells('"HM-CLAW-16","1,000"\nPL-SLIP-8,"12,500,000"\nPL-SLIP-8,"1,50"')).toEqual([
      ['HM-CLAW-16', '1000'],
      ['PL-SLIP-8', '12500000'],
      ['PL-SLIP-8', '1,50'],
    ]);
    const [thousand, misgrouped] = checkText('"PL-SLIP-8","1,000"\nHM-CLAW-16,"1,0000"');
    expect(thousand?.verdict.ok).toBe(true);
    expect(thousand?.quantity).toBe(1000);
    expect(misgrouped?.verdict).toMatchObject({
      ok: false,
      problem: 'notWholeNumber',
      message: texts.quickOrder.verdicts.notWholeNumber('1,0000'),
    });
  });

  it('counts the cells, and gives an empty quantity to a line without one', () => {
    const [alone, three] = parseQuickOrder('HM-CLAW-16\nHM-CLAW-16 1 500');
    expect(alone).toMatchObject({ sku: 'HM-CLAW-16', quantity: '', cellCount: 1 });
    expect(three).toMatchObject({ sku: 'HM-CLAW-16', quantity: '1', cellCount: 3 });
  });

  it('parses the template into its two demo lines', () => {
    expect(cells(QUICK_ORDER_TEMPLATE)).toEqual([
      ['HM-CLAW-16', '150'],
      ['PL-SLIP-8', '200'],
    ]);
    expect(goodQuickOrderEntries(checkText(QUICK_ORDER_TEMPLATE))).toHaveLength(2);
  });
});

describe('countQuickOrderRows', () => {
  it('counts the rows parseQuickOrder reads, its header too, without the blank ones', () => {
    const text = '\uFEFFsku,quantity\r\nHM-CLAW-16,150\n\n ;, \t\rPL-SLIP-8 200\n';
    expect(countQuickOrderRows(text)).toBe(3);
    expect(parseQuickOrder(text)).toHaveLength(2);
    expect(countQuickOrderRows('')).toBe(0);
    expect(countQuickOrderRows('A 1\n'.repeat(50_000))).toBe(50_000);
  });
});

describe('checkQuickOrder', () => {
  it('prices a good line at the break its quantity reaches, any case of its SKU', () => {
    const [list, breakLine, pliersLine] = checkText('HM-CLAW-16 150\nhm-claw-17 1\npl-slip-8 200');
    expect(list?.verdict).toEqual({
      ok: true,
      toolId: 'tool-hammer',
      sku: 'HM-CLAW-16',
      name: 'Claw hammer',
      unitPrice: 12.99,
      lineTotal: 1948.5,
    });
    expect(breakLine?.verdict).toMatchObject({ ok: false, problem: 'unknownSku' });
    expect(pliersLine?.verdict).toMatchObject({ ok: true, sku: 'PL-SLIP-8', lineTotal: 1798 });
    expect(checkText('HM-CLAW-16 500')[0]?.verdict).toMatchObject({
      unitPrice: 11.99,
      lineTotal: 5995,
    });
  });

  it('says what is wrong with each bad line, in words', () => {
    const [unknown, below, merged, noQuantity, tooManyCells, ...more] = checkText(
      [
        'XX-NONE 150',
        'HM-CLAW-16 99',
        'PL-SLIP-8 150',
        'PL-SLIP-8 4000',
        'HM-CLAW-16',
        'HM-CLAW-16 1 500',
        'PL-SLIP-8 1000',
      ].join('\n'),
    );
    expect(unknown?.verdict).toEqual({
      ok: false,
      problem: 'unknownSku',
      message: texts.cart.refusals.unknownSku('XX-NONE'),
      name: null,
    });
    expect(below?.verdict).toEqual({
      ok: false,
      problem: 'belowMinimum',
      message: texts.cart.problems.belowMinimum(100),
      name: 'Claw hammer',
    });
    // The rule is strict: exactly the minimum is below it.
    expect(checkText('PL-SLIP-8 150')[0]?.verdict).toMatchObject({ problem: 'belowMinimum' });
    // PL-SLIP-8's 150, 4000 and 1000 are one SKU: merged, 5150, above the stock of 5000.
    expect(merged?.lines.map((line) => line.lineNumber)).toEqual([3, 4, 7]);
    expect(merged?.verdict).toMatchObject({
      problem: 'aboveAvailable',
      message: texts.cart.problems.aboveAvailable(5000),
    });
    expect(noQuantity?.verdict).toMatchObject({ problem: 'noQuantity' });
    expect(tooManyCells?.verdict).toMatchObject({ problem: 'tooManyCells' });
    expect(more).toEqual([]);
    // Exactly the stock is above it too.
    expect(checkText('PL-SLIP-8 5000')[0]?.verdict).toMatchObject({ problem: 'aboveAvailable' });
    expect(checkText('PL-SLIP-8 4999')[0]?.verdict.ok).toBe(true);
  });

  it('refuses every quantity that is no whole number: 1e20, 1.5, -3, 0x10, +5', () => {
    const entries = checkText(
      'HM-CLAW-16 1e20\nHM-CLAW-16 1.5\nHM-CLAW-16 -3\nHM-CLAW-16 0x10\nHM-CLAW-16 +5',
    );
    expect(entries.map((entry) => entry.verdict)).toEqual(
      ['1e20', '1.5', '-3', '0x10', '+5'].map((quantity) => ({
        ok: false,
        problem: 'notWholeNumber',
        message: texts.quickOrder.verdicts.notWholeNumber(quantity),
        name: null,
      })),
    );
    // Each stays a row of its own: nothing merged with a quantity that cannot be read.
    expect(entries.every((entry) => entry.lines.length === 1)).toBe(true);
  });

  it('takes a quantity of more digits than any stock as above the stock', () => {
    const [huge, endless] = checkText(`HM-CLAW-16 ${'9'.repeat(25)}\nPL-SLIP-8 ${'9'.repeat(400)}`);
    expect(huge?.verdict).toMatchObject({ problem: 'aboveAvailable' });
    expect(endless?.verdict).toMatchObject({ problem: 'aboveAvailable' });
  });

  it('says a SKU of 10 KB is too long, without looking it up', () => {
    const sku = 'A'.repeat(10 * 1024);
    const [entry] = checkText(`${sku} 150`);
    expect(entry?.verdict).toEqual({
      ok: false,
      problem: 'skuTooLong',
      message: texts.quickOrder.verdicts.skuTooLong(32, 10240),
      name: null,
    });
  });

  it('merges the lines of one SKU (any case) into one row, checked as their sum', () => {
    const entries = checkText(
      'HM-CLAW-16 60\nPL-SLIP-8 200\nhm-claw-16 70\nHM-CLAW-16,abc\nHm-Claw-16;30',
    );
    expect(entries.map((entry) => entry.lines.map((line) => line.lineNumber))).toEqual([
      [1, 3, 5],
      [2],
      [4],
    ]);
    const [hammerRow] = entries;
    // 60 and 70 alone are below the minimum of 100; together with 30, 160 is allowed.
    expect(hammerRow).toMatchObject({ sku: 'HM-CLAW-16', quantity: 160 });
    expect(hammerRow?.verdict).toMatchObject({ ok: true, lineTotal: 2078.4 });
    expect(texts.quickOrder.merged([1, 3, 5], 160)).toBe(
      'Same SKU on lines 1, 3 and 5: merged, 160 in all.',
    );
  });

  it('keeps the order of the lines, each row where its first line was', () => {
    const entries = checkText('B-1 5\nHM-CLAW-16 150\nB-1 6\nPL-SLIP-8 x');
    expect(entries.map((entry) => [entry.sku, entry.quantity])).toEqual([
      ['B-1', 11],
      ['HM-CLAW-16', 150],
      ['PL-SLIP-8', null],
    ]);
  });

  it('checks 500 lines of 500 SKUs against a catalog of 500 tools, each right', () => {
    const tools: QuickOrderTool[] = Array.from({ length: 500 }, (_, index) => ({
      ...hammer,
      _id: `tool-${index}`,
      sku: `SKU-${index}`,
    }));
    const text = tools.map((tool, index) => `${tool.sku} ${index % 2 === 0 ? 150 : 50}`).join('\n');
    const entries = checkQuickOrder(parseQuickOrder(text), tools);
    expect(entries).toHaveLength(500);
    expect(goodQuickOrderEntries(entries).map((entry) => entry.verdict.toolId)).toEqual(
      tools.filter((_, index) => index % 2 === 0).map((tool) => tool._id),
    );
  });
});

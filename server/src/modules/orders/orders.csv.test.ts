import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  checkoutReference,
  CreateToolResponseSchema,
  type Order,
  orderReference,
  texts,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { payOrder } from '../../testing/payments.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import type { App } from '../../app.ts';
import { createOrdersCsv, ORDERS_CSV_OPTIONS } from './orders-csv.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { orders } from './orders.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { checkoutCharges } from '../checkouts/checkout-charges.ts';

const csvTexts = texts.manageOrders.csv;
const HEADER = Object.values(csvTexts.columns);
const BOM = '\uFEFF';
const { order: ORDER, checkout: CHECKOUT, line: LINE } = csvTexts.records;

type Column = keyof typeof csvTexts.columns;
const COLUMNS = Object.keys(csvTexts.columns) as Column[];

/** Where a column is in a record. */
function columnIndex(column: Column): number {
  return COLUMNS.indexOf(column);
}

/** A record as the file has it, from the cells it fills (every other one empty). */
function cells(filled: Partial<Record<Column, string>>): string[] {
  return COLUMNS.map((column) => filled[column] ?? '');
}

function exportCsv(app: App, account: TestAccount | undefined) {
  return app.inject({
    url: '/api/manageOrders.csv',
    headers: account ? bearer(account.token) : {},
  });
}

/** The file's records, parsed back as RFC 4180 has them (CRLF, quotes doubled), BOM first. */
function recordsOf(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body, { bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

/** A tool name as the export writes it, read back from its one record. */
function toolCellAsWritten(name: string): string | undefined {
  const written = stringify([{ tool: name }], { ...ORDERS_CSV_OPTIONS, bom: false, header: false });
  const records: string[][] = parse(written, { record_delimiter: '\r\n' });
  return records[0]?.[ORDERS_CSV_OPTIONS.columns.findIndex(({ key }) => key === 'tool')];
}

describe('the export neutralises formulas', () => {
  it('prefixes a single quote to text that starts like a formula, and leaves the rest', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1']) {
      expect(toolCellAsWritten(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['', 'Claw hammer', 'a=b', ' =1', "'=1", 'x@example.com']) {
      expect(toolCellAsWritten(cell)).toBe(cell);
    }
  });
});

const itExports = appTest({ config: UNCAPPED_ORDERS, customerName: 'Ada Lovelace' })
  .extend('removedCustomer', { scope: 'file' }, ({ app }) => signUpTestAccount(app))
  // $19.99 each; a name that needs quoting: a comma, a quote and a line break.
  .extend('awkwardTool', { scope: 'file' }, ({ app }) =>
    createTestTool(app, { name: 'Saw, "fine"\ncut', priceCents: 1999, availableQuantity: 100_000 }),
  );

describe('Export CSV: GET /api/manageOrders.csv', () => {
  itExports('answers 401 without a token and 403 to a customer', async ({ app, customer }) => {
    expectError(await exportCsv(app, undefined), 401, texts.identityErrors.notSignedIn);
    expectError(await exportCsv(app, customer), 403, texts.identityErrors.adminsOnly);
  });

  itExports(
    'streams every order as an attachment: header row, then an order record per one-line checkout, newest first',
    async ({ app, customer, removedCustomer, admin, awkwardTool }) => {
      // An admin adds a tool whose name a spreadsheet would run as a formula.
      const added = await app.inject({
        method: 'POST',
        url: '/api/tool',
        headers: bearer(admin.token),
        payload: {
          name: '=HYPERLINK("x")',
          desc: 'A name that must not run.',
          img: '/images/tools/claw-hammer.svg',
          price: 12.5,
          minOrderQuantity: 1,
          availableQuantity: 1000,
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      const formulaTool = CreateToolResponseSchema.parse(added.json()).tool;

      const unpaid = await placeTestOrder(app, customer, awkwardTool, { quantity: 25 });
      const paid = await payOrder(
        app,
        customer,
        await placeTestOrder(
          app,
          customer,
          { id: formulaTool._id, name: formulaTool.name },
          // A phone a spreadsheet would read as a formula: quoted like the other text cells.
          { quantity: 3, address: '1 Mill Road, Leeds', phone: '+44 113 496 0000' },
        ),
      );
      // Issue 26: a PO number a spreadsheet would run, as a checkout's buyer may type it (set on
      // the row: POST /order places a checkout without one).
      await app.database.db
        .update(orders)
        .set({ poNumber: '-PO 4711' })
        .where(eq(orders.id, paid._id));
      const orphaned = await placeTestOrder(app, removedCustomer, awkwardTool, { quantity: 30 });
      const removal = await app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(removedCustomer.email)}`,
        headers: bearer(admin.token),
      });
      expect(removal.statusCode, removal.body).toBe(200);

      const before = new Date().toISOString().slice(0, 10);
      const response = await exportCsv(app, admin);
      const after = new Date().toISOString().slice(0, 10);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const disposition = String(response.headers['content-disposition']);
      expect([before, after].map((day) => `attachment; filename="orders-${day}.csv"`)).toContain(
        disposition,
      );
      // RFC 4180: every record ends with CRLF, the awkward name's line break stays inside quotes.
      expect(response.body.endsWith('\r\n')).toBe(true);
      expect(response.body).toContain('"Saw, ""fine""\ncut"');

      const [header, ...rows] = recordsOf(response.body);
      expect(header).toEqual(HEADER);
      const row = (order: Order) => [
        ORDER,
        order.createdAt,
        orderReference(order._id),
        order.email,
        order.name,
        String(order.quantity),
      ];
      // Issue 25: the customer's name (empty once the account was removed), address and phone;
      // issue 26: the SKU the order was placed with, its checkout's reference and PO number.
      const defaultAddress = '12 Forge Lane, Sheffield';
      const checkoutOf = (order: Order) => [order.sku, checkoutReference(order.checkoutId)];
      const charged = (total: string) => ['0.00', '0.00', total, 'included'];
      expect(orphaned.sku).toBe(awkwardTool.sku);
      expect(rows).toEqual([
        [
          ...row(orphaned),
          '19.99',
          '599.70',
          'unpaid',
          '',
          csvTexts.no,
          '',
          defaultAddress,
          '',
          ...checkoutOf(orphaned),
          '',
          // Issue 42: no checkout summary on an order record; none of it shipped.
          '',
          '0',
          '0.00',
          // Issue 45: its shipping (none charged), its tax (none at 0 %), what it was charged.
          ...charged('599.70'),
        ],
        [
          ORDER,
          paid.createdAt,
          orderReference(paid._id),
          paid.email,
          `'=HYPERLINK("x")`,
          '3',
          '12.50',
          '37.50',
          'paid',
          paid.transectionId,
          csvTexts.no,
          'Ada Lovelace',
          '1 Mill Road, Leeds',
          "'+44 113 496 0000",
          formulaTool.sku,
          paid.checkoutReference,
          "'-PO 4711",
          '',
          '0',
          '0.00',
          ...charged('37.50'),
        ],
        [
          ...row(unpaid),
          '19.99',
          '499.75',
          'unpaid',
          '',
          csvTexts.no,
          'Ada Lovelace',
          defaultAddress,
          '',
          ...checkoutOf(unpaid),
          '',
          '',
          '0',
          '0.00',
          ...charged('499.75'),
        ],
      ]);
      // Each order placed on its own is a checkout of its own.
      expect(new Set([orphaned, paid, unpaid].map((order) => order.checkoutId)).size).toBe(3);
      expect(paid.transectionId).toMatch(/\S/);
    },
  );
});

const itExportsMany = appTest({ tool: { priceCents: 1, availableQuantity: 100_000 } });

describe('Export CSV of many orders', () => {
  itExportsMany(
    'pages through the database without losing or repeating an order, even within one millisecond, nor splitting a checkout a page ends in',
    async ({ app, admin, tool }) => {
      // 1,234 orders a microsecond apart (pages of 500 end inside a millisecond), each a checkout
      // of its own, and a quantity that gives each its place in the file: the newest has the
      // largest. But the 731st to 736th oldest are the lines of one checkout, placed together as
      // a checkout's lines are (at one time, a tool each): the first page of 500 ends inside it.
      const count = 1234;
      const grouped = { first: 730, last: 735 };
      const inGroup = (index: number) => index >= grouped.first && index <= grouped.last;
      const lineTools = await Promise.all(
        Array.from({ length: grouped.last - grouped.first + 1 }, () =>
          createTestTool(app, { priceCents: 1, availableQuantity: 100_000 }),
        ),
      );
      const toolOf = (index: number) => (inGroup(index) ? lineTools[index - grouped.first]! : tool);
      const placedAt = (index: number) => (inGroup(index) ? grouped.first : index);
      const checkoutRows = await app.database.db
        .insert(checkouts)
        .values(
          Array.from({ length: count }, (_, index) => ({
            email: `bulk-${index}@example.com`,
            address: 'Bulk Street',
          })),
        )
        .returning({ id: checkouts.id });
      const checkoutOf = (index: number) =>
        checkoutRows[inGroup(index) ? grouped.first : index]!.id;
      const rows = Array.from({ length: count }, (_, index) => ({
        checkoutId: checkoutOf(index),
        email: `bulk-${index}@example.com`,
        toolId: toolOf(index).id,
        toolName: toolOf(index).name,
        toolImage: toolOf(index).image,
        unitPriceCents: 1,
        quantity: index + 1,
        address: 'Bulk Street',
        createdAt: sql`timestamptz '2026-01-02T03:04:05.000000Z' + make_interval(secs => ${placedAt(index)}::int / 1000000.0)`,
      }));
      await app.database.db.insert(orders).values(rows);

      const response = await exportCsv(app, admin);
      expect(response.statusCode).toBe(200);
      const [, ...records] = recordsOf(response.body);
      // The checkout in its place among the orders: its head (no quantity), then its lines in
      // the buyer's order (inserted here without line numbers, at one time: by tool).
      const expected: string[][] = [];
      for (let index = count - 1; index >= 0; index -= 1) {
        if (!inGroup(index)) expected.push([ORDER, String(index + 1)]);
        else if (index === grouped.last) {
          expected.push([CHECKOUT, '']);
          const lines = Array.from({ length: lineTools.length }, (_, line) => grouped.first + line);
          lines.sort((a, b) => toolOf(a).id.localeCompare(toolOf(b).id));
          expected.push(...lines.map((line) => [LINE, String(line + 1)]));
        }
      }
      expect(
        records.map((record) => [record[columnIndex('record')], record[columnIndex('quantity')]]),
      ).toEqual(expected);
      // 731 + 732 + ... + 736 cents.
      const head = records.find((record) => record[columnIndex('record')] === CHECKOUT);
      expect(head?.[columnIndex('total')]).toBe('44.01');
    },
  );
});

const itExportsCheckouts = appTest({ config: UNCAPPED_ORDERS, customerName: 'Grace Hopper' });
// An app of its own: the test counts every record of the file.
const itPagesCheckouts = appTest({ config: UNCAPPED_ORDERS });

/** The file as the export streams it when it reads `pageSize` orders at a time. */
async function exportWithPages(app: App, pageSize: number): Promise<string> {
  const csv = createOrdersCsv({
    db: app.database.db,
    now: () => new Date(),
    identity: app.identity,
    charges: checkoutCharges,
    pageSize,
  });
  // As bytes: a text decoder would drop the byte order mark.
  return (await buffer(csv.stream())).toString('utf8');
}

/**
 * The file's records as entries (issue 42), checking their shape: an 'order' record on its own,
 * or a 'checkout' record followed by at least two 'line' records of that checkout; and no
 * checkout in two entries.
 */
function entriesOf(records: readonly string[][]): string[][][] {
  const entries: string[][][] = [];
  for (const record of records) {
    const kind = record[columnIndex('record')];
    if (kind === LINE) entries.at(-1)?.push(record);
    else entries.push([record]);
    expect([ORDER, CHECKOUT, LINE]).toContain(kind);
  }
  const references = entries.map((entry) => {
    const [head, ...lines] = entry;
    const reference = head?.[columnIndex('checkoutReference')];
    expect(head?.[columnIndex('record')]).toBe(lines.length === 0 ? ORDER : CHECKOUT);
    expect(lines.length).not.toBe(1);
    for (const line of lines) expect(line[columnIndex('checkoutReference')]).toBe(reference);
    return reference;
  });
  expect(new Set(references).size).toBe(references.length);
  return entries;
}

describe('Export CSV of checkouts of several lines (issue 42)', () => {
  itExportsCheckouts(
    'writes such a checkout as one checkout record with its lines underneath, a one-line checkout as an order record',
    async ({ app, customer, admin, tool }) => {
      const older = await placeTestOrder(app, customer, tool, { quantity: 11 });
      // Prices and quantities whose totals add up to the cent: 59.97 + 23.31 + 246.90.
      const [hammer, chisel, saw] = await Promise.all(
        [1999, 333, 12_345].map((priceCents) =>
          createTestTool(app, { priceCents, minOrderQuantity: 1, availableQuantity: 1000 }),
        ),
      );
      const checkout = await placeTestCheckout(
        app,
        customer,
        [
          { tool: hammer!, quantity: 3 },
          { tool: chisel!, quantity: 7 },
          { tool: saw!, quantity: 2 },
        ],
        { address: '3 Loom Street, Bradford', phone: '01274 496 000', poNumber: 'PO-2291' },
      );
      const { transectionId } = await payCheckout(app, customer, checkout);
      const lineOf = (toolId: string) => checkout.lines.find((line) => line.toolId === toolId)!;
      // The hammers ship whole, four of the seven chisels, no saw yet.
      const shipment = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${checkout._id}/shipments`,
        payload: {
          lines: [
            { orderId: lineOf(hammer!.id)._id },
            { orderId: lineOf(chisel!.id)._id, quantity: 4 },
          ],
        },
      });
      expect(shipment.statusCode, shipment.body).toBe(201);
      const newer = await placeTestOrder(app, customer, tool, { quantity: 12 });

      const response = await exportCsv(app, admin);
      expect(response.statusCode).toBe(200);
      const [header, ...records] = recordsOf(response.body);
      expect(header).toEqual(HEADER);
      expect(header?.slice(0, 1)).toEqual([csvTexts.columns.record]);
      expect(header?.slice(-7)).toEqual([
        csvTexts.columns.shipped,
        csvTexts.columns.shippedQuantity,
        csvTexts.columns.refunded,
        csvTexts.columns.shipping,
        csvTexts.columns.tax,
        csvTexts.columns.charged,
        csvTexts.columns.taxMode,
      ]);

      const orderRecord = (order: Order, total: string) =>
        cells({
          record: ORDER,
          date: order.createdAt,
          reference: order.reference,
          customer: customer.email,
          tool: order.name,
          quantity: String(order.quantity),
          unitPrice: '19.99',
          total,
          status: 'unpaid',
          madeToOrder: csvTexts.no,
          customerName: 'Grace Hopper',
          address: '12 Forge Lane, Sheffield',
          sku: tool.sku,
          checkoutReference: order.checkoutReference,
          shippedQuantity: '0',
          refunded: '0.00',
          // Issue 45: no shipping charged, tax included at 0 %.
          shipping: '0.00',
          tax: '0.00',
          charged: total,
          taxMode: 'included',
        });
      const lineRecord = (
        toolId: string,
        figures: { unitPrice: string; total: string; status: string; shippedQuantity: string },
      ) => {
        const line = lineOf(toolId);
        return cells({
          record: LINE,
          reference: line.reference,
          tool: line.name,
          sku: line.sku,
          quantity: String(line.quantity),
          madeToOrder: csvTexts.no,
          checkoutReference: checkout.reference,
          refunded: '0.00',
          tax: '0.00',
          charged: figures.total,
          taxMode: 'included',
          ...figures,
        });
      };
      // The lines share their checkout's placing time; they are listed as the checkout lists
      // them (in the buyer's order).
      expect(new Set(checkout.lines.map((line) => line.createdAt))).toEqual(
        new Set([checkout.createdAt]),
      );
      const lines = new Map([
        [
          hammer!.id,
          lineRecord(hammer!.id, {
            unitPrice: '19.99',
            total: '59.97',
            status: 'shipped',
            shippedQuantity: '3',
          }),
        ],
        [
          chisel!.id,
          lineRecord(chisel!.id, {
            unitPrice: '3.33',
            total: '23.31',
            status: 'partly_shipped',
            shippedQuantity: '4',
          }),
        ],
        [
          saw!.id,
          lineRecord(saw!.id, {
            unitPrice: '123.45',
            total: '246.90',
            status: 'paid',
            shippedQuantity: '0',
          }),
        ],
      ]);
      expect(records).toEqual([
        orderRecord(newer, '239.88'),
        cells({
          record: CHECKOUT,
          date: checkout.createdAt,
          customer: customer.email,
          total: '330.18',
          status: 'partly_shipped',
          transactionId: transectionId,
          customerName: 'Grace Hopper',
          address: '3 Loom Street, Bradford',
          phone: '01274 496 000',
          checkoutReference: checkout.reference,
          poNumber: 'PO-2291',
          shipped: '1 of 3',
          refunded: '0.00',
          shipping: '0.00',
          tax: '0.00',
          charged: '330.18',
          taxMode: 'included',
        }),
        ...checkout.lines.map((line) => lines.get(line.toolId)),
        orderRecord(older, '219.89'),
      ]);
      expect(entriesOf(records).map((entry) => entry.length)).toEqual([1, 4, 1]);
    },
  );

  itPagesCheckouts(
    'keeps every checkout whole and in its place wherever a page of orders ends, two checkouts of the same microsecond too',
    async ({ app, customer, admin, tool }) => {
      const [first, second, third] = await Promise.all(
        [1, 2, 3].map(() => createTestTool(app, { minOrderQuantity: 1, availableQuantity: 1000 })),
      );
      await placeTestCheckout(app, customer, [
        { tool: first!, quantity: 2 },
        { tool: second!, quantity: 3 },
        { tool: third!, quantity: 4 },
      ]);
      await placeTestOrder(app, customer, tool, { quantity: 11 });
      // Two checkouts of two lines placed in the same microsecond, whose orders' ids alternate
      // between them: ordered by date and id alone their lines would interleave.
      const sameTime = new Date('2026-01-02T03:04:05.123Z');
      const [low, high] = ['10000000', '20000000'].map(
        (prefix) => `${prefix}-0000-4000-8000-000000000000`,
      );
      await app.database.db
        .insert(checkouts)
        .values([low!, high!].map((id) => ({ id, email: customer.email, address: 'Same Street' })));
      const orderId = (last: number) => `00000000-0000-4000-8000-00000000000${last}`;
      const line = (id: string, checkoutId: string, lineTool: typeof tool) => ({
        id,
        checkoutId,
        userId: customer.userId,
        email: customer.email,
        toolId: lineTool.id,
        toolName: lineTool.name,
        toolImage: lineTool.image,
        unitPriceCents: lineTool.priceCents,
        quantity: 2,
        address: 'Same Street',
        createdAt: sameTime,
      });
      await app.database.db
        .insert(orders)
        .values([
          line(orderId(4), low!, first!),
          line(orderId(3), high!, first!),
          line(orderId(2), low!, second!),
          line(orderId(1), high!, second!),
        ]);

      const response = await exportCsv(app, admin);
      expect(response.statusCode).toBe(200);
      const [, ...records] = recordsOf(response.body);
      const entries = entriesOf(records);
      // The two of the same time last (the oldest), the higher id first, as Manage Orders lists
      // them; each one's lines in the buyer's order (without line numbers, at one time: by tool).
      const byTool = [first!, second!].sort((a, b) => a.id.localeCompare(b.id));
      const toolIds = (entry: string[][] | undefined) =>
        entry?.slice(1).map((record) => record[columnIndex('tool')]);
      expect(
        entries.slice(-2).map((entry) => entry[0]?.[columnIndex('checkoutReference')]),
      ).toEqual([checkoutReference(high!), checkoutReference(low!)]);
      expect(entries.slice(-2).map(toolIds)).toEqual([
        byTool.map(({ name }) => name),
        byTool.map(({ name }) => name),
      ]);
      expect(entries.map((entry) => entry.length)).toEqual([1, 4, 3, 3]);
      // Unpaid: no shipped summary, as Manage Orders shows none ('0 of 0' lines sold).
      const unpaidHead = entries[1]?.[0];
      expect(unpaidHead?.[columnIndex('status')]).toBe('unpaid');
      expect(unpaidHead?.[columnIndex('shipped')]).toBe('');

      // Whatever page size, down to one order a page, the same file: a checkout a page ends in
      // is written once, whole, when its last line is read.
      const orderCount = records.filter(
        (record) => record[columnIndex('record')] !== CHECKOUT,
      ).length;
      expect(orderCount).toBe(1 + 3 + 2 + 2);
      for (let pageSize = 1; pageSize <= orderCount + 1; pageSize += 1) {
        expect(await exportWithPages(app, pageSize), `pages of ${pageSize}`).toBe(response.body);
      }
    },
  );
});

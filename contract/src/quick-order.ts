import { cartTexts } from './cart-texts.ts';
import { isQuantityAllowed, orderTotal } from './order-rules.ts';
import { unitPriceFor, type PriceBreak } from './price-break-rules.ts';
import { quickOrderTexts } from './quick-order-texts.ts';
import { SKU_MAX_LENGTH, skuKey } from './sku.ts';

/** The largest file quick order reads: a CSV of thousands of lines is far below it. */
export const MAX_QUICK_ORDER_BYTES = 5 * 1024 * 1024;

/** The CSV template the page offers: the header and two demo tools' lines. */
export const QUICK_ORDER_TEMPLATE = 'sku,quantity\r\nHM-CLAW-16,150\r\nPL-SLIP-8,200\r\n';

/** One non-blank line of what was pasted or uploaded, cut into its SKU and its quantity. */
export interface QuickOrderLine {
  /** Where it is, from 1, counting blank lines and the header: what the buyer sees in an editor. */
  lineNumber: number;
  /** The line as it was written (without its line break). */
  raw: string;
  /** The first cell, trimmed (may be anything: it is checked, not trusted). */
  sku: string;
  /** The second cell, trimmed, its thousands' commas taken out ('' when the line has none). */
  quantity: string;
  /** How many cells the line has: more than two is a problem (a '1 500' or '1,500'). */
  cellCount: number;
}

/** Commas, semicolons, tabs and spaces: any run of them separates two cells. */
const SEPARATOR = /[,;\t ]/;
const SEPARATORS = /[,;\t ]+/;

/**
 * A line's cells: separated by any run of separators; a cell may be quoted as CSV writes it
 * ("HM-CLAW-16", with "" for a quote inside), and then holds separators as they are.
 */
function cellsOf(line: string): string[] {
  // Most lines quote nothing: one split (a file of 300,000 lines parses in a fifth of the time).
  if (!line.includes('"')) return line.split(SEPARATORS).filter((cell) => cell !== '');
  const cells: string[] = [];
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (SEPARATOR.test(char)) {
      at++;
      continue;
    }
    if (char === '"') {
      let cell = '';
      at++;
      while (at < line.length) {
        if (line[at] === '"') {
          if (line[at + 1] === '"') {
            cell += '"';
            at += 2;
            continue;
          }
          at++;
          break;
        }
        cell += line[at];
        at++;
      }
      cells.push(cell.trim());
      continue;
    }
    let end = at;
    while (end < line.length && !SEPARATOR.test(line[end]!)) end++;
    cells.push(line.slice(at, end));
    at = end;
  }
  return cells;
}

/**
 * A header's first cell: 'sku', 'SKU', 'Item', 'part_number', 'Product' ... a word, never a SKU
 * (those have digits or dashes: 'PART-1' with a wrong quantity is a line to fix, not a header).
 */
const HEADER_FIRST_CELL = /^(sku|item|part|product|article|code)[a-z_#.]*$/i;
const NUMBER_CELL = /^[+-]?[0-9.,e]+$/i;

function isHeader(cells: readonly string[]): boolean {
  const [first = '', second = ''] = cells;
  return HEADER_FIRST_CELL.test(first) && !NUMBER_CELL.test(second);
}

/** A whole number with its thousands grouped by commas, as a spreadsheet writes '1,000'. */
const GROUPED_THOUSANDS = /^\d{1,3}(,\d{3})+$/;

/**
 * A quantity cell as the buyer meant it: '1,000' (a CSV's quoted cell, commas inside) is 1000;
 * anything else as it is ('1,50' stays, and is no whole number).
 */
function quantityOf(cell: string): string {
  return GROUPED_THOUSANDS.test(cell) ? cell.replaceAll(',', '') : cell;
}

/** A row that holds something besides separators: what parseQuickOrder keeps. */
const FILLED_ROW = /[^,;\t \uFEFF]/;

/**
 * How many rows of the text hold something (blank rows, and rows of separators only, are not
 * counted, as parseQuickOrder skips them), found without parsing any: quick order refuses a text
 * of more rows than a cart can take before it parses and checks them (a paste of 50,000 lines
 * blocked the buyer's tab for 7 s).
 */
export function countQuickOrderRows(text: string): number {
  let count = 0;
  for (const row of text.split(/\r\n|\n|\r/)) if (FILLED_ROW.test(row)) count++;
  return count;
}

/**
 * Pasted lines or a CSV file's text, cut into lines of a SKU and a quantity: one line per row
 * (\n or \r\n), blank lines skipped, a header row skipped when the first row has one (a first
 * cell like 'sku' and a second that is no number). Nothing is judged here: checkQuickOrder does.
 */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  // A spreadsheet's CSV may start with a byte-order mark.
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: QuickOrderLine[] = [];
  let firstRow = true;
  rows.forEach((raw, index) => {
    const cells = cellsOf(raw);
    if (cells.length === 0) return;
    if (firstRow) {
      firstRow = false;
      if (isHeader(cells)) return;
    }
    lines.push({
      lineNumber: index + 1,
      raw,
      sku: cells[0] ?? '',
      quantity: quantityOf(cells[1] ?? ''),
      cellCount: cells.length,
    });
  });
  return lines;
}

/** What quick order needs of a catalog's tool (GET /api/parts gives all of it). */
export interface QuickOrderTool {
  _id: string;
  sku: string;
  name: string;
  price: number;
  priceBreaks: readonly PriceBreak[];
  minOrderQuantity: number;
  availableQuantity: number;
}

/** Why a row cannot go to the cart as it is. */
export const QUICK_ORDER_PROBLEMS = [
  'skuTooLong',
  'tooManyCells',
  'noQuantity',
  'notWholeNumber',
  'unknownSku',
  'belowMinimum',
  'aboveAvailable',
] as const;
export type QuickOrderProblem = (typeof QUICK_ORDER_PROBLEMS)[number];

/** A row the cart should take: the tool, and what the quantity costs today. */
export interface GoodQuickOrderVerdict {
  ok: true;
  toolId: string;
  /** The catalog's spelling of the SKU. */
  sku: string;
  name: string;
  /** The unit price the quantity reaches (its price break's, else the list price), in dollars. */
  unitPrice: number;
  lineTotal: number;
}

export interface BadQuickOrderVerdict {
  ok: false;
  problem: QuickOrderProblem;
  /** The problem in the buyer's words. */
  message: string;
  /** The tool, when the SKU is known (the problem is then its quantity). */
  name: string | null;
}

/** One row of the checked order: a line, or several lines of the same SKU merged. */
export interface QuickOrderEntry {
  /** The lines it comes from, in order (more than one: merged, quantities summed). */
  lines: QuickOrderLine[];
  /** The SKU as the first of them wrote it. */
  sku: string;
  /** The quantities summed; null when a line's quantity is no whole number. */
  quantity: number | null;
  verdict: GoodQuickOrderVerdict | BadQuickOrderVerdict;
}

const WHOLE_NUMBER = /^[0-9]+$/;

function badEntry(
  lines: QuickOrderLine[],
  problem: QuickOrderProblem,
  message: string,
  quantity: number | null = null,
  name: string | null = null,
): QuickOrderEntry {
  return { lines, sku: lines[0]!.sku, quantity, verdict: { ok: false, problem, message, name } };
}

/** The problem of one line read alone (its shape), or null when its SKU and quantity can be read. */
function lineProblem(line: QuickOrderLine): QuickOrderEntry | null {
  const words = quickOrderTexts.verdicts;
  if (line.sku.length > SKU_MAX_LENGTH) {
    return badEntry([line], 'skuTooLong', words.skuTooLong(SKU_MAX_LENGTH, line.sku.length));
  }
  if (line.cellCount > 2) return badEntry([line], 'tooManyCells', words.tooManyCells);
  if (line.quantity === '') return badEntry([line], 'noQuantity', words.noQuantity);
  if (!WHOLE_NUMBER.test(line.quantity)) {
    return badEntry([line], 'notWholeNumber', words.notWholeNumber(line.quantity));
  }
  return null;
}

/** The verdict on a SKU's summed quantity: the purchase rule against the tool as the catalog has it. */
function verdictFor(
  lines: QuickOrderLine[],
  tool: QuickOrderTool,
  quantity: number,
): QuickOrderEntry {
  if (!isQuantityAllowed(quantity, tool)) {
    return quantity <= tool.minOrderQuantity
      ? badEntry(
          lines,
          'belowMinimum',
          cartTexts.problems.belowMinimum(tool.minOrderQuantity),
          quantity,
          tool.name,
        )
      : badEntry(
          lines,
          'aboveAvailable',
          cartTexts.problems.aboveAvailable(tool.availableQuantity),
          quantity,
          tool.name,
        );
  }
  const unitPrice = unitPriceFor(tool, quantity);
  return {
    lines,
    sku: lines[0]!.sku,
    quantity,
    verdict: {
      ok: true,
      toolId: tool._id,
      sku: tool.sku,
      name: tool.name,
      unitPrice,
      lineTotal: orderTotal(unitPrice, quantity),
    },
  };
}

/**
 * Each line's verdict against the catalog, in the order the lines came: a line that cannot be
 * read (SKU too long, no quantity, a quantity that is no whole number, more than two cells) is
 * a row of its own; the readable lines of one SKU (in any case) become one row with their
 * quantities summed, checked as the sum: unknown SKU, below the minimum, above the stock (the
 * purchase rule, isQuantityAllowed), else the tool with the unit price that quantity reaches.
 * One pass over the lines and a map of the catalog: 500 lines take a few milliseconds.
 */
export function checkQuickOrder(
  lines: readonly QuickOrderLine[],
  catalog: readonly QuickOrderTool[],
): QuickOrderEntry[] {
  const toolsBySku = new Map(catalog.map((tool) => [skuKey(tool.sku), tool]));
  // Each row in place of its first line; a SKU's readable lines gather under one slot.
  const slots: (QuickOrderEntry | QuickOrderLine[])[] = [];
  const linesBySku = new Map<string, QuickOrderLine[]>();
  for (const line of lines) {
    const problem = lineProblem(line);
    if (problem) {
      slots.push(problem);
      continue;
    }
    const key = skuKey(line.sku);
    const sameSku = linesBySku.get(key);
    if (sameSku) {
      sameSku.push(line);
    } else {
      const group = [line];
      linesBySku.set(key, group);
      slots.push(group);
    }
  }
  return slots.map((slot) => {
    if (!Array.isArray(slot)) return slot;
    const tool = toolsBySku.get(skuKey(slot[0]!.sku));
    // Digits only (lineProblem): a sum beyond what a number holds exactly is above any stock.
    const quantity = slot.reduce((sum, line) => sum + Number(line.quantity), 0);
    if (!tool) {
      return badEntry(slot, 'unknownSku', cartTexts.refusals.unknownSku(slot[0]!.sku), quantity);
    }
    return verdictFor(slot, tool, quantity);
  });
}

/** The rows the cart should take. */
export function goodQuickOrderEntries(
  entries: readonly QuickOrderEntry[],
): (QuickOrderEntry & { verdict: GoodQuickOrderVerdict; quantity: number })[] {
  return entries.filter(
    (entry): entry is QuickOrderEntry & { verdict: GoodQuickOrderVerdict; quantity: number } =>
      entry.verdict.ok,
  );
}

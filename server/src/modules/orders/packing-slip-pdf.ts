import { formatCount, serverTexts } from '@tools-factory/contract';
import type { Seller } from '../../config.ts';
import {
  BOLD,
  CELL_PADDING,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  INK,
  PAGE,
  REGULAR,
  cellHeight,
  documentDate,
  drawCell,
  drawFooters,
  drawHeader,
  drawLabel,
  drawParties,
  drawRule,
  drawTableHeader,
  openDocument,
  type Doc,
  type Fact,
} from '../../documents/pdf-document.ts';

const words = serverTexts.packingSlip;

/** A shipment (issue 42) as its packing slip shows it: a parcel of some lines of a checkout. */
export type PackingSlip = {
  /** 'SH-00042' */
  number: string;
  /** 'CO-3F2A9C1B' */
  checkoutReference: string;
  /** The buyer's purchase order number; '' when none. */
  poNumber: string;
  shippedAt: Date;
  carrier: string | null;
  trackingNumber: string | null;
  /** Where the parcel goes; `address` is free text, its lines apart. */
  shipTo: { email: string; address: string; phone: string };
  /** What is in this parcel. */
  lines: SlipLine[];
  /** What of the checkout is still to ship in a later parcel (empty when this one completes it). */
  stillToCome: SlipLine[];
};

type SlipLine = { sku: string; name: string; quantity: number };

/**
 * The table's columns: the item takes what the SKU and the quantity leave. No price columns: the
 * slip goes in the box, and whoever unpacks it may not be whoever paid.
 */
const COLUMNS = (() => {
  // Wider than the invoice's SKU column (nothing else competes for the width), so that the
  // longer SKUs a picker reads stay on one line; 'Quantity' and '1,000,000' fit theirs.
  const sku = 110;
  const quantity = 72;
  const item = CONTENT_WIDTH - sku - quantity;
  const x = PAGE.margin;
  return {
    sku: { x, width: sku },
    item: { x: x + sku, width: item },
    quantity: { x: x + sku + item, width: quantity },
  };
})();

const HEADINGS = [
  { column: COLUMNS.sku, text: words.columns.sku, align: 'left' },
  { column: COLUMNS.item, text: words.columns.item, align: 'left' },
  { column: COLUMNS.quantity, text: words.columns.quantity, align: 'right' },
] as const;

/** The shaded header row of the tables, as drawTableHeader draws it, with its gap below. */
const HEADER_HEIGHT = 30;
/** The units' total, its rule and the closing sentence under the table's last row (72 drawn). */
const TOTAL_HEIGHT = 80;

/**
 * The packing slip of a shipment as a PDF (A4), in the invoices' look (documents/pdf-document.ts):
 * the shipment's facts, from whom and to whom, the lines in the parcel and their units, then what
 * is still to come or that nothing is. Dated by the shipment, so the same shipment gives the same
 * file.
 */
export async function packingSlipPdf(slip: PackingSlip, seller: Seller): Promise<Buffer> {
  const { doc, done } = await openDocument({
    Title: `${words.title} ${slip.number}`,
    Author: seller.name,
    Subject: `${words.checkout} ${slip.checkoutReference}`,
    CreationDate: slip.shippedAt,
  });
  drawHeader(doc, { sellerName: seller.name, title: words.title, facts: factsOf(slip) });
  drawParties(
    doc,
    { label: words.from, lines: [seller.name, ...seller.addressLines] },
    { label: words.shipTo, lines: shipToLines(slip.shipTo) },
  );
  const tableEnd = drawTable(doc, slip.lines, doc.y, TOTAL_HEIGHT);
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  const totalEnd = drawUnitsTotal(doc, units, tableEnd);
  if (slip.stillToCome.length > 0) drawStillToCome(doc, slip.stillToCome, totalEnd + 28);
  else {
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(words.nothingToCome, PAGE.margin, totalEnd + 28, { width: CONTENT_WIDTH });
  }
  // The shipment's number on every page: a page that strays from the others still says whose it is.
  drawFooters(doc, `${seller.name} · ${words.shipment} ${slip.number}`, words.pageNumber);
  doc.end();
  return done;
}

function factsOf(slip: PackingSlip): Fact[] {
  const facts: Fact[] = [
    [words.shipment, slip.number],
    [words.checkout, slip.checkoutReference],
  ];
  if (slip.poNumber.trim() !== '') facts.push([words.poNumber, slip.poNumber]);
  facts.push([words.shippedOn, documentDate.format(slip.shippedAt)]);
  if (slip.carrier) facts.push([words.carrier, slip.carrier]);
  if (slip.trackingNumber) facts.push([words.trackingNumber, slip.trackingNumber]);
  return facts;
}

/** The address's lines (its first, usually the recipient, in bold), the phone, the e-mail. */
function shipToLines(shipTo: PackingSlip['shipTo']): string[] {
  return [
    ...shipTo.address.split(/\r?\n/),
    shipTo.phone.trim() === '' ? '' : words.phone(shipTo.phone.trim()),
    shipTo.email,
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** How tall a line's row is: its longest cell, wrapped, in the fonts drawRow draws it with. */
function rowHeight(doc: Doc, line: SlipLine): number {
  doc.font(REGULAR).fontSize(9);
  const sku = cellHeight(doc, COLUMNS.sku, line.sku);
  doc.font(REGULAR).fontSize(10);
  const name = cellHeight(doc, COLUMNS.item, line.name);
  const quantity = cellHeight(doc, COLUMNS.quantity, formatCount(line.quantity));
  return Math.max(sku, name, quantity);
}

function drawRow(doc: Doc, line: SlipLine, top: number): void {
  doc.font(REGULAR).fontSize(9).fillColor(INK);
  drawCell(doc, COLUMNS.sku, line.sku, top, 'left');
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  drawCell(doc, COLUMNS.item, line.name, top, 'left');
  drawCell(doc, COLUMNS.quantity, formatCount(line.quantity), top, 'right');
}

/**
 * The lines as a table from `top`, a page more whenever a row does not fit (the header again on
 * top); the last row keeps `keepWithLast` points below it on its page, so that what closes the
 * table (the total) never stands alone on a page. Answers where the last row's rule is.
 */
function drawTable(
  doc: Doc,
  lines: readonly SlipLine[],
  top: number,
  keepWithLast: number,
): number {
  const [first] = lines;
  const firstRow = first ? rowHeight(doc, first) + (lines.length === 1 ? keepWithLast : 0) : 0;
  // A header row with no line under it on its page would head nothing: both start the next.
  const headerTop = top + HEADER_HEIGHT + firstRow > CONTENT_BOTTOM ? newPage(doc) : top;
  let rowTop = drawTableHeader(doc, headerTop, HEADINGS);
  let end = rowTop;
  lines.forEach((line, index) => {
    const height = rowHeight(doc, line);
    const last = index === lines.length - 1;
    if (rowTop + height + (last ? keepWithLast : 0) > CONTENT_BOTTOM && index > 0) {
      rowTop = drawTableHeader(doc, newPage(doc), HEADINGS);
    }
    drawRow(doc, line, rowTop);
    end = rowTop + height + 8;
    drawRule(doc, end);
    rowTop = end + 8;
  });
  return end;
}

/**
 * 'Units in this parcel' and their count under the quantities, ruled as an invoice's total. A
 * count wider than the quantity column (bold, larger) takes room from the label's side instead of
 * wrapping.
 */
function drawUnitsTotal(doc: Doc, units: number, tableEnd: number): number {
  const top = tableEnd + 12;
  const right = PAGE.width - PAGE.margin;
  const count = formatCount(units);
  doc.font(BOLD).fontSize(12).fillColor(INK);
  const countColumn = (() => {
    const width = Math.max(COLUMNS.quantity.width, doc.widthOfString(count) + 2 * CELL_PADDING);
    return { x: right - width, width };
  })();
  const labelColumn = { x: PAGE.margin, width: countColumn.x - PAGE.margin };
  drawCell(doc, labelColumn, words.totalUnits, top, 'right');
  drawCell(doc, countColumn, count, top, 'right');
  const height = Math.max(
    cellHeight(doc, labelColumn, words.totalUnits),
    cellHeight(doc, countColumn, count),
  );
  const bottom = top + height + 6;
  const left = countColumn.x - 2 * CELL_PADDING - doc.widthOfString(words.totalUnits);
  doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(1.5).strokeColor(INK).stroke();
  return bottom;
}

/** 'Still to come in a later shipment' and those lines, as a table of their own. */
function drawStillToCome(doc: Doc, lines: readonly SlipLine[], top: number): void {
  const [first] = lines;
  // The section's label, the header row and its first line start together, on a new page if
  // need be: a label alone at the foot of a page would announce nothing.
  const needed = 16 + HEADER_HEIGHT + (first ? rowHeight(doc, first) : 0);
  const sectionTop = top + needed > CONTENT_BOTTOM ? newPage(doc) : top;
  const tableTop = drawLabel(doc, words.stillToCome, PAGE.margin, sectionTop, CONTENT_WIDTH);
  drawTable(doc, lines, tableTop, 0);
}

/** A page more: answers where its content starts. */
function newPage(doc: Doc): number {
  doc.addPage();
  return PAGE.margin;
}

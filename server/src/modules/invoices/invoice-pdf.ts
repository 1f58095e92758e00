import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { centsToDollars, formatMoney, serverTexts } from '@tools-factory/contract';
import type { Seller } from '../../config.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';
import type { InvoiceLineRow, InvoiceRow } from './invoices.repository.ts';

const words = serverTexts.invoice;
const creditWords = serverTexts.creditNote;
const checkoutWords = serverTexts.checkoutDocuments;

/** A row of a document's table: one order of the checkout, as it was billed. */
export type DocumentLine = Pick<
  InvoiceLineRow,
  'sku' | 'toolName' | 'madeToOrder' | 'quantity' | 'unitPriceCents' | 'totalCents'
>;

/**
 * What an invoice or a credit note shows: its title and facts at the top right, the buyer, a
 * table of its lines (a checkout's orders, issue 26) with the total, and a closing sentence.
 * Both documents are drawn from it, so they look alike.
 */
type OrderDocument = {
  title: string;
  /** The document's number, for the PDF's own title. */
  number: string;
  orderReference: string;
  issuedAt: Date;
  facts: [string, string][];
  buyerLines: string[];
  lines: readonly DocumentLine[];
  totalCents: number;
  totalLabel: string;
  closing: string;
  booking: DocumentBooking;
};

/**
 * What a business needs to book the document beside its row (issue 25): the seller's legal
 * details (SELLER_*, config.ts), the tax rate stored on the order when it was placed (so a later
 * change of TAX_RATE_PERCENT never rewrites it) and the quote the order was placed from.
 */
export type DocumentBooking = {
  seller: Seller;
  taxRateBasisPoints: number;
  quoteReference: string | null;
};

/** The seller's lines under 'Seller': name, address, e-mail, company and VAT numbers. */
function sellerLinesOf(seller: Seller): string[] {
  return [
    seller.name,
    ...seller.addressLines,
    seller.email,
    seller.companyNumber ? words.companyNumber(seller.companyNumber) : '',
    seller.taxNumber ? words.taxNumber(seller.taxNumber) : '',
  ].filter((line) => line.trim() !== '');
}

/** A rate in basis points as a percentage: 2000 is '20', 750 is '7.5', 1225 is '12.25'. */
export function percentOf(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * The tax within a total: prices include it, so of a total T at rate r the tax is
 * T x r / (1 + r), rounded to the cent, and the net amount is what remains.
 */
export function taxWithin(totalCents: number, basisPoints: number): number {
  return Math.round((totalCents * basisPoints) / (10_000 + basisPoints));
}

function buyerLinesOf(buyer: {
  buyerName: string;
  buyerEmail: string;
  buyerAddress: string;
  buyerPhone?: string;
}): string[] {
  return [
    buyer.buyerName,
    buyer.buyerEmail,
    ...buyer.buyerAddress.split(/\r?\n/),
    buyer.buyerPhone ?? '',
  ].filter((line) => line.trim() !== '');
}

/**
 * DejaVu Sans covers Latin, Greek and Cyrillic: a buyer named 'Łódź' or 'Ελένη' prints as
 * written, which the PDF standard fonts (Latin-1 only) cannot do. pdfkit embeds only the glyphs
 * an invoice uses. Read once, on the first invoice.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * pdfkit (with fontkit and its tables) weighs several MB of heap and code in every process that
 * imports it, and only an invoice needs it: loaded on the first invoice, then kept.
 */
let pdfkit: Promise<{ default: typeof PDFDocument }> | undefined;
const loadPdfKit = () => (pdfkit ??= import('pdfkit'));

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

/** A4 in points, with 2 cm margins all round. */
const PAGE = { width: 595.28, height: 841.89, margin: 56.69 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

/** The table's columns: the tool takes what the SKU and the figures leave. */
const COLUMNS = (() => {
  // A SKU of 14 characters stays on one line (longer ones wrap); 'Quantity' fits its bold
  // header; a unit price and a line's amount fit $999,999.99 USD (a card pays less).
  const sku = 88;
  const quantity = 60;
  const unitPrice = 108;
  const amount = 108;
  const tool = CONTENT_WIDTH - sku - quantity - unitPrice - amount;
  const x = PAGE.margin;
  return {
    sku: { x, width: sku },
    tool: { x: x + sku, width: tool },
    quantity: { x: x + sku + tool, width: quantity },
    unitPrice: { x: x + sku + tool + quantity, width: unitPrice },
    amount: { x: x + sku + tool + quantity + unitPrice, width: amount },
  };
})();

/** Padding inside the table's cells. */
const CELL_PADDING = 6;

/** A date as the invoice shows it (UTC, the time zone its number's year is counted in). */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-US');

/** An amount with its currency code beside it: '$1,350.75 USD'. */
const money = (cents: number) => words.amount(formatMoney(centsToDollars(cents)));

/** The quote's number after the order's, on documents of orders placed from a quote. */
function quoteFact(booking: DocumentBooking): [string, string][] {
  return booking.quoteReference ? [[words.quote, booking.quoteReference]] : [];
}

/**
 * The invoice as a PDF (A4), drawn from its stored row: the same row gives the same document,
 * dated by its issue (its CreationDate is the issue date, not the moment of rendering).
 */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  lines: readonly DocumentLine[],
  booking: DocumentBooking,
): Promise<Buffer> {
  // A checkout of several lines is named by its own reference; a one-line one by its order's.
  const reference: [string, string] =
    lines.length > 1
      ? [checkoutWords.checkout, invoice.orderReference]
      : [words.order, invoice.orderReference];
  return renderOrderDocument({
    title: words.title,
    number: invoice.number,
    orderReference: invoice.orderReference,
    issuedAt: invoice.issuedAt,
    facts: [
      [words.number, invoice.number],
      [words.issued, dateFormat.format(invoice.issuedAt)],
      [words.paid, dateFormat.format(invoice.paidAt)],
      reference,
      ...(invoice.poNumber ? [[checkoutWords.poNumber, invoice.poNumber] as [string, string]] : []),
      ...quoteFact(booking),
      [words.transactionId, invoice.transactionId],
    ],
    buyerLines: buyerLinesOf(invoice),
    lines,
    totalCents: invoice.totalCents,
    totalLabel: words.total,
    closing: words.paidInFull,
    booking,
  });
}

/**
 * A credit note as a PDF (A4), drawn from its stored row as an invoice is: the invoice it
 * credits, the refund, the same buyer and line, the amount given back.
 */
export function renderCreditNotePdf(
  note: CreditNoteRow,
  booking: DocumentBooking,
  /** The credited order's line on a checkout's invoice of several lines (issue 26), if so. */
  ofCheckout?: { sku: string },
): Promise<Buffer> {
  const facts: [string, string][] = [
    [creditWords.number, note.number],
    [creditWords.issued, dateFormat.format(note.issuedAt)],
    [creditWords.invoice, note.invoiceNumber],
    [creditWords.order, note.orderReference],
    ...quoteFact(booking),
  ];
  if (note.refundId) facts.push([creditWords.refundId, note.refundId]);
  return renderOrderDocument({
    title: creditWords.title,
    number: note.number,
    orderReference: note.orderReference,
    issuedAt: note.issuedAt,
    facts,
    buyerLines: buyerLinesOf(note),
    lines: [
      {
        sku: ofCheckout?.sku ?? '',
        toolName: note.toolName,
        madeToOrder: false,
        quantity: note.quantity,
        unitPriceCents: note.unitPriceCents,
        totalCents: note.totalCents,
      },
    ],
    totalCents: note.totalCents,
    totalLabel: creditWords.total,
    closing: ofCheckout
      ? checkoutWords.lineCredited(note.invoiceNumber, note.orderReference)
      : creditWords.refundedInFull(note.invoiceNumber),
    booking,
  });
}

async function renderOrderDocument(invoice: OrderDocument): Promise<Buffer> {
  const { default: PdfDocument } = await loadPdfKit();
  const { regular, bold } = loadFonts();
  const doc = new PdfDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${invoice.title} ${invoice.number}`,
      Author: invoice.booking.seller.name,
      Subject: `${words.order} ${invoice.orderReference}`,
      CreationDate: invoice.issuedAt,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  drawHeader(doc, invoice);
  drawParties(doc, invoice);
  drawLines(doc, invoice);
  drawBankDetails(doc, invoice.booking.seller);
  drawFooters(doc, invoice.booking.seller);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

/** The title and the invoice's facts on the right; the seller's name on the left. */
function drawHeader(doc: Doc, invoice: OrderDocument): void {
  const top = PAGE.margin;
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(INK)
    .text(invoice.booking.seller.name, PAGE.margin, top, { width: CONTENT_WIDTH / 2 });
  doc
    .font(BOLD)
    .fontSize(26)
    .text(invoice.title.toUpperCase(), PAGE.margin, top - 4, {
      width: CONTENT_WIDTH,
      align: 'right',
    });

  const { facts } = invoice;
  const labelWidth = 85;
  const valueWidth = 215;
  const labelX = PAGE.width - PAGE.margin - labelWidth - valueWidth;
  let y = top + 44;
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, labelX, y, { width: labelWidth });
    doc.font(BOLD).fontSize(9).fillColor(INK);
    const height = doc.heightOfString(value, { width: valueWidth, align: 'right' });
    doc.text(value, labelX + labelWidth, y, { width: valueWidth, align: 'right' });
    y += Math.max(height, 11) + 4;
  }
  doc.y = y + 12;
}

/** Seller and buyer side by side, each under its label. */
function drawParties(doc: Doc, invoice: OrderDocument): void {
  const top = doc.y;
  const gap = 24;
  const width = (CONTENT_WIDTH - gap) / 2;
  doc
    .moveTo(PAGE.margin, top)
    .lineTo(PAGE.width - PAGE.margin, top)
    .lineWidth(0.75);
  doc.strokeColor(RULE).stroke();

  const { buyerLines } = invoice;
  const sellerBottom = drawParty(
    doc,
    words.seller,
    sellerLinesOf(invoice.booking.seller),
    PAGE.margin,
    top + 14,
    width,
  );
  const buyerBottom = drawParty(
    doc,
    words.buyer,
    buyerLines,
    PAGE.margin + width + gap,
    top + 14,
    width,
  );
  doc.y = Math.max(sellerBottom, buyerBottom) + 24;
}

/** A party's label and lines, the first (its name) in bold; answers where it ends. */
function drawParty(
  doc: Doc,
  label: string,
  lines: readonly string[],
  x: number,
  top: number,
  width: number,
): number {
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, top, { width, characterSpacing: 0.8 });
  let y = top + 16;
  lines.forEach((line, index) => {
    doc
      .font(index === 0 ? BOLD : REGULAR)
      .fontSize(10)
      .fillColor(INK);
    const height = doc.heightOfString(line, { width });
    doc.text(line, x, y, { width });
    y += height + 2;
  });
  return y;
}

/** Where a page's content must end: the footer sits below. */
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 16;
/** What the total, the tax and the closing sentence take under the table. */
const TOTALS_HEIGHT = 150;

/** The table's header row, shaded: answers where the first row starts. */
function drawTableHeader(doc: Doc, top: number): number {
  const headerHeight = 22;
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, headerHeight).fillColor(SHADE).fill();
  doc.font(BOLD).fontSize(9).fillColor(INK);
  const headers: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
    ['sku', checkoutWords.sku, 'left'],
    ['tool', words.columns.tool, 'left'],
    ['quantity', words.columns.quantity, 'right'],
    ['unitPrice', words.columns.unitPrice, 'right'],
    ['amount', words.columns.amount, 'right'],
  ];
  for (const [key, text, align] of headers) cell(doc, key, text, top + 7, align);
  return top + headerHeight + 8;
}

/** One line of the table at `rowTop`: answers where it ends. */
function drawTableRow(doc: Doc, line: DocumentLine, rowTop: number): number {
  const toolWidth = COLUMNS.tool.width - 2 * CELL_PADDING;
  const skuWidth = COLUMNS.sku.width - 2 * CELL_PADDING;
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  const nameHeight = doc.heightOfString(line.toolName, { width: toolWidth });
  cell(doc, 'tool', line.toolName, rowTop, 'left');
  let rowBottom = rowTop + nameHeight;
  if (line.madeToOrder) {
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    cell(doc, 'tool', words.madeToOrder, rowBottom + 2, 'left');
    rowBottom += 2 + doc.heightOfString(words.madeToOrder, { width: toolWidth });
  }
  doc.font(REGULAR).fontSize(9).fillColor(INK);
  rowBottom = Math.max(rowBottom, rowTop + doc.heightOfString(line.sku, { width: skuWidth }));
  cell(doc, 'sku', line.sku, rowTop, 'left');
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  const figures: [keyof typeof COLUMNS, string][] = [
    ['quantity', countFormat.format(line.quantity)],
    ['unitPrice', money(line.unitPriceCents)],
    ['amount', money(line.totalCents)],
  ];
  for (const [column, text] of figures) {
    cell(doc, column, text, rowTop, 'right');
    // A figure that wraps makes the row taller, as a long name does.
    const width = COLUMNS[column].width - 2 * CELL_PADDING;
    rowBottom = Math.max(rowBottom, rowTop + doc.heightOfString(text, { width }));
  }
  return rowBottom;
}

/**
 * The lines as a table (SKU, tool, quantity, unit price, line total), a page more whenever they
 * do not fit (the header again on top), then the total, its tax and the payment.
 */
function drawLines(doc: Doc, invoice: OrderDocument): void {
  let rowTop = drawTableHeader(doc, doc.y);
  let ruleY = rowTop;
  invoice.lines.forEach((line, index) => {
    const last = index === invoice.lines.length - 1;
    // A row (and, for the last one, the totals under it) that would run into the footer starts
    // a new page.
    if (rowTop + 40 + (last ? TOTALS_HEIGHT : 0) > CONTENT_BOTTOM && index > 0) {
      doc.addPage();
      rowTop = drawTableHeader(doc, PAGE.margin);
    }
    const rowBottom = drawTableRow(doc, line, rowTop);
    ruleY = rowBottom + 8;
    doc
      .moveTo(PAGE.margin, ruleY)
      .lineTo(PAGE.width - PAGE.margin, ruleY)
      .lineWidth(0.75);
    doc.strokeColor(RULE).stroke();
    rowTop = ruleY + 8;
  });

  const totalX = COLUMNS.unitPrice.x;
  const totalWidth = COLUMNS.unitPrice.width + COLUMNS.amount.width;
  // The tax within the total, at the order's own rate: the net amount, then the tax.
  const { taxRateBasisPoints } = invoice.booking;
  const taxCents = taxWithin(invoice.totalCents, taxRateBasisPoints);
  const percent = percentOf(taxRateBasisPoints);
  let partsTop = ruleY + 8;
  for (const [label, cents] of [
    [words.net, invoice.totalCents - taxCents],
    [words.tax(percent), taxCents],
  ] as const) {
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    doc.text(label, totalX + CELL_PADDING, partsTop, {
      width: COLUMNS.unitPrice.width - CELL_PADDING,
    });
    cell(doc, 'amount', money(cents), partsTop, 'right');
    partsTop += doc.currentLineHeight() + 6;
  }
  const totalTop = partsTop + 4;
  doc.font(BOLD).fontSize(12).fillColor(INK);
  doc.text(invoice.totalLabel, totalX + CELL_PADDING, totalTop, {
    width: COLUMNS.unitPrice.width - CELL_PADDING,
  });
  // The total takes what its label leaves of both columns: a large one with USD stays on a line.
  const labelWidth = doc.widthOfString(invoice.totalLabel) + 2 * CELL_PADDING;
  doc.text(money(invoice.totalCents), totalX + labelWidth, totalTop, {
    width: totalWidth - labelWidth - CELL_PADDING,
    align: 'right',
  });
  const totalBottom = totalTop + doc.currentLineHeight() + 6;
  doc
    .moveTo(totalX, totalBottom)
    .lineTo(totalX + totalWidth, totalBottom)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();

  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(INK)
    .text(`${invoice.closing} ${words.pricesIncludeTax(percent)}`, PAGE.margin, totalBottom + 28, {
      width: CONTENT_WIDTH,
    });
}

/** Where a business pays by transfer: the seller's bank details, under their label. */
function drawBankDetails(doc: Doc, seller: Seller): void {
  if (seller.bankLines.length === 0) return;
  const top = doc.y + 20;
  drawParty(doc, words.bankDetails, seller.bankLines, PAGE.margin, top, CONTENT_WIDTH / 2);
}

function cell(
  doc: Doc,
  column: keyof typeof COLUMNS,
  text: string,
  y: number,
  align: 'left' | 'right',
): void {
  const { x, width } = COLUMNS[column];
  doc.text(text, x + CELL_PADDING, y, { width: width - 2 * CELL_PADDING, align });
}

/** The seller's name and numbers and 'Page 1 of 1' under a rule at the foot of every page. */
function drawFooters(doc: Doc, seller: Seller): void {
  const footer = [
    seller.name,
    seller.companyNumber ? words.companyNumber(seller.companyNumber) : '',
    seller.taxNumber ? words.taxNumber(seller.taxNumber) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 10;
    doc
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.width - PAGE.margin, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(footer, PAGE.margin, y, {
        width: CONTENT_WIDTH * 0.8,
        lineBreak: false,
      });
    doc.text(words.page(index + 1, range.count), PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

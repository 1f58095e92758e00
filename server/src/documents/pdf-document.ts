import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * What the shop's PDFs share (invoices and credit notes, packing slips): fonts, page, colours,
 * the header with its facts, the two parties, the table's header row and cells, the footers. Here
 * rather than in one module, so that every document looks alike without a module reaching into
 * another's files; it imports no module.
 */

/**
 * DejaVu Sans covers Latin, Greek and Cyrillic: a buyer named 'Łódź' or 'Ελένη' prints as
 * written, which the PDF standard fonts (Latin-1 only) cannot do. pdfkit embeds only the glyphs
 * a document uses. Read once, on the first document.
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
 * imports it, and only a document needs it: loaded on the first document, then kept.
 */
let pdfkit: Promise<{ default: typeof PDFDocument }> | undefined;
const loadPdfKit = () => (pdfkit ??= import('pdfkit'));

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

/** A4 in points, with 2 cm margins all round. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56.69 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where a page's content must end: the footer sits below. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 16;
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const SHADE = '#f3f4f6';

/** Padding inside the table's cells. */
export const CELL_PADDING = 6;

/** A date as the documents show it (UTC, the time zone an invoice number's year is counted in). */
export const documentDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
});

export type Doc = PDFKit.PDFDocument;

/**
 * A new A4 document, its fonts registered, and its bytes once it has ended. `info.CreationDate`
 * is the document's own date (an invoice's issue), not the moment of rendering: the same row
 * gives the same file.
 */
export async function openDocument(
  info: PDFKit.DocumentInfo,
): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { default: PdfDocument } = await loadPdfKit();
  const { regular, bold } = loadFonts();
  // Pages are buffered so that the footers ('Page 1 of 3') are drawn once the count is known.
  const doc = new PdfDocument({ size: 'A4', margin: PAGE.margin, bufferPages: true, info });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  return { doc, done };
}

/** A label and its value, as the header lists them: ['Invoice number', 'INV-2026-000042']. */
export type Fact = [label: string, value: string];

/** The seller's name on the left; the title and the document's facts on the right. */
export function drawHeader(
  doc: Doc,
  header: { sellerName: string; title: string; facts: readonly Fact[] },
): void {
  const top = PAGE.margin;
  const nameWidth = CONTENT_WIDTH / 2;
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(INK)
    .text(header.sellerName, PAGE.margin, top, { width: nameWidth });
  const nameBottom = top + doc.heightOfString(header.sellerName, { width: nameWidth });
  doc
    .font(BOLD)
    .fontSize(26)
    .text(header.title.toUpperCase(), PAGE.margin, top - 4, {
      width: CONTENT_WIDTH,
      align: 'right',
    });

  const labelWidth = 85;
  const valueWidth = 215;
  const labelX = PAGE.width - PAGE.margin - labelWidth - valueWidth;
  // The facts' labels start left of the name's right edge: a name of three lines or more would
  // run into them, so they start below it then.
  let y = Math.max(top + 44, nameBottom + 6);
  for (const [label, value] of header.facts) {
    doc.font(REGULAR).fontSize(9).fillColor(MUTED);
    const labelHeight = doc.heightOfString(label, { width: labelWidth });
    doc.text(label, labelX, y, { width: labelWidth });
    doc.font(BOLD).fontSize(9).fillColor(INK);
    const valueHeight = doc.heightOfString(value, { width: valueWidth, align: 'right' });
    doc.text(value, labelX + labelWidth, y, { width: valueWidth, align: 'right' });
    // A long value (or label) wraps in its own column; the next fact starts below both.
    y += Math.max(labelHeight, valueHeight, 11) + 4;
  }
  doc.y = y + 12;
}

/** A party of the document under its label: 'Seller' and its lines, the first its name. */
export type Party = { label: string; lines: readonly string[] };

/** Two parties side by side under a rule (seller and buyer; from and ship to). */
export function drawParties(doc: Doc, left: Party, right: Party): void {
  const top = doc.y;
  const gap = 24;
  const width = (CONTENT_WIDTH - gap) / 2;
  drawRule(doc, top);
  const leftBottom = drawParty(doc, left.label, left.lines, PAGE.margin, top + 14, width);
  const rightBottom = drawParty(
    doc,
    right.label,
    right.lines,
    PAGE.margin + width + gap,
    top + 14,
    width,
  );
  doc.y = Math.max(leftBottom, rightBottom) + 24;
}

/** A label (small capitals) and lines under it, the first (a name) in bold; answers where it ends. */
export function drawParty(
  doc: Doc,
  label: string,
  lines: readonly string[],
  x: number,
  top: number,
  width: number,
): number {
  const y = drawLabel(doc, label, x, top, width);
  return lines.reduce((lineTop, line, index) => {
    doc
      .font(index === 0 ? BOLD : REGULAR)
      .fontSize(10)
      .fillColor(INK);
    const height = doc.heightOfString(line, { width });
    doc.text(line, x, lineTop, { width });
    return lineTop + height + 2;
  }, y);
}

/** A section's label, as a party's: small bold capitals, spaced; answers where its content starts. */
export function drawLabel(doc: Doc, label: string, x: number, top: number, width: number): number {
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, top, { width, characterSpacing: 0.8 });
  // A label too long for its column wraps: what follows starts below its last line.
  const height = doc.heightOfString(label.toUpperCase(), { width, characterSpacing: 0.8 });
  return top + Math.max(16, height + 6);
}

/** A thin rule across the page at `y`: under a table's row, above the parties. */
export function drawRule(doc: Doc, y: number): void {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.75);
  doc.strokeColor(RULE).stroke();
}

/** A column of a table: where it starts and how wide it is, padding included. */
export type Column = { x: number; width: number };
export type Align = 'left' | 'right';

/** A table's header row, shaded, each column's heading in bold: answers where the first row starts. */
export function drawTableHeader(
  doc: Doc,
  top: number,
  headings: readonly { column: Column; text: string; align: Align }[],
): number {
  const headerHeight = 22;
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, headerHeight).fillColor(SHADE).fill();
  doc.font(BOLD).fontSize(9).fillColor(INK);
  for (const { column, text, align } of headings) drawCell(doc, column, text, top + 7, align);
  return top + headerHeight + 8;
}

/** A cell's text inside its column's padding, in the current font; long text wraps. */
export function drawCell(doc: Doc, column: Column, text: string, y: number, align: Align): void {
  doc.text(text, column.x + CELL_PADDING, y, { width: column.width - 2 * CELL_PADDING, align });
}

/** How tall a cell's text is in the current font, wrapped to its column. */
export function cellHeight(doc: Doc, column: Column, text: string): number {
  return doc.heightOfString(text, { width: column.width - 2 * CELL_PADDING });
}

/** `footer` (the seller, its numbers) and 'Page 1 of 1' under a rule at the foot of every page. */
export function drawFooters(
  doc: Doc,
  footer: string,
  pageLabel: (page: number, pages: number) => string,
): void {
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
    doc.text(pageLabel(index + 1, range.count), PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

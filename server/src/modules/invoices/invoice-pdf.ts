import {
  centsToDollars,
  documentAmounts,
  formatCount,
  formatMoney,
  percentOf,
  serverTexts,
  type OrderTaxMode,
} from '@tools-factory/contract';
import type { Seller } from '../../config.ts';
import {
  BOLD,
  CELL_PADDING,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MUTED,
  PAGE,
  REGULAR,
  drawCell,
  drawFooters,
  drawHeader,
  drawParties,
  drawParty,
  drawRule,
  drawTableHeader,
  documentDate,
  openDocument,
  type Align,
  type Doc,
  type Fact,
} from '../../documents/pdf-document.ts';
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
  facts: Fact[];
  buyerLines: string[];
  lines: readonly DocumentLine[];
  totalCents: number;
  /** Of the total, the tax added on top (issue 45: tax `added`; else 0, the tax is within). */
  addedTaxCents: number;
  totalLabel: string;
  closing: string;
  /**
   * Where to pay by transfer: only on a document still to pay. A card paid the invoices so far
   * ('Paid in full by card', issue 42); a credit note gives money back.
   */
  bankDetails: boolean;
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
  /** How the order's tax is booked (issue 45): included, added on top, or reverse charge. */
  taxMode: OrderTaxMode;
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

/**
 * The buyer as the document was issued to them: their company first (its account's, issue 44,
 * with its billing address; or as typed at checkout, issue 42), the account's name, e-mail,
 * address (where it ships, when a billing address is apart) and phone, and their tax number.
 */
function buyerLinesOf(buyer: {
  buyerName: string;
  buyerEmail: string;
  buyerAddress: string;
  buyerPhone?: string;
  buyerCompany: string;
  buyerTaxNumber: string;
  buyerBillingAddress?: string;
}): string[] {
  const billing = buyer.buyerBillingAddress?.split(/\r?\n/) ?? [];
  const shipping = buyer.buyerAddress.split(/\r?\n/);
  return [
    buyer.buyerCompany,
    ...billing,
    buyer.buyerName,
    buyer.buyerEmail,
    ...(billing.some((line) => line.trim() !== '') ? [words.shipTo, ...shipping] : shipping),
    buyer.buyerPhone ?? '',
    buyer.buyerTaxNumber ? words.taxNumber(buyer.buyerTaxNumber) : '',
  ].filter((line) => line.trim() !== '');
}

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

const countFormat = new Intl.NumberFormat('en-US');

/** An amount with its currency code beside it: '$1,350.75 USD'. */
const money = (cents: number) => words.amount(formatMoney(centsToDollars(cents)));

/** The invoice's shipping, as a line of the table. */
function shippingLine(cents: number): DocumentLine {
  return {
    sku: '',
    toolName: words.shipping,
    madeToOrder: false,
    quantity: 1,
    unitPriceCents: cents,
    totalCents: cents,
  };
}

/** The quote's number after the order's, on documents of orders placed from a quote. */
function quoteFact(booking: DocumentBooking): Fact[] {
  return booking.quoteReference ? [[words.quote, booking.quoteReference]] : [];
}

/**
 * The invoice as a PDF (A4), drawn from its stored row: the same row gives the same document,
 * dated by its issue (its CreationDate is the issue date, not the moment of rendering).
 */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  toolLines: readonly DocumentLine[],
  booking: DocumentBooking,
): Promise<Buffer> {
  // The shipping charged (issue 42) is a line of its own under the tools, in the total.
  const lines =
    invoice.shippingCents > 0 ? [...toolLines, shippingLine(invoice.shippingCents)] : toolLines;
  // A checkout of several lines is named by its own reference; a one-line one by its order's.
  const reference: Fact =
    toolLines.length > 1
      ? [checkoutWords.checkout, invoice.orderReference]
      : [words.order, invoice.orderReference];
  return renderOrderDocument({
    title: words.title,
    number: invoice.number,
    orderReference: invoice.orderReference,
    issuedAt: invoice.issuedAt,
    facts: [
      [words.number, invoice.number],
      [words.issued, documentDate.format(invoice.issuedAt)],
      // On account (issue 45): the terms and the due date; the payment once settled.
      ...(invoice.paymentTermsDays !== null && invoice.dueAt
        ? ([
            [words.paymentTerms, words.netDays(invoice.paymentTermsDays)],
            [words.due, documentDate.format(invoice.dueAt)],
          ] as Fact[])
        : []),
      ...(invoice.paidAt ? [[words.paid, documentDate.format(invoice.paidAt)] as Fact] : []),
      reference,
      ...(invoice.poNumber ? [[checkoutWords.poNumber, invoice.poNumber] as Fact] : []),
      ...quoteFact(booking),
      ...(invoice.transactionId ? [[words.transactionId, invoice.transactionId] as Fact] : []),
    ],
    buyerLines: buyerLinesOf(invoice),
    lines,
    totalCents: invoice.totalCents,
    addedTaxCents: invoice.taxCents,
    totalLabel: words.total,
    closing: !invoice.dueAt
      ? words.paidInFull
      : invoice.paidAt
        ? invoice.receivedCents === 0
          ? words.creditedInFull
          : words.settled
        : words.onAccount(documentDate.format(invoice.dueAt)),
    // An invoice to pay by transfer shows where to send the money.
    bankDetails: invoice.dueAt !== null && invoice.paidAt === null,
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
  const facts: Fact[] = [
    [creditWords.number, note.number],
    [creditWords.issued, documentDate.format(note.issuedAt)],
    [creditWords.invoice, note.invoiceNumber],
    [creditWords.order, note.orderReference],
    ...quoteFact(booking),
  ];
  if (note.refundId) facts.push([creditWords.refundId, note.refundId]);
  // Part of the line (issue 42): one line of the amount given back, not the line's units again.
  // The table shows amounts before any tax added on top (issue 45), as the invoice's does.
  const netCents = note.totalCents - note.taxCents;
  const part = netCents !== note.unitPriceCents * note.quantity;
  const line = part
    ? {
        toolName: creditWords.partLine(note.toolName, formatCount(note.quantity)),
        quantity: 1,
        unitPriceCents: netCents,
      }
    : { toolName: note.toolName, quantity: note.quantity, unitPriceCents: note.unitPriceCents };
  const closing =
    note.kind === 'shipping'
      ? creditWords.shippingCredited(note.invoiceNumber)
      : part
        ? creditWords.partCredited(
            formatMoney(centsToDollars(note.totalCents)),
            note.orderReference,
            note.invoiceNumber,
          )
        : ofCheckout
          ? checkoutWords.lineCredited(note.invoiceNumber, note.orderReference)
          : creditWords.refundedInFull(note.invoiceNumber);
  return renderOrderDocument({
    title: creditWords.title,
    number: note.number,
    orderReference: note.orderReference,
    issuedAt: note.issuedAt,
    facts,
    buyerLines: buyerLinesOf(note),
    lines: [
      {
        sku: note.kind === 'shipping' ? '' : (ofCheckout?.sku ?? ''),
        madeToOrder: false,
        ...line,
        totalCents: netCents,
      },
    ],
    totalCents: note.totalCents,
    addedTaxCents: note.taxCents,
    totalLabel: creditWords.total,
    closing,
    bankDetails: false,
    booking,
  });
}

/**
 * The document's pages (the drawing is shared with the packing slip, documents/pdf-document.ts,
 * so that they look alike): header, seller and buyer, the lines and their total, bank details.
 */
async function renderOrderDocument(invoice: OrderDocument): Promise<Buffer> {
  const { seller } = invoice.booking;
  const { doc, done } = await openDocument({
    Title: `${invoice.title} ${invoice.number}`,
    Author: seller.name,
    Subject: `${words.order} ${invoice.orderReference}`,
    CreationDate: invoice.issuedAt,
  });
  drawHeader(doc, { sellerName: seller.name, title: invoice.title, facts: invoice.facts });
  drawParties(
    doc,
    { label: words.seller, lines: sellerLinesOf(seller) },
    { label: words.buyer, lines: invoice.buyerLines },
  );
  drawLines(doc, invoice);
  if (invoice.bankDetails) drawBankDetails(doc, seller);
  drawFooters(doc, footerOf(seller), words.page);
  doc.end();
  return done;
}

/** What the total, the tax and the closing sentence take under the table. */
const TOTALS_HEIGHT = 150;

/** The table's header row, shaded: answers where the first row starts. */
function drawLinesHeader(doc: Doc, top: number): number {
  const headers: [keyof typeof COLUMNS, string, Align][] = [
    ['sku', checkoutWords.sku, 'left'],
    ['tool', words.columns.tool, 'left'],
    ['quantity', words.columns.quantity, 'right'],
    ['unitPrice', words.columns.unitPrice, 'right'],
    ['amount', words.columns.amount, 'right'],
  ];
  return drawTableHeader(
    doc,
    top,
    headers.map(([key, text, align]) => ({ column: COLUMNS[key], text, align })),
  );
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
  let rowTop = drawLinesHeader(doc, doc.y);
  let ruleY = rowTop;
  invoice.lines.forEach((line, index) => {
    const last = index === invoice.lines.length - 1;
    // A row (and, for the last one, the totals under it) that would run into the footer starts
    // a new page.
    if (rowTop + 40 + (last ? TOTALS_HEIGHT : 0) > CONTENT_BOTTOM && index > 0) {
      doc.addPage();
      rowTop = drawLinesHeader(doc, PAGE.margin);
    }
    const rowBottom = drawTableRow(doc, line, rowTop);
    ruleY = rowBottom + 8;
    drawRule(doc, ruleY);
    rowTop = ruleY + 8;
  });

  const totalX = COLUMNS.unitPrice.x;
  const totalWidth = COLUMNS.unitPrice.width + COLUMNS.amount.width;
  // The net amount and the tax, at the order's own rate and mode (contract/src/tax.ts).
  const { taxRateBasisPoints, taxMode } = invoice.booking;
  const { netCents, taxCents } = documentAmounts(
    { mode: taxMode, rateBasisPoints: taxRateBasisPoints },
    invoice.totalCents,
    invoice.addedTaxCents,
  );
  const percent = String(percentOf(taxMode === 'reverse-charge' ? 0 : taxRateBasisPoints));
  let partsTop = ruleY + 8;
  for (const [label, cents] of [
    [words.net, netCents],
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
    .text(`${invoice.closing} ${taxSentence(invoice.booking)}`, PAGE.margin, totalBottom + 28, {
      width: CONTENT_WIDTH,
    });
}

/**
 * The sentence under the totals that says how the tax was booked: reverse charge (issue 45, a
 * tax-exempt company's), why there is none at 0 % (issue 42), added on top, or included.
 */
function taxSentence(booking: DocumentBooking): string {
  const percent = String(percentOf(booking.taxRateBasisPoints));
  if (booking.taxMode === 'reverse-charge') return words.reverseCharge;
  if (booking.taxRateBasisPoints === 0) return words.noTax(booking.seller.zeroTaxReason);
  return booking.taxMode === 'added' ? words.taxAdded(percent) : words.pricesIncludeTax(percent);
}

/** Where a business pays by transfer: the seller's bank details, under their label. */
function drawBankDetails(doc: Doc, seller: Seller): void {
  if (seller.bankLines.length === 0) return;
  const top = doc.y + 20;
  drawParty(doc, words.bankDetails, seller.bankLines, PAGE.margin, top, CONTENT_WIDTH / 2);
}

function cell(doc: Doc, column: keyof typeof COLUMNS, text: string, y: number, align: Align): void {
  drawCell(doc, COLUMNS[column], text, y, align);
}

/** The seller's name and numbers, at the foot of every page beside 'Page 1 of 1'. */
function footerOf(seller: Seller): string {
  return [
    seller.name,
    seller.companyNumber ? words.companyNumber(seller.companyNumber) : '',
    seller.taxNumber ? words.taxNumber(seller.taxNumber) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  texts,
  type Checkout,
  type Order,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import type { QueuedMessage } from '../outbox-message.ts';
import {
  factsMail,
  formatCount,
  formatMailDateTime,
  formatMailDay,
  formatOrderTotal,
  type MailBlock,
} from './layout.ts';
import { orderDocumentMail } from './order-document-mail.ts';

const words = serverTexts.mail;

/** The line's SKU (issue 26), when it has one (orders placed before SKUs existed have none). */
function skuRow(order: Pick<Order, 'sku'>): [string, string][] {
  return order.sku ? [[words.checkout.lines.sku, order.sku]] : [];
}

/** The order's one line (an order is one tool); its total follows in each e-mail. */
function lineRows(order: Order): [string, string][] {
  return [
    ...skuRow(order),
    [words.order.tool, order.name],
    [words.order.quantity, formatCount(order.quantity)],
    [words.order.unitPrice, formatMoney(order.price)],
  ];
}

/** The order's reference, its line and its total: its figures as the e-mails about it list them. */
export function orderFigureRows(order: Order): [string, string][] {
  return [
    [words.order.reference, order.reference],
    ...lineRows(order),
    [words.order.total, formatOrderTotal(order)],
  ];
}

/** Sent once an order is placed: what was ordered, until when it is held, and where to pay. */
/** The subject of orderPlacedMail, for the order's timeline when the e-mail is a recipe. */
export function orderPlacedSubject(reference: string): string {
  return words.orderPlaced.subject(reference);
}

export function orderPlacedMail(order: Order, options: { publicUrl: string }): MailContent {
  return factsMail({
    to: order.email,
    subject: orderPlacedSubject(order.reference),
    body: words.orderPlaced.body(order.reference),
    rows: [
      ...lineRows(order),
      [words.order.total, formatOrderTotal(order)],
      [words.order.address, order.address],
    ],
    note: order.holdUntil ? words.orderPlaced.held(formatMailDateTime(order.holdUntil)) : undefined,
    action: {
      label: words.orderPlaced.action,
      url: `${options.publicUrl}${routes.dashboardPayment(order._id)}`,
    },
  });
}

/**
 * Sent once an order is paid: the amount, the payment's transaction id and the invoice's number,
 * the invoice attached as a PDF (drawn from the invoice when the e-mail leaves).
 */
export function orderPaidMail(
  order: Order,
  options: { publicUrl: string; invoice: { id: string; number: string } },
): QueuedMessage {
  const { invoice } = options;
  return orderDocumentMail(order, {
    publicUrl: options.publicUrl,
    subject: words.orderPaid.subject(order.reference),
    body: words.orderPaid.body(order.reference, formatOrderTotal(order)),
    facts: [
      ...orderFigureRows(order),
      [words.orderPaid.transactionId, order.transectionId ?? ''],
      [words.orderPaid.invoiceNumber, invoice.number],
    ],
    attachedNote: words.orderPaid.invoiceAttached(invoice.number),
    document: { kind: 'invoice-pdf', ...invoice },
  });
}

const checkoutWords = words.checkout;

/**
 * What the checkout e-mails need of a checkout (the Checkout DTO has it): they are written to
 * its lines' e-mail, the buyer's at the time of the purchase.
 */
export type CheckoutHead = Pick<Checkout, '_id' | 'reference' | 'poNumber' | 'address'> & {
  /** Its shipping (issue 42): charged (0 when free), or null while quoted; absent: not known. */
  shipping?: number | null;
};

/** What the checkout comes to: its lines' totals and its shipping, added in cents. */
export function checkoutTotal(checkout: CheckoutHead, lines: readonly Order[]): number {
  return centsToDollars(dollarsToCents(linesTotal(lines)) + dollarsToCents(checkout.shipping ?? 0));
}

/** The rows closing a checkout's facts: its shipping when charged or to quote, then its total. */
export function checkoutTotalRows(
  checkout: CheckoutHead,
  lines: readonly Order[],
): [string, string][] {
  const { shipping } = checkout;
  const shippingRow: [string, string][] =
    shipping === undefined || shipping === 0
      ? []
      : [
          [
            serverTexts.invoice.shipping,
            shipping === null ? texts.shipping.quoted : formatMoney(shipping),
          ],
        ];
  return [...shippingRow, [checkoutWords.total, formatMoney(checkoutTotal(checkout, lines))]];
}

/** The checkout's total: its lines' totals added in cents, so no cent is lost in the sum. */
export function linesTotal(lines: readonly Order[]): number {
  return centsToDollars(
    lines.reduce((sum, line) => sum + dollarsToCents(orderTotal(line.price, line.quantity)), 0),
  );
}

/**
 * A checkout's lines as the e-mails list them: each under its tool's name, its SKU first among
 * its `details`, and its `amount` on the right when given; under `caption` (the buyer's words by
 * default).
 */
function linesBlock(
  lines: readonly Order[],
  describe: (line: Order) => { details: string[]; amount?: string },
  caption: string = checkoutWords.lines.caption,
): MailBlock {
  return {
    kind: 'lines',
    caption,
    items: lines.map((line) => {
      const { details, ...amount } = describe(line);
      return {
        title: line.name,
        details: [`${checkoutWords.lines.sku}: ${line.sku}`, ...details],
        ...amount,
      };
    }),
  };
}

/**
 * Every line of the checkout, with its SKU, quantity, unit price and line total; `to` the staff,
 * captioned in their words ('Lines ordered'), not the buyer's.
 */
export function checkoutLinesTable(
  lines: readonly Order[],
  to: 'buyer' | 'staff' = 'buyer',
): MailBlock {
  const caption = to === 'staff' ? checkoutWords.lines.staffCaption : checkoutWords.lines.caption;
  return linesBlock(
    lines,
    (line) => ({
      details: [
        checkoutWords.lines.quantityTimesPrice(formatCount(line.quantity), formatMoney(line.price)),
      ],
      amount: formatOrderTotal(line),
    }),
    caption,
  );
}

/** The checkout's own facts: its reference, the buyer's PO number when given, the total. */
function checkoutRows(checkout: CheckoutHead, lines: readonly Order[]): [string, string][] {
  const rows: [string, string][] = [[checkoutWords.reference, checkout.reference]];
  if (checkout.poNumber) rows.push([checkoutWords.poNumber, checkout.poNumber]);
  rows.push(...checkoutTotalRows(checkout, lines));
  return rows;
}

/** The buyer's e-mail: every line of a checkout carries it (the order's e-mail). */
function buyerOf(lines: readonly Order[]): string {
  const [first] = lines;
  if (!first) throw new Error('a checkout e-mail needs at least one line');
  return first.email;
}

/** The earliest moment any line's hold ends (made-to-order lines hold nothing), or null. */
function earliestHold(lines: readonly Order[]): string | null {
  const holds = lines.flatMap((line) => (line.holdUntil ? [line.holdUntil] : []));
  return holds.length ? holds.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
}

/**
 * Sent once a checkout is placed (issue 26), one for all its lines: each line with its SKU, the
 * total, until when the stock is held, and where to pay the whole checkout at once.
 */
export function checkoutPlacedMail(
  checkout: CheckoutHead,
  lines: readonly Order[],
  options: { publicUrl: string },
): MailContent {
  const holdUntil = earliestHold(lines);
  return factsMail({
    to: buyerOf(lines),
    subject: checkoutWords.placed.subject(checkout.reference),
    body: checkoutWords.placed.body(checkout.reference, lines.length),
    table: checkoutLinesTable(lines),
    rows: [...checkoutRows(checkout, lines), [checkoutWords.address, checkout.address]],
    note: holdUntil ? checkoutWords.placed.held(formatMailDateTime(holdUntil)) : undefined,
    action: {
      label: checkoutWords.placed.action,
      url: `${options.publicUrl}${routes.dashboardCheckoutPayment(checkout._id)}`,
    },
  });
}

/**
 * Sent when a checkout is placed on account (issue 45): its lines, its invoice's number and due
 * date, and where to find the invoice (My Orders).
 */
export function checkoutInvoicedMail(
  checkout: CheckoutHead,
  lines: readonly Order[],
  invoice: { number: string; dueAt: Date },
  options: { publicUrl: string },
): MailContent {
  const words = checkoutWords.invoiced;
  const due = formatMailDay(invoice.dueAt.toISOString().slice(0, 10));
  return factsMail({
    to: buyerOf(lines),
    subject: words.subject(checkout.reference, invoice.number),
    body: words.body(checkout.reference, lines.length),
    table: checkoutLinesTable(lines),
    rows: [
      ...checkoutRows(checkout, lines),
      [words.invoice, invoice.number],
      [words.due, due],
      [checkoutWords.address, checkout.address],
    ],
    note: words.note(due),
    action: { label: words.action, url: `${options.publicUrl}${routes.dashboardOrders}` },
  });
}

/**
 * Sent once a checkout of several lines is paid (issue 26), one for all of them: each line with
 * its SKU, the total, the transaction id and the invoice's number, the one invoice attached as a
 * PDF (drawn from the invoice when the e-mail leaves).
 */
export function checkoutPaidMail(
  checkout: CheckoutHead,
  lines: readonly Order[],
  options: { publicUrl: string; invoice: { id: string; number: string }; transactionId: string },
): QueuedMessage {
  const total = formatMoney(checkoutTotal(checkout, lines));
  const { invoice } = options;
  const message = orderDocumentMail(
    { email: buyerOf(lines) },
    {
      publicUrl: options.publicUrl,
      subject: checkoutWords.paid.subject(checkout.reference),
      body: checkoutWords.paid.body(checkout.reference, total),
      facts: [
        ...checkoutRows(checkout, lines),
        [checkoutWords.paid.transactionId, options.transactionId],
        [checkoutWords.paid.invoiceNumber, invoice.number],
      ],
      attachedNote: checkoutWords.paid.invoiceAttached(invoice.number),
      document: { kind: 'invoice-pdf', ...invoice },
      table: checkoutLinesTable(lines),
    },
  );
  return message;
}

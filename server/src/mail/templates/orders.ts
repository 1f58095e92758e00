import { formatMoney, orderTotal, routes, serverTexts, type Order } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import type { QueuedMessage } from '../outbox-message.ts';
import { composeMail, formatCount, formatMailDateTime, type MailBlock } from './layout.ts';
import { myOrdersAction, orderDocumentMail } from './order-document-mail.ts';

const words = serverTexts.mail;

/** The order's one line (an order is one tool); its total follows in each e-mail. */
function lineRows(order: Order): [string, string][] {
  return [
    [words.order.tool, order.name],
    [words.order.quantity, formatCount(order.quantity)],
    [words.order.unitPrice, formatMoney(order.price)],
  ];
}

/** Sent once an order is placed: what was ordered, until when it is held, and where to pay. */
export function orderPlacedMail(order: Order, options: { publicUrl: string }): MailContent {
  const total = formatMoney(orderTotal(order.price, order.quantity));
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: words.orderPlaced.body(order.reference) },
    {
      kind: 'facts',
      rows: [...lineRows(order), [words.order.total, total], [words.order.address, order.address]],
    },
  ];
  if (order.holdUntil) {
    blocks.push({
      kind: 'paragraph',
      text: words.orderPlaced.held(formatMailDateTime(order.holdUntil)),
    });
  }
  blocks.push({
    kind: 'action',
    label: words.orderPlaced.action,
    url: `${options.publicUrl}${routes.dashboardPayment(order._id)}`,
  });
  return composeMail({
    to: order.email,
    subject: words.orderPlaced.subject(order.reference),
    blocks,
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
  const total = formatMoney(orderTotal(order.price, order.quantity));
  const { invoice } = options;
  return orderDocumentMail(order, {
    publicUrl: options.publicUrl,
    subject: words.orderPaid.subject(order.reference),
    body: words.orderPaid.body(order.reference, total),
    facts: [
      [words.order.reference, order.reference],
      ...lineRows(order),
      [words.order.total, total],
      [words.orderPaid.transactionId, order.transectionId ?? ''],
      [words.orderPaid.invoiceNumber, invoice.number],
    ],
    attachedNote: words.orderPaid.invoiceAttached(invoice.number),
    document: { kind: 'invoice-pdf', ...invoice },
  });
}

/** The carrier and tracking number given at Ship (issue 25), each only when given. */
function trackingRows(order: Order): [string, string][] {
  const rows: [string, string][] = [];
  if (order.carrier) rows.push([words.orderShipped.carrier, order.carrier]);
  if (order.trackingNumber) rows.push([words.orderShipped.trackingNumber, order.trackingNumber]);
  return rows;
}

/** Sent once an order ships: what is on its way, where to, and how to follow it. */
export function orderShippedMail(order: Order, options: { publicUrl: string }): MailContent {
  return composeMail({
    to: order.email,
    subject: words.orderShipped.subject(order.reference),
    blocks: [
      { kind: 'paragraph', text: words.orderShipped.body(order.reference) },
      {
        kind: 'facts',
        rows: [
          [words.order.reference, order.reference],
          [words.order.tool, order.name],
          [words.order.quantity, formatCount(order.quantity)],
          [words.order.address, order.address],
          ...trackingRows(order),
        ],
      },
      myOrdersAction(options.publicUrl),
    ],
  });
}

import {
  formatMoney,
  invoiceFileName,
  orderTotal,
  routes,
  serverTexts,
  type Order,
} from '@tools-factory/contract';
import type { QueuedMessage } from '../outbox-message.ts';
import { composeMail, formatCount } from './layout.ts';

const words = serverTexts.mail;

/**
 * Sent once an admin cancelled a paid order (issue 22): the amount refunded and the credit
 * note's number, the credit note attached as a PDF (drawn from it when the e-mail leaves).
 */
export function orderCancelledMail(
  order: Order,
  options: { publicUrl: string; creditNote: { id: string; number: string } },
): QueuedMessage {
  const total = formatMoney(orderTotal(order.price, order.quantity));
  const { creditNote } = options;
  const message = composeMail({
    to: order.email,
    subject: words.orderCancelled.subject(order.reference),
    blocks: [
      { kind: 'paragraph', text: words.orderCancelled.body(order.reference, total) },
      {
        kind: 'facts',
        rows: [
          [words.order.reference, order.reference],
          [words.order.tool, order.name],
          [words.order.quantity, formatCount(order.quantity)],
          [words.order.total, total],
          [words.orderCancelled.creditNoteNumber, creditNote.number],
        ],
      },
      { kind: 'paragraph', text: words.orderCancelled.creditNoteAttached(creditNote.number) },
      {
        kind: 'action',
        label: words.order.myOrders,
        url: `${options.publicUrl}${routes.dashboardOrders}`,
      },
    ],
  });
  return {
    ...message,
    attachments: [
      {
        kind: 'credit-note-pdf',
        id: creditNote.id,
        filename: invoiceFileName(creditNote.number),
        contentType: 'application/pdf',
      },
    ],
  };
}

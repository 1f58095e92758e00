import {
  formatMoney,
  invoiceFileName,
  orderTotal,
  routes,
  serverTexts,
  type Order,
} from '@tools-factory/contract';
import type { MailMessage } from '../mailer.ts';
import { composeMail, formatCount } from './layout.ts';

const words = serverTexts.mail;

/**
 * Sent once an admin cancelled a paid order (issue 22): the amount refunded and the credit
 * note's number, the credit note attached as a PDF.
 */
export function orderCancelledMail(
  order: Order,
  options: { publicUrl: string; creditNote: { number: string; pdf: Buffer } },
): MailMessage {
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
        filename: invoiceFileName(creditNote.number),
        content: creditNote.pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}

import { serverTexts, type Order } from '@tools-factory/contract';
import type { QueuedMessage } from '../outbox-message.ts';
import { formatCount, formatOrderTotal } from './layout.ts';
import { orderDocumentMail } from './order-document-mail.ts';

const words = serverTexts.mail;

/**
 * Sent once an admin cancelled a paid order (issue 22): the amount refunded and the credit
 * note's number, the credit note attached as a PDF (drawn from it when the e-mail leaves).
 */
export function orderCancelledMail(
  order: Order,
  options: { publicUrl: string; creditNote: { id: string; number: string } },
): QueuedMessage {
  const total = formatOrderTotal(order);
  const { creditNote } = options;
  return orderDocumentMail(order, {
    publicUrl: options.publicUrl,
    subject: words.orderCancelled.subject(order.reference),
    body: words.orderCancelled.body(order.reference, total),
    facts: [
      [words.order.reference, order.reference],
      [words.order.tool, order.name],
      [words.order.quantity, formatCount(order.quantity)],
      [words.order.total, total],
      [words.orderCancelled.creditNoteNumber, creditNote.number],
    ],
    attachedNote: words.orderCancelled.creditNoteAttached(creditNote.number),
    document: { kind: 'credit-note-pdf', ...creditNote },
  });
}

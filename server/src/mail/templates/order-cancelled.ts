import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  invoiceFileName,
  serverTexts,
  type Order,
} from '@tools-factory/contract';
import type { QueuedMessage } from '../outbox-message.ts';
import { composeMail, formatCount, formatOrderTotal } from './layout.ts';
import { myOrdersAction, orderDocumentMail, orderNoticeMail } from './order-document-mail.ts';

const words = serverTexts.mail;

/** A credit note as an e-mail names it, with the dollars it gave back. */
export type MailedCreditNote = { id: string; number: string; amount: number };

/** The facts every refund and cancellation e-mail gives of its order's line. */
function lineFacts(order: Order): [string, string][] {
  return [
    [words.order.reference, order.reference],
    [words.order.tool, order.name],
    [words.order.quantity, formatCount(order.quantity)],
    [words.order.total, formatOrderTotal(order)],
  ];
}

/**
 * Sent once an admin cancelled a paid order (issue 22): the amount this cancellation refunded
 * (what was left after earlier partial refunds, issue 42) and the credit note's number, the credit
 * note attached as a PDF (drawn from it when the e-mail leaves). Cancelled without a refund, it
 * says so and carries no document.
 */
export function orderCancelledMail(
  order: Order,
  options: {
    publicUrl: string;
    creditNote?: MailedCreditNote;
    /** Its invoice on account was open (issue 45): credited off it, nothing refunded. */
    onAccount?: boolean;
  },
): QueuedMessage {
  const { creditNote, publicUrl, onAccount = false } = options;
  const cancelled = words.orderCancelled;
  if (!creditNote) {
    return orderNoticeMail(
      order,
      { subject: cancelled.withoutRefundSubject, body: cancelled.withoutRefundBody },
      { publicUrl, rows: lineFacts(order) },
    );
  }
  const refunded = formatMoney(creditNote.amount);
  return orderDocumentMail(order, {
    publicUrl,
    subject: (onAccount ? cancelled.onAccountSubject : cancelled.subject)(order.reference),
    body: (onAccount ? cancelled.onAccountBody : cancelled.body)(order.reference, refunded),
    facts: [
      ...lineFacts(order),
      [onAccount ? cancelled.credited : cancelled.refunded, refunded],
      [cancelled.creditNoteNumber, creditNote.number],
    ],
    attachedNote: cancelled.creditNoteAttached(creditNote.number),
    document: { kind: 'credit-note-pdf', id: creditNote.id, number: creditNote.number },
  });
}

/**
 * Sent when an admin gave part of a line's amount back (issue 42): the amount, what went back
 * of the line in all, the credit note attached.
 */
export function orderRefundedMail(
  order: Order,
  options: { publicUrl: string; creditNote: MailedCreditNote; onAccount?: boolean },
): QueuedMessage {
  const { creditNote, publicUrl, onAccount = false } = options;
  const amount = formatMoney(creditNote.amount);
  const refunded = words.orderRefunded;
  return orderDocumentMail(order, {
    publicUrl,
    subject: (onAccount ? refunded.onAccountSubject : refunded.subject)(amount, order.reference),
    body: (onAccount ? refunded.onAccountBody : refunded.body)(amount, order.reference),
    facts: [
      ...lineFacts(order),
      [onAccount ? refunded.creditedInAll : refunded.refundedInAll, formatMoney(order.refunded)],
      [words.orderCancelled.creditNoteNumber, creditNote.number],
    ],
    attachedNote: words.orderCancelled.creditNoteAttached(creditNote.number),
    document: { kind: 'credit-note-pdf', id: creditNote.id, number: creditNote.number },
  });
}

/** A line of a checkout cancelled in one go, and its credit note if money went back. */
export type CancelledLine = { order: Order; creditNote: MailedCreditNote | undefined };

/**
 * Sent once an admin cancelled a whole checkout (issue 42): one e-mail naming every line it
 * cancelled and what each gave back, the sum refunded, and every credit note attached.
 */
export function checkoutCancelledMail(
  lines: readonly CancelledLine[],
  options: {
    publicUrl: string;
    /** The shipping's credit note, when it went back (nothing of the checkout had shipped). */
    shippingNote?: MailedCreditNote;
    /** Its invoice on account was open (issue 45): credited off it, nothing refunded. */
    onAccount?: boolean;
  },
): QueuedMessage {
  const first = lines[0];
  if (!first) throw new Error('a checkout cancellation names at least one line');
  const cancelled = words.checkoutCancelled;
  const { shippingNote, onAccount = false } = options;
  const givenBack = onAccount ? cancelled.credited : cancelled.refunded;
  const notes = [
    ...lines.flatMap((line) => (line.creditNote ? [line.creditNote] : [])),
    ...(shippingNote ? [shippingNote] : []),
  ];
  const refundedCents = notes.reduce((sum, note) => sum + dollarsToCents(note.amount), 0);
  const refunded = notes.length > 0 ? formatMoney(centsToDollars(refundedCents)) : null;
  const { checkoutReference, poNumber } = first.order;
  const message = composeMail({
    to: first.order.email,
    subject:
      onAccount && refunded
        ? cancelled.onAccountSubject(checkoutReference)
        : cancelled.subject(checkoutReference, notes.length > 0),
    blocks: [
      {
        kind: 'paragraph',
        text:
          onAccount && refunded
            ? cancelled.onAccountBody(checkoutReference, lines.length, refunded)
            : cancelled.body(checkoutReference, lines.length, refunded),
      },
      {
        kind: 'lines',
        caption: cancelled.caption,
        items: [
          ...lines.map(({ order, creditNote }) => ({
            title: order.name,
            details: [
              `${words.order.reference}: ${order.reference}`,
              `${words.order.quantity}: ${formatCount(order.quantity)}`,
              ...(creditNote ? [givenBack(formatMoney(creditNote.amount)), creditNote.number] : []),
            ],
            amount: formatOrderTotal(order),
          })),
          ...(shippingNote
            ? [
                {
                  title: serverTexts.invoice.shipping,
                  details: [givenBack(formatMoney(shippingNote.amount)), shippingNote.number],
                  amount: formatMoney(shippingNote.amount),
                },
              ]
            : []),
        ],
      },
      {
        kind: 'facts',
        rows: [
          [words.checkout.reference, checkoutReference],
          ...(poNumber ? [[words.checkout.poNumber, poNumber] as const] : []),
        ],
      },
      ...(notes.length > 0
        ? [
            {
              kind: 'paragraph' as const,
              text: cancelled.notesAttached(notes.map((note) => note.number).join(', ')),
            },
          ]
        : []),
      { kind: 'action', ...myOrdersAction(options.publicUrl) },
    ],
  });
  return {
    ...message,
    attachments: notes.map((note) => ({
      kind: 'credit-note-pdf' as const,
      id: note.id,
      filename: invoiceFileName(note.number),
      contentType: 'application/pdf',
    })),
  };
}

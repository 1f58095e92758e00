import { invoiceFileName, routes, serverTexts, type Order } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import type { AttachmentRecipe, QueuedMessage } from '../outbox-message.ts';
import { factsMail, type MailBlock } from './layout.ts';

/** The link under an order's e-mails to the customer's My Orders. */
export function myOrdersAction(publicUrl: string): { label: string; url: string } {
  return {
    label: serverTexts.mail.order.myOrders,
    url: `${publicUrl}${routes.dashboardOrders}`,
  };
}

/**
 * An order's e-mail to its customer that tells what happened to it (`notice`: a subject and a
 * paragraph naming its reference), its facts and a link to My Orders.
 */
export function orderNoticeMail(
  order: Pick<Order, 'email' | 'reference'>,
  notice: { subject: (reference: string) => string; body: (reference: string) => string },
  content: { publicUrl: string; rows: [string, string][] },
): MailContent {
  return factsMail({
    to: order.email,
    subject: notice.subject(order.reference),
    body: notice.body(order.reference),
    rows: content.rows,
    action: myOrdersAction(content.publicUrl),
  });
}

/** One of an order's documents: its invoice or its credit note. */
export type OrderDocument = { kind: AttachmentRecipe['kind']; id: string; number: string };

/**
 * An order's e-mail that carries one of its documents as a PDF (the paid order's invoice, the
 * cancelled order's credit note): a paragraph, the facts, a line naming the attached document and
 * a link to My Orders. The PDF is drawn from the document when the e-mail leaves.
 */
export function orderDocumentMail(
  order: Pick<Order, 'email'>,
  content: {
    publicUrl: string;
    subject: string;
    body: string;
    facts: [string, string][];
    attachedNote: string;
    document: OrderDocument;
    /** A checkout's lines (issue 26), listed before the facts. */
    table?: MailBlock;
  },
): QueuedMessage {
  const { document } = content;
  const message = factsMail({
    to: order.email,
    subject: content.subject,
    body: content.body,
    table: content.table,
    rows: content.facts,
    note: content.attachedNote,
    action: myOrdersAction(content.publicUrl),
  });
  return {
    ...message,
    attachments: [
      {
        kind: document.kind,
        id: document.id,
        filename: invoiceFileName(document.number),
        contentType: 'application/pdf',
      },
    ],
  };
}

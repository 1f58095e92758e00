import type { MailContent } from './mailer.ts';

/**
 * A file an e-mail carries, named by what it is drawn from rather than held as bytes: the outbox
 * keeps this small recipe and draws the file when the message leaves (an invoice's PDF is drawn
 * from its invoice row, which reads the same forever).
 */
export type AttachmentRecipe = {
  /** The invoice's PDF, or the credit note's. */
  kind: 'invoice-pdf' | 'credit-note-pdf';
  /** The invoice's (or the credit note's) id. */
  id: string;
  filename: string;
  contentType: string;
};

/** An e-mail as the outbox stores it: its rendered content and the recipes of its files. */
export type QueuedMessage = MailContent & { attachments?: AttachmentRecipe[] };

/**
 * A message written as what renders it rather than rendered (the outbox's `recipe` column): the
 * kind a module defined (OutboxWriter.defineRecipe), what that kind renders, and the reader's
 * name for the greeting. The statement that writes the change can then write its e-mails too,
 * from the rows it makes (a placed order's), without a round trip to render them in between.
 */
export type MessageRecipe = { kind: string; data: unknown; name?: string };

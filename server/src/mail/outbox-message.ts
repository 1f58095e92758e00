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

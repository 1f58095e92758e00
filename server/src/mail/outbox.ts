import type { DatabaseHandle } from '../db/client.ts';
import type { MailContent, Mailer } from './mailer.ts';
import type { AttachmentRecipe, MessageRecipe } from './outbox-message.ts';
import {
  createOutboxWorker,
  OUTBOX_TIMING,
  type Log,
  type OutboxTiming,
  type OutboxWorker,
} from './outbox-worker.ts';
import { createOutboxWriter, type OutboxWriter } from './outbox-writer.ts';
import { EMPTY_MAIL_DIRECTORY, type MailDirectory } from './recipients.ts';
import { fillGreeting } from './templates/layout.ts';

export {
  OUTBOX_TIMING,
  outboxMessageId,
  outboxRetryDelayMs,
  type OutboxTiming,
} from './outbox-worker.ts';
export type {
  OutboxMail,
  OutboxWriter,
  PreparedOutboxRows,
  ReadersColumn,
  RecipeMail,
  RenderRecipe,
} from './outbox-writer.ts';

/** The writer the modules see, and the worker's start, stop and idle that app.ts and tests call. */
export type Outbox = OutboxWriter & Omit<OutboxWorker, 'wake'>;

export type OutboxOptions = {
  database: Pick<DatabaseHandle, 'db'>;
  mailer: Pick<Mailer, 'send'>;
  /** Draws an attachment's file when its message leaves (an invoice's PDF, from its row). */
  renderAttachment(recipe: AttachmentRecipe): Promise<Buffer>;
  /**
   * Names this instance among those sharing the database (host and DATA_DIR): the messages it
   * writes are its own to deliver first, into its own DATA_DIR/outbox without SMTP_URL.
   */
  origin: string;
  log: Log;
  timing?: Partial<OutboxTiming>;
  /** ADMIN_EMAILS: the addresses that get every staff e-mail (none by default). */
  adminEmails?: readonly string[];
  /** The accounts' names and the opted-in admins (none by default: 'Hello there,'). */
  directory?: MailDirectory;
};

/**
 * The e-mail outbox (docs/decisions/017-outbox.md): e-mails are rows written with the
 * change that caused them, and each instance's worker delivers them afterwards. A worker claims
 * due rows with a lease (`FOR UPDATE SKIP LOCKED`: one instance per message), sends each through
 * the mailer with a Message-ID fixed by the row, and notes it sent; a failed send is tried again
 * with back-off (cut short when sending works again after an outage). A crash, a full disk or an
 * SMTP outage delays a message; none is lost. Each message is noted sent before the next is sent,
 * so a crash may repeat at most the one message that was in flight, with the same Message-ID
 * (or one whose note could not reach the database within its lease); a graceful stop repeats
 * none: stop() finishes the message in hand, its note included, before the database closes.
 *
 * Woken when a transaction of this instance that wrote messages commits (afterCommit), and every
 * `pollMs` for the rest: retries, and messages of another instance past the handover.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { database, mailer, renderAttachment, origin, log, adminEmails = [] } = options;
  // The kinds of recipe the modules defined (defineRecipe), each with what renders it.
  const recipes = new Map<string, (data: unknown, to: string) => MailContent>();
  function renderMessage({ kind, data, name }: MessageRecipe, to: string): MailContent {
    const render = recipes.get(kind);
    if (!render) throw new Error(`no module defined the e-mail recipe "${kind}"`);
    const message = render(data, to);
    return name === undefined ? message : fillGreeting(message, name);
  }
  const worker = createOutboxWorker({
    db: database.db,
    mailer,
    renderAttachment,
    renderMessage,
    origin,
    log,
    timing: { ...OUTBOX_TIMING, ...options.timing },
  });
  const writer = createOutboxWriter({
    origin,
    adminEmails,
    directory: options.directory ?? EMPTY_MAIL_DIRECTORY,
    wake: worker.wake,
    defineRecipe(kind, render) {
      if (recipes.has(kind)) throw new Error(`the e-mail recipe "${kind}" is defined twice`);
      recipes.set(kind, render);
    },
  });
  return { ...writer, start: worker.start, stop: worker.stop, idle: worker.idle };
}

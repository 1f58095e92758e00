import type { SQL } from 'drizzle-orm';
import { afterCommit } from '../db/driver-adapter.ts';
import type { Executor } from '../db/client.ts';
import type { MailAbout, MailContent } from './mailer.ts';
import type { MessageRecipe, QueuedMessage } from './outbox-message.ts';
import { insertOutboxMessages, type NewOutboxRow } from './outbox.repository.ts';
import {
  greetByAccountName,
  greetWithNames,
  selectStaffRecipients,
  staffAddresses,
  type MailDirectory,
} from './recipients.ts';

// The outbox's writing side: e-mails become rows in the caller's transaction, and its commit
// wakes this instance's worker (outbox-worker.ts), which sends them.

/** The placeholder readersColumn's column reads its addresses from (a JSON array). */
const READERS_PLACEHOLDER = 'mailReaders';

/** One e-mail to write to the outbox, with what it is about (its kind and ids, for the log). */
export type OutboxMail = { message: QueuedMessage; about: MailAbout };

/**
 * One e-mail to write as a recipe (MessageRecipe): its reader, the kind that renders it, and what
 * it is about. The statement writing it adds what the kind renders (the rows it made).
 */
export type RecipeMail = { to: string; kind: string; about: MailAbout };

/** Renders a recipe's data, when its message leaves, as the message to `to`. */
export type RenderRecipe = (data: unknown, to: string) => MailContent;

/** An outbox row of a recipe, but for the data its writing statement adds. */
export type NewRecipeRow = {
  origin: string;
  to: string;
  recipe: Omit<MessageRecipe, 'data'>;
  about: MailAbout;
};

/** What the modules see: they write e-mails in their own transactions, and that is all. */
export type OutboxWriter = {
  /**
   * Writes an e-mail to send with `executor`: in the transaction of the change that caused it,
   * so that it leaves if and only if that change commits (identity's e-mails, outside any
   * transaction of ours, pass the database). Delivered afterwards, retried until it leaves.
   */
  enqueue(executor: Executor, message: QueuedMessage, about: MailAbout): Promise<void>;
  /** Several e-mails at once, in one statement (one to each admin). */
  enqueueEach(executor: Executor, mails: readonly OutboxMail[]): Promise<void>;
  /**
   * A staff e-mail (issue 25): one to each ADMIN_EMAILS address and each admin who turned the
   * staff e-mails on (recipients.ts), read in `executor`'s transaction. `compose` writes the
   * message to one address.
   */
  enqueueForStaff(
    executor: Executor,
    compose: (to: string) => QueuedMessage,
    about: MailAbout,
  ): Promise<void>;
  /**
   * For a placement (orders' order-pipeline.ts), which reads its e-mails' readers in its first
   * statement and writes the e-mails in a statement of its own rows: the staff addresses
   * (enqueueForStaff's) and the names of those readers and of `readers`, as one column for that
   * first statement to select (no query of its own); `prepared` reads the column's value, and its
   * `rows` then makes the e-mails' rows, greeted, without a query, for the writing statement to
   * insert in `executor` (outbox.table.ts), whose commit wakes the worker as enqueue's does.
   */
  readersColumn(readers: readonly string[]): ReadersColumn;
  /**
   * Defines a kind of recipe: how a message written as one (PreparedOutboxRows.recipeRows) is
   * rendered when it leaves. Defined once, by the module writing them, when the app starts.
   */
  defineRecipe(kind: string, render: RenderRecipe): void;
};

/** The e-mails' readers as a column of a placement's first statement (OutboxWriter.readersColumn). */
export type ReadersColumn = {
  /** Always the same SQL (for a statement built once); it reads `values`. */
  column: SQL;
  values: Record<string, unknown>;
  prepared(columnValue: unknown): PreparedOutboxRows;
};

/** What readersColumn read: the staff's addresses, and the rows of e-mails to these readers. */
export type PreparedOutboxRows = {
  staff: readonly string[];
  rows(executor: Executor, mails: readonly OutboxMail[]): NewOutboxRow[];
  /** As `rows`, for e-mails written as recipes (greeted as they leave). */
  recipeRows(executor: Executor, mails: readonly RecipeMail[]): NewRecipeRow[];
};

export type OutboxWriterOptions = {
  /** This instance's name: the messages it writes are its own to deliver first. */
  origin: string;
  /** ADMIN_EMAILS: the addresses that get every staff e-mail. */
  adminEmails: readonly string[];
  /** The accounts' names and the opted-in admins. */
  directory: MailDirectory;
  /** Run once a transaction that wrote messages commits: the worker's wake. */
  wake: () => void;
  defineRecipe: OutboxWriter['defineRecipe'];
};

/** Writes e-mails as outbox rows in the caller's transaction (OutboxWriter). */
export function createOutboxWriter(options: OutboxWriterOptions): OutboxWriter {
  const { origin, adminEmails, directory, wake, defineRecipe } = options;
  const readersColumn = directory.readersColumn(READERS_PLACEHOLDER);

  const rowOf = ({ message, about }: OutboxMail): NewOutboxRow => ({
    origin,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments ?? [],
    about,
  });

  /** Wakes the worker once `executor`'s transaction, which writes messages, commits. */
  function wakeOnCommit(executor: Executor): void {
    afterCommit(executor, wake);
  }

  /** The messages, each greeting its reader by name, in one statement. */
  async function enqueueEach(executor: Executor, mails: readonly OutboxMail[]): Promise<void> {
    const greeted = await greetByAccountName(
      executor,
      mails.map((mail) => mail.message),
      directory,
    );
    await insertOutboxMessages(
      executor,
      mails.map((mail, index) =>
        rowOf({ message: greeted[index] ?? mail.message, about: mail.about }),
      ),
    );
    wakeOnCommit(executor);
  }

  return {
    defineRecipe,

    async enqueue(executor, message, about) {
      const [greeted = message] = await greetByAccountName(executor, [message], directory);
      await insertOutboxMessages(executor, [rowOf({ message: greeted, about })]);
      wakeOnCommit(executor);
    },

    enqueueEach,

    async enqueueForStaff(executor, compose, about) {
      const recipients = await selectStaffRecipients(executor, adminEmails, directory);
      await enqueueEach(
        executor,
        recipients.map((to) => ({ message: compose(to), about })),
      );
    },

    readersColumn(readers) {
      // One read: the readers' and ADMIN_EMAILS' names, and the admins who opted in with theirs.
      const addresses = new Set(
        [...readers, ...adminEmails].map((email) => email.trim().toLowerCase()),
      );
      return {
        column: readersColumn,
        values: { [READERS_PLACEHOLDER]: JSON.stringify([...addresses]) },
        prepared: (columnValue) => {
          const { optedInAdmins, names } = directory.parseReaders(columnValue);
          return {
            staff: staffAddresses(adminEmails, optedInAdmins),
            rows: (executor, mails) => {
              wakeOnCommit(executor);
              const greeted = greetWithNames(
                mails.map((mail) => mail.message),
                names,
              );
              return mails.map((mail, index) =>
                rowOf({ message: greeted[index] ?? mail.message, about: mail.about }),
              );
            },
            recipeRows: (executor, mails) => {
              wakeOnCommit(executor);
              return mails.map(({ to, kind, about }) => ({
                origin,
                to,
                recipe: { kind, name: names.get(to.trim().toLowerCase()) ?? '' },
                about,
              }));
            },
          };
        },
      };
    },
  };
}

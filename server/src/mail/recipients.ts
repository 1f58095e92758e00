import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { MailContent } from './mailer.ts';
import { fillGreeting, GREETING_SLOT } from './templates/layout.ts';

/**
 * What the outbox asks the accounts about when it writes e-mails (the identity module answers,
 * wired in app.ts), read with the change's executor: who gets the staff e-mails besides
 * ADMIN_EMAILS, and how to greet each reader.
 */
export type MailDirectory = {
  /**
   * In one read: the addresses of the admins who turned the staff e-mails on, and the names of
   * the accounts with these (lower-case) addresses and of those admins, by lower-case address.
   */
  readers(executor: Executor, addresses: readonly string[]): Promise<MailReaders>;
  /**
   * The same read as one column of another statement (a change's first read, so that the e-mails'
   * readers cost no round trip of their own): the addresses are the value of the placeholder
   * `placeholder`, a JSON array of lower-case addresses; parseReaders reads the column's value.
   */
  readersColumn(placeholder: string): SQL;
  parseReaders(value: unknown): MailReaders;
};

export type MailReaders = {
  optedInAdmins: string[];
  names: ReadonlyMap<string, string>;
};

const NO_READERS = sql`'[]'::json`;

/** A directory that knows nobody: ADMIN_EMAILS only, 'Hello there,' (the outbox's own tests). */
export const EMPTY_MAIL_DIRECTORY: MailDirectory = {
  readers: () => Promise.resolve({ optedInAdmins: [], names: new Map() }),
  readersColumn: () => NO_READERS,
  parseReaders: () => ({ optedInAdmins: [], names: new Map() }),
};

/** One account a directory read: its address, its name, and whether an opted-in admin. */
export type ReaderRow = { email: string; name: string; optedIn: boolean };

/** The readers of the rows a directory read, by address. */
export function mailReadersOf(rows: readonly ReaderRow[]): MailReaders {
  return {
    optedInAdmins: rows.filter((row) => row.optedIn).map((row) => row.email),
    names: new Map(rows.map((row) => [row.email.toLowerCase(), row.name.trim()])),
  };
}

/** One reader as readersColumn gives it: a ReaderRow as [email, name, opted in]. */
type ReaderTuple = [email: string, name: string, optedIn: boolean];

/** The readers of a readersColumn's value (a JSON array of ReaderTuple, by address). */
export function readersOfTuples(value: unknown): MailReaders {
  // pg parses a json column; PGlite too, but a text column of it arrives as a string.
  const tuples = (typeof value === 'string' ? JSON.parse(value) : value) as ReaderTuple[] | null;
  return mailReadersOf((tuples ?? []).map(([email, name, optedIn]) => ({ email, name, optedIn })));
}

const lower = (email: string) => email.trim().toLowerCase();

/**
 * Who gets the staff e-mails (new orders, payments, quote requests, contact messages, low stock,
 * accepted offers): every ADMIN_EMAILS address, whether or not it has an account yet, then each
 * admin who turned them on (users.staff_notifications), each address once. Read with the
 * change's executor, so an admin who turns them on hears of the next event on any instance.
 */
export async function selectStaffRecipients(
  executor: Executor,
  adminEmails: readonly string[],
  directory: MailDirectory,
): Promise<string[]> {
  const { optedInAdmins } = await directory.readers(executor, []);
  return staffAddresses(adminEmails, optedInAdmins);
}

/** ADMIN_EMAILS, then the admins who opted in, each address once (selectStaffRecipients). */
export function staffAddresses(
  adminEmails: readonly string[],
  optedIn: readonly string[],
): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const email of [...adminEmails, ...optedIn]) {
    if (seen.has(lower(email))) continue;
    seen.add(lower(email));
    recipients.push(email);
  }
  return recipients;
}

/**
 * The messages with their greeting filled: 'Hello Dana,' with the name of the account whose
 * e-mail each is written to ('Hello there,' when none has it: an ADMIN_EMAILS address that never
 * signed up). One read for all of them; messages composed with a name are left as they are.
 */
export async function greetByAccountName<T extends MailContent>(
  executor: Executor,
  messages: readonly T[],
  directory: MailDirectory,
): Promise<T[]> {
  const unnamed = messages.filter((message) => message.text.includes(GREETING_SLOT));
  if (unnamed.length === 0) return [...messages];
  const addresses = [...new Set(unnamed.map((message) => lower(message.to)))];
  const { names } = await directory.readers(executor, addresses);
  return greetWithNames(messages, names);
}

/**
 * greetByAccountName with the names read already (`names` by lower-case address, as
 * MailDirectory.readers answers): no query.
 */
export function greetWithNames<T extends MailContent>(
  messages: readonly T[],
  names: ReadonlyMap<string, string>,
): T[] {
  return messages.map((message) =>
    message.text.includes(GREETING_SLOT)
      ? fillGreeting(message, names.get(lower(message.to)) ?? '')
      : message,
  );
}

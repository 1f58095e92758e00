import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';

/**
 * A message sent through the home page's contact form
 * (docs/architecture.md#departures-from-the-spec): stored, e-mailed to the admins and listed for
 * them. Nothing is e-mailed to the address typed but an admin's reply (contactReplies).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: randomUuidKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When an admin marked it read (or replied); null while unread. */
    readAt: timestamptz('read_at'),
    /** When an admin archived it: out of the inbox, kept. */
    archivedAt: timestamptz('archived_at'),
  },
  (t) => [
    // Messages' pages (issue 43): a folder (the inbox, or the archive) newest first from a cursor,
    // read backwards off its own index; inFolder (contact.repository.ts) states the same filters.
    index('contact_messages_inbox_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('contact_messages_archive_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is not null`),
  ],
);

/**
 * An admin's reply to a contact message, e-mailed to the address the visitor typed (through the
 * outbox, in the transaction that stores it): the one thing ever sent to that address, and only
 * by an admin's hand.
 */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: randomUuidKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** The admin who wrote it; null once that account is removed. */
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_id_idx').on(t.messageId, t.createdAt)],
);

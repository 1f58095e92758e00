import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';

/**
 * A message sent through the home page's contact form
 * (docs/architecture.md#departures-from-the-spec): stored, e-mailed to the admins and listed for
 * them. Nothing is ever e-mailed to the address typed.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: randomUuidKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

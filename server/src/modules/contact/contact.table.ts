import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A message sent through the home page's contact form (DESIGN.md section 10): stored, e-mailed
 * to the admins and listed for them. Nothing is ever e-mailed to the address typed.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: randomUuidKey(),
    /** Null for the demo reviews seeded without an account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    review: text('review').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set when an admin hid the review: it leaves the public answers and pages. */
    hiddenAt: timestamptz('hidden_at'),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // Newest first from a cursor (Reviews' pages, issue 43), and GET /review's order.
    index('reviews_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A tool of the catalog. Removing a tool archives it: its orders keep their snapshot. */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names identify a tool for clients that order by name: unique among live tools, any case.
    uniqueIndex('tools_name_live_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('tools_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('tools_min_nonnegative', sql`${t.minOrderQuantity} >= 0`),
    check('tools_available_nonnegative', sql`${t.availableQuantity} >= 0`),
  ],
);

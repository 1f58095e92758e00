import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';
import { tools } from '../tools/tools.table.ts';

/**
 * The cart (docs/architecture.md#business-buyers): kept on the server per account, so a second
 * device sees it; one line per tool. A line keeps only what the buyer chose (the quantity) and the
 * unit price it was shown when added, to tell the buyer when today's price differs; everything else
 * (the price, the stock, whether the tool is still sold) is read again whenever the cart is.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The unit price for this quantity when the line was added or its quantity last set. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
    /**
     * The order lines were added in, where `added_at` ties: one statement adds several lines at
     * one time (quick order, Order again), and PGlite's clock keeps milliseconds. Never set.
     */
    addedOrder: bigint('added_order', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

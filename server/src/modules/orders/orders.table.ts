import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.table.ts';
import { tools } from '../tools/tools.table.ts';

export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped'] as const;

/**
 * An order keeps a snapshot of the tool's name, image and unit price, so archiving the tool or
 * changing its price never rewrites history.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    toolName: text('tool_name').notNull(),
    toolImage: text('tool_image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_status_known', sql`${t.status} in ('unpaid', 'paid', 'shipped')`),
    index('orders_user_id_idx').on(t.userId),
    index('orders_unpaid_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unpaid'`),
  ],
);

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.ts';

/** A payment intent created for one order and its full amount, with whichever gateway is set. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['requires_payment', 'succeeded', 'failed'] })
      .notNull()
      .default('requires_payment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_intents_order_id_idx').on(t.orderId)],
);

/** The payment record of the spec: an order and its transaction id, recorded once. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_order_id_unique').on(t.orderId)],
);

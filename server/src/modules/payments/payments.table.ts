import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { orders } from '../orders/orders.table.ts';

export const PAYMENT_INTENT_STATUSES = ['requires_payment', 'succeeded'] as const;

/**
 * Every intent the server created, with whichever gateway, for one order, its owner and its full
 * amount. It outlives its order on purpose (no foreign key): a payment that succeeds for an order
 * removed meanwhile is still found, and refunded. For the built-in test gateway this row is also
 * the gateway's own state (its status).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** The gateway's id (Stripe's `pi_...`): the spec's transaction id once it succeeded. */
    id: text('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /**
     * The checkout the intent pays, every unpaid line of it (docs/architecture.md#business-buyers);
     * `order_id` is the line the payment was started from. No foreign key either, for the same
     * reason.
     */
    checkoutId: uuid('checkout_id').notNull(),
    userId: text('user_id').notNull(),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** One intent per order and amount, whatever the retries (the gateway's idempotency key). */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull().default('requires_payment'),
    /** Set once the gateway gave the money back (the order was gone, or paid twice). */
    refundedAt: timestamptz('refunded_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_order_id_idx').on(t.orderId),
    index('payment_intents_checkout_id_idx').on(t.checkoutId),
    uniqueIndex('payment_intents_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('payment_intents_client_secret_unique').on(t.clientSecret),
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The payment record of the spec: an order and its transaction id, each recorded once. */
export const payments = pgTable(
  'payments',
  {
    id: randomUuidKey(),
    orderId: uuid('order_id')
      .notNull()
      // A paid order is never deleted (docs/architecture.md#orders): the database refuses it too.
      .references(() => orders.id, { onDelete: 'restrict' }),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_unique').on(t.orderId),
    // A transaction pays the lines of one checkout (each line its own payment row).
    index('payments_transaction_id_idx').on(t.transactionId),
  ],
);

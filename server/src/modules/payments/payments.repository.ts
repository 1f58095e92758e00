import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { paymentIntents, payments } from './payments.table.ts';

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type NewPaymentIntentRow = typeof paymentIntents.$inferInsert;

/**
 * Records an intent the gateway created. A retry with the same idempotency key (two tabs, a
 * double click) finds the row already there: resolves to the row that holds that key.
 */
export async function recordIntent(
  executor: Executor,
  values: NewPaymentIntentRow,
): Promise<PaymentIntentRow> {
  await executor.insert(paymentIntents).values(values).onConflictDoNothing();
  const row = await findIntentByIdempotencyKey(executor, values.idempotencyKey);
  if (!row) throw new Error('payment intent not recorded');
  return row;
}

export async function findIntentByIdempotencyKey(
  executor: Executor,
  key: string,
): Promise<PaymentIntentRow | undefined> {
  const [row] = await executor
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.idempotencyKey, key));
  return row;
}

export async function findIntentById(
  executor: Executor,
  id: string,
): Promise<PaymentIntentRow | undefined> {
  const [row] = await executor.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

export async function findIntentByClientSecret(
  executor: Executor,
  clientSecret: string,
): Promise<PaymentIntentRow | undefined> {
  const [row] = await executor
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, clientSecret));
  return row;
}

/** The test gateway's confirmation: the intent succeeds (once). */
export async function markIntentSucceeded(executor: Executor, id: string): Promise<void> {
  await executor
    .update(paymentIntents)
    .set({ status: 'succeeded' })
    .where(eq(paymentIntents.id, id));
}

/** Notes a refund; false when it was noted already (the refund is not sent twice). */
export async function markIntentRefunded(
  executor: Executor,
  id: string,
  refundedAt: Date,
): Promise<boolean> {
  const marked = await executor
    .update(paymentIntents)
    .set({ refundedAt })
    .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.refundedAt)))
    .returning({ id: paymentIntents.id });
  return marked.length > 0;
}

/** The spec's payment record (order, transaction id), in the transaction that marks it paid. */
export async function insertPayment(
  tx: Transaction,
  values: { orderId: string; transactionId: string; amountCents: number },
): Promise<void> {
  await tx.insert(payments).values(values);
}

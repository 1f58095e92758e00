import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkouts } from './checkouts.table.ts';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type NewCheckoutRow = typeof checkouts.$inferInsert;

/** The checkout a user placed with this Idempotency-Key, if any (unique per user). */
export async function selectCheckoutByIdempotencyKey(
  executor: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await executor
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, idempotencyKey)));
  return row;
}

export async function selectCheckout(
  executor: Executor,
  id: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await executor.select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

/** The checkouts with these ids (any order). */
export function selectCheckoutsByIds(
  executor: Executor,
  ids: readonly string[],
): Promise<CheckoutRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(checkouts)
    .where(inArray(checkouts.id, [...ids]));
}

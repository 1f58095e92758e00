import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export async function insertOrder(executor: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await executor.insert(orders).values(values).returning();
  if (!row) throw new Error('insert into orders returned no row');
  return row;
}

/** A user's orders, newest first. */
export function selectOrdersOfUser(executor: Executor, userId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * An order, locked until the transaction ends: a payment, the expiry sweep or another removal of
 * the same order waits (the sweep skips it), so the decision taken on it stays true.
 */
export async function selectOrderByIdForUpdate(
  tx: Transaction,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function deleteOrderById(tx: Transaction, id: string): Promise<number> {
  const deleted = await tx.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` unpaid orders created before `cutoff`, skipping any that another
 * transaction holds (a payment under way, another instance's sweep): two sweeps at once never
 * take the same order. Resolves to the deleted orders' tools and quantities.
 */
export function deleteUnpaidOrdersCreatedBefore(
  tx: Transaction,
  cutoff: Date,
  limit: number,
): Promise<{ toolId: string; quantity: number }[]> {
  const expired = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .delete(orders)
    .where(inArray(orders.id, expired))
    .returning({ toolId: orders.toolId, quantity: orders.quantity });
}

import { ORDER_TRANSITIONS } from '@tools-factory/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { statusAllows } from './order-status-conditions.ts';
import type { OrderRow } from './orders.repository.ts';
import { orders } from './orders.table.ts';

/** Marks a locked, paid (or shipped, refunded, disputed) order cancelled at `cancelledAt`. */
export async function markOrderCancelled(
  tx: Transaction,
  id: string,
  cancelledAt: Date,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: ORDER_TRANSITIONS.recordCancellation.to, cancelledAt })
    .where(and(eq(orders.id, id), statusAllows('recordCancellation')))
    .returning();
  if (!row) throw new Error(`order ${id} was unpaid or cancelled when marked cancelled`);
  return row;
}

/**
 * The gateway's word that the payment `transactionId` went back in full: its order, if paid,
 * shipped or disputed, becomes refunded. A cancelled order stays cancelled (its own refund is
 * what the gateway reports). Resolves to the ids of the orders it changed (none, or one).
 */
export async function markOrderRefunded(
  executor: Executor,
  transactionId: string,
  refundedAt: Date,
): Promise<string[]> {
  const changed = await executor
    .update(orders)
    .set({ status: ORDER_TRANSITIONS.refund.to, refundedAt })
    .where(and(eq(orders.transactionId, transactionId), statusAllows('refund')))
    .returning({ id: orders.id });
  return changed.map(({ id }) => id);
}

/**
 * The gateway's word that the customer disputes the payment `transactionId`: its order, if paid
 * or shipped, becomes disputed (and is not shipped then). Resolves to the ids of the orders it
 * changed.
 */
export async function markOrderDisputed(
  executor: Executor,
  transactionId: string,
  disputedAt: Date,
): Promise<string[]> {
  const changed = await executor
    .update(orders)
    .set({ status: ORDER_TRANSITIONS.dispute.to, disputedAt })
    .where(and(eq(orders.transactionId, transactionId), statusAllows('dispute')))
    .returning({ id: orders.id });
  return changed.map(({ id }) => id);
}

import { ORDER_TRANSITIONS, PART_REFUNDABLE_STATUSES } from '@tools-factory/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { statusAllows } from './order-status-conditions.ts';
import type { OrderRow } from './orders.repository.ts';
import { orders } from './orders.table.ts';

/**
 * Marks a locked, paid (or shipped, refunded, disputed) order cancelled at `cancelledAt`, with
 * `refundedCents` more given back (0 for a cancellation without a refund).
 */
export async function markOrderCancelled(
  tx: Transaction,
  id: string,
  cancelledAt: Date,
  refundedCents: number,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      status: ORDER_TRANSITIONS.recordCancellation.to,
      cancelledAt,
      refundedCents: sql`${orders.refundedCents} + ${refundedCents}`,
    })
    .where(and(eq(orders.id, id), statusAllows('recordCancellation')))
    .returning();
  if (!row) throw new Error(`order ${id} was unpaid or cancelled when marked cancelled`);
  return row;
}

/**
 * Records part of a line's amount given back (issue 42): only while its refunded sum is still
 * `before` (what the refund was asked on: another refund meanwhile changes nothing) and its
 * status allows one. The table's check keeps the sum within the line's amount. Resolves to the
 * line as it now stands, or undefined when it changed meanwhile.
 */
export async function addOrderRefund(
  tx: Transaction,
  id: string,
  before: number,
  amountCents: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ refundedCents: before + amountCents })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.refundedCents, before),
        inArray(orders.status, [...PART_REFUNDABLE_STATUSES]),
      ),
    )
    .returning();
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
    .set({
      status: ORDER_TRANSITIONS.refund.to,
      refundedAt,
      refundedCents: sql`${orders.unitPriceCents}::bigint * ${orders.quantity}`,
    })
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

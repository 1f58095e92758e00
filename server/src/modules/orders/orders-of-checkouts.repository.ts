import { asc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { orders } from './orders.table.ts';
import { extendHolds, type OrderRow } from './orders.repository.ts';

/**
 * A checkout's lines in the buyer's order (their line numbers, issue 42: the cart's order), then
 * as they were placed: the order its invoice, e-mails and pages list them in.
 */
export function inBuyersOrder(a: OrderRow, b: OrderRow): number {
  return (
    a.lineNumber - b.lineNumber ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.toolId.localeCompare(b.toolId)
  );
}

/**
 * The lines of a checkout (its orders, docs/architecture.md#business-buyers) for paying it as one,
 * in the buyer's order (inBuyersOrder).
 */
export function selectCheckoutLines(executor: Executor, checkoutId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.lineNumber), asc(orders.createdAt), asc(orders.toolId));
}

/**
 * The lines of a checkout, each locked until `tx` ends (the expiry sweep skips them, a removal
 * waits): what the payment decides on stays true. Locked in id order, as every transaction that
 * locks several orders does, so two of them never wait for each other; answered in the buyer's
 * order.
 */
export async function selectCheckoutLinesForUpdate(
  tx: Transaction,
  checkoutId: string,
): Promise<OrderRow[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.sort(inBuyersOrder);
}

/**
 * extendHolds (orders.repository.ts) for every unpaid line of a checkout at once, on the same
 * terms: each line's hold is extended once, never past its ceiling. Resolves to how many lines
 * were unpaid.
 */
export async function extendCheckoutHolds(
  executor: Executor,
  checkoutId: string,
  until: Date,
  ceiling: { afterPlacingMs: number },
): Promise<number> {
  return (await extendHolds(executor, eq(orders.checkoutId, checkoutId), until, ceiling)).length;
}

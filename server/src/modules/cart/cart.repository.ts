import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartLines } from './cart.table.ts';

/** What the checkout and the cart's reads need of a line: the rest is read again from the tool. */
export interface CartLineRow {
  toolId: string;
  quantity: number;
  /** The unit price the buyer was shown when the line was added or its quantity last set. */
  unitPriceCents: number;
}

/**
 * A user's cart lines ordered by tool id: the checkout locks the tools in this order, the same
 * order every other multi-tool writer takes, so two checkouts never wait on each other in a ring.
 */
export function selectCartLines(executor: Executor, userId: string): Promise<CartLineRow[]> {
  return executor
    .select({
      toolId: cartLines.toolId,
      quantity: cartLines.quantity,
      unitPriceCents: cartLines.unitPriceCents,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.toolId));
}

/** Empties a user's cart (after a checkout took its lines, or when the buyer asks). */
export async function clearCart(executor: Executor, userId: string): Promise<void> {
  await executor.delete(cartLines).where(eq(cartLines.userId, userId));
}

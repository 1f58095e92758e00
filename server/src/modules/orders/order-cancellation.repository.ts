import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
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
    .set({ status: 'cancelled', cancelledAt })
    .where(and(eq(orders.id, id), ne(orders.status, 'unpaid'), ne(orders.status, 'cancelled')))
    .returning();
  if (!row) throw new Error(`order ${id} was unpaid or cancelled when marked cancelled`);
  return row;
}

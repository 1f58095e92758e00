import { quoteReference, type OrderTaxMode } from '@tools-factory/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './orders.table.ts';

/**
 * What an order's invoice and credit note print beside their own rows (issue 25): the tax rate
 * and mode kept on the order when it was placed (so a later change of TAX_RATE_PERCENT or
 * TAX_MODE never rewrites a document) and the reference of the quote it was placed from.
 * Undefined: no such order.
 */
export type OrderBooking = {
  taxRateBasisPoints: number;
  taxMode: OrderTaxMode;
  quoteReference: string | null;
};

export async function selectOrderBooking(
  executor: Executor,
  orderId: string,
): Promise<OrderBooking | undefined> {
  const [row] = await executor
    .select({
      taxRateBasisPoints: orders.taxRateBasisPoints,
      taxMode: orders.taxMode,
      quoteId: orders.quoteId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return (
    row && {
      taxRateBasisPoints: row.taxRateBasisPoints,
      taxMode: row.taxMode,
      quoteReference: row.quoteId ? quoteReference(row.quoteId) : null,
    }
  );
}

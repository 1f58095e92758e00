import { BOUGHT_STATUSES } from '@tools-factory/contract';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { statusIsOneOf } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';

/**
 * Who has bought from the shop, for the reviews' 'verified buyer' (issue 22 item 10): read
 * when the catalog snapshot builds its reviews.
 */
export function createBuyersLookup(options: { db: Database }) {
  const { db } = options;
  return {
    /** Of these accounts, those with at least one paid (or shipped) order. */
    async withPaidOrders(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: orders.userId })
        .from(orders)
        .where(and(inArray(orders.userId, [...userIds]), statusIsOneOf(BOUGHT_STATUSES)));
      return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
    },
  };
}

export type BuyersLookup = ReturnType<typeof createBuyersLookup>;

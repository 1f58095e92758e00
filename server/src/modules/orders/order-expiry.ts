import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { expiryCutoffs } from './order-hold.ts';
import { deleteUnpaidOrdersCreatedBefore } from './orders.repository.ts';
import { returnStockOf } from './returned-stock.ts';

/** Orders the expiry sweep deletes per transaction (keeps each transaction and its locks short). */
const SWEEP_BATCH_SIZE = 500;

export type SweepResult = { expiredOrders: number; returnedUnits: number };

/**
 * The expiry of unpaid orders (docs/architecture.md#orders): their hold is over, their stock goes
 * back.
 */
export function createOrderExpiry(options: {
  db: Database;
  tools: Pick<ToolsService, 'returnStock'>;
  catalog: CatalogChanged;
  orderHoldHours: number;
}) {
  const { db, tools, catalog, orderHoldHours } = options;
  return {
    /**
     * Deletes the unpaid orders placed more than ORDER_HOLD_HOURS before `now` and returns
     * their stock, batch by batch, each batch one transaction. Safe to run on several instances
     * at once: a batch skips the orders another transaction holds, so each order's stock comes
     * back once. `now` is the caller's clock (tests move it); the database's clock is not read.
     */
    async sweepExpiredOrders(now: Date): Promise<SweepResult> {
      const cutoffs = expiryCutoffs(now, orderHoldHours);
      const result: SweepResult = { expiredOrders: 0, returnedUnits: 0 };
      const returned: StockChange[] = [];
      for (;;) {
        const expired = await db.transaction(async (tx) => {
          const deleted = await deleteUnpaidOrdersCreatedBefore(tx, cutoffs, now, SWEEP_BATCH_SIZE);
          return { deleted, ...(await returnStockOf(tx, tools, deleted)) };
        });
        returned.push(...expired.changes);
        result.expiredOrders += expired.deleted.length;
        result.returnedUnits += expired.returnedUnits;
        if (expired.deleted.length < SWEEP_BATCH_SIZE) break;
      }
      if (returned.length > 0) await catalog.stockMoved(returned);
      return result;
    },
  };
}

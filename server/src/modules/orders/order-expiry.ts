import type { Order } from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { checkoutExpiredMail } from '../../mail/templates/customer-notices.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { emailEvent, insertOrderEvents, type NewOrderEvent } from './order-events.repository.ts';
import { expiryCutoffs } from './order-hold.ts';
import { inBuyersOrder } from './orders-of-checkouts.repository.ts';
import { markUnpaidOrdersCreatedBeforeExpired, type OrderRow } from './orders.repository.ts';
import { returnStockOf } from './returned-stock.ts';

/** Orders the expiry sweep ends per transaction (keeps each transaction and its locks short). */
const SWEEP_BATCH_SIZE = 500;

export type SweepResult = { expiredOrders: number; returnedUnits: number };

/**
 * The expiry of unpaid orders (docs/architecture.md#orders): their hold is over, they end as
 * expired (their rows and timelines stay, issue 44), their stock goes back, and each buyer is
 * told by e-mail, once for the lines of a checkout that expired together.
 */
export function createOrderExpiry(options: {
  db: Database;
  tools: Pick<ToolsService, 'returnStock'>;
  catalog: CatalogChanged;
  outbox: Pick<OutboxWriter, 'enqueueEach'>;
  orderDto: (row: OrderRow) => Order;
  publicUrl: string;
  orderHoldHours: number;
}) {
  const { db, tools, catalog, outbox, orderDto, publicUrl, orderHoldHours } = options;

  /**
   * In the batch's transaction: the 'expired' line of each order's timeline, and one e-mail per
   * checkout to its buyer (an order whose account was removed has no one to tell).
   */
  async function recordExpiry(tx: Transaction, expired: readonly OrderRow[], at: Date) {
    const byCheckout = new Map<string, OrderRow[]>();
    for (const row of expired) {
      if (row.userId === null) continue;
      byCheckout.set(row.checkoutId, [...(byCheckout.get(row.checkoutId) ?? []), row]);
    }
    const mails = [...byCheckout].map(([checkoutId, rows]) => ({
      checkoutId,
      rows,
      message: checkoutExpiredMail(rows.sort(inBuyersOrder).map(orderDto), {
        publicUrl,
        holdHours: orderHoldHours,
      }),
    }));
    await outbox.enqueueEach(
      tx,
      mails.map(({ checkoutId, message }) => ({
        message,
        about: { checkoutId, mail: 'checkout expired' },
      })),
    );
    const told = new Map(
      mails.flatMap(({ rows, message }) => rows.map((row) => [row.id, message])),
    );
    await insertOrderEvents(
      tx,
      expired.flatMap((row): NewOrderEvent[] => {
        const message = told.get(row.id);
        return [
          { orderId: row.id, kind: 'expired', at },
          ...(message ? [emailEvent(row.id, message, at)] : []),
        ];
      }),
    );
  }

  return {
    /**
     * Ends as expired the unpaid orders placed more than ORDER_HOLD_HOURS before `now` and
     * returns their stock, batch by batch, each batch one transaction. Safe to run on several
     * instances at once: a batch skips the orders another transaction holds, so each order's
     * stock comes back once. `now` is the caller's clock (tests move it); the database's clock
     * is not read.
     */
    async sweepExpiredOrders(now: Date): Promise<SweepResult> {
      const cutoffs = expiryCutoffs(now, orderHoldHours);
      const result: SweepResult = { expiredOrders: 0, returnedUnits: 0 };
      const returned: StockChange[] = [];
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const expired = await markUnpaidOrdersCreatedBeforeExpired(
            tx,
            cutoffs,
            now,
            SWEEP_BATCH_SIZE,
          );
          await recordExpiry(tx, expired, now);
          return { expired, ...(await returnStockOf(tx, tools, expired)) };
        });
        returned.push(...batch.changes);
        result.expiredOrders += batch.expired.length;
        result.returnedUnits += batch.returnedUnits;
        if (batch.expired.length < SWEEP_BATCH_SIZE) break;
      }
      if (returned.length > 0) await catalog.stockMoved(returned);
      return result;
    },
  };
}

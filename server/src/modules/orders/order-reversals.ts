import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { markOrderDisputed, markOrderRefunded } from './order-cancellation.repository.ts';
import { insertOrderEvents } from './order-events.repository.ts';

/**
 * What the gateway reports on its own about a paid order's money (Stripe's webhook, issue 22
 * item 11): refunded in full (from Stripe's dashboard, say) or disputed by the customer with the
 * card issuer. The order's status says so in Manage Orders and My Orders; a disputed order is not
 * shipped. Events about payments that paid no order of ours change nothing.
 */
export function createOrderReversals(options: {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, log, now } = options;

  /** The change and its line in the order's timeline (by the shop: no actor), in one transaction. */
  async function reverse(
    kind: 'refunded' | 'disputed',
    mark: typeof markOrderRefunded,
    intentId: string,
  ): Promise<boolean> {
    const changed = await db.transaction(async (tx) => {
      const at = now();
      const ids = await mark(tx, intentId, at);
      await insertOrderEvents(
        tx,
        ids.map((orderId) => ({ orderId, kind, detail: { transactionId: intentId }, at })),
      );
      return ids.length > 0;
    });
    return changed;
  }

  return {
    async refunded(intentId: string): Promise<boolean> {
      const changed = await reverse('refunded', markOrderRefunded, intentId);
      if (changed) log.warn({ intentId }, 'order refunded by the payment gateway');
      return changed;
    },
    async disputed(intentId: string): Promise<boolean> {
      const changed = await reverse('disputed', markOrderDisputed, intentId);
      if (changed) log.warn({ intentId }, 'order payment disputed');
      return changed;
    },
  };
}

export type OrderReversals = ReturnType<typeof createOrderReversals>;

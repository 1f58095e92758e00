import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicSweep, type PeriodicSweep } from '../../periodic-sweep.ts';
import type { OrdersService } from './orders.service.ts';

/** How often each instance looks for expired unpaid orders. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export type OrderExpirySweeper = PeriodicSweep;

/**
 * Runs the expiry sweep periodically on this instance. Every instance runs its own: the sweep is
 * safe to run concurrently (see `sweepExpiredOrders`).
 */
export function createOrderExpirySweeper(options: {
  orders: Pick<OrdersService, 'sweepExpiredOrders'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}): OrderExpirySweeper {
  const { orders, log, intervalMs = ORDER_SWEEP_INTERVAL_MS, now = () => new Date() } = options;
  return createPeriodicSweep({
    intervalMs,
    now,
    async sweep(at) {
      const result = await orders.sweepExpiredOrders(at);
      if (result.expiredOrders > 0) {
        log.info(result, 'expired unpaid orders removed and their stock returned');
      }
    },
    onError: (error) => log.error({ err: error }, 'order expiry sweep failed; retrying next time'),
  });
}

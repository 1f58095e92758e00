import type { FastifyBaseLogger } from 'fastify';
import type { OrdersService } from './orders.service.ts';

/** How often each instance looks for expired unpaid orders. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export type OrderExpirySweeper = {
  /** Sweeps once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep under way (call before the database closes). */
  stop(): Promise<void>;
};

/**
 * Runs the expiry sweep periodically on this instance. Every instance runs its own: the sweep is
 * safe to run concurrently (see `sweepExpiredOrders`). A sweep still running when the next one is
 * due makes that one skip; a failure is logged and the next interval tries again.
 */
export function createOrderExpirySweeper(options: {
  orders: Pick<OrdersService, 'sweepExpiredOrders'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}): OrderExpirySweeper {
  const { orders, log, intervalMs = ORDER_SWEEP_INTERVAL_MS, now = () => new Date() } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function sweep(): void {
    if (running || stopped) return;
    running = orders
      .sweepExpiredOrders(now())
      .then((result) => {
        if (result.expiredOrders > 0) {
          log.info(result, 'expired unpaid orders removed and their stock returned');
        }
      })
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'order expiry sweep failed; retrying next time');
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      sweep();
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

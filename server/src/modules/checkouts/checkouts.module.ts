import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createCheckoutLines } from './checkout-lines.ts';
import { checkoutsRoutes } from './checkouts.routes.ts';

export type CheckoutsModuleDeps = {
  db: Database;
  /** Places a checkout through the orders' pipeline and reads the caller's checkouts. */
  orders: OrdersService;
  guards: AuthGuards;
  /** How long an unpaid checkout holds its stock (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
  /** Checkouts one account may place a minute (ORDER_RATE_LIMIT, as for orders). */
  checkoutsPerMinute: number;
};

/**
 * Checkouts (docs/architecture.md#business-buyers): the cart placed as one purchase (its routes),
 * and its lines paid, invoiced and mailed as one (payments and invoices take `checkoutLines`).
 */
export function createCheckoutsModule(deps: CheckoutsModuleDeps) {
  const { db, orders, guards, orderHoldHours, checkoutsPerMinute } = deps;
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(checkoutsRoutes, { orders, guards, checkoutsPerMinute });
  };
  return {
    routes,
    /** A checkout's lines, paid, invoiced and mailed as one (issue 26). */
    checkoutLines: createCheckoutLines({ db, orderHoldHours }),
  };
}

export type CheckoutsModule = ReturnType<typeof createCheckoutsModule>;

import type { FastifyPluginAsync } from 'fastify';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { OrderLinesOfCheckouts } from '../orders/orders-of-checkouts.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { createCheckoutLines } from './checkout-lines.ts';
import type { CheckoutsOnAccount } from './checkout-on-account.ts';
import type { CartForCheckout } from './checkout-placement.ts';
import { checkoutsRoutes } from './checkouts.routes.ts';
import { createCheckoutsService } from './checkouts.service.ts';

export type CheckoutsModuleDeps = {
  db: Database;
  /** The placement pipeline a checkout runs, and the order DTOs its lines are shown with. */
  orders: Pick<OrdersService, 'placementPipeline' | 'orderDto' | 'managedOrderDto'>;
  /** Orders read and held in a checkout's own transactions (the orders' `linesOfCheckouts`). */
  orderLines: OrderLinesOfCheckouts;
  /** The cart a checkout places and empties (the cart module's `cartForCheckout`). */
  cart: CartForCheckout;
  /** Told of every committed stock change. */
  catalog: CatalogChanged;
  /** Says why a line could not be reserved. */
  tools: ToolsService;
  guards: AuthGuards;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** How long an unpaid checkout holds its stock (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
  /** Checkouts one account may place a minute (ORDER_RATE_LIMIT, as for orders). */
  checkoutsPerMinute: number;
  /** What a company's invoice bills (issue 44). */
  companies: Pick<CompaniesService, 'billingOf'>;
  /** A checkout on account's terms, credit and invoice (issue 45; the invoices module's). */
  onAccount: CheckoutsOnAccount;
};

/**
 * Checkouts (docs/architecture.md#business-buyers): the cart placed as one purchase through the
 * orders' pipeline (its service and routes), and its lines paid, invoiced and mailed as one
 * (payments and invoices take `checkoutLines`).
 */
export function createCheckoutsModule(deps: CheckoutsModuleDeps) {
  const { db, orders, orderLines, cart, catalog, tools, guards, publicUrl } = deps;
  const service = createCheckoutsService({
    db,
    orders,
    orderLines,
    cart,
    catalog,
    tools,
    publicUrl,
    onAccount: deps.onAccount,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(checkoutsRoutes, {
      checkouts: service,
      guards,
      checkoutsPerMinute: deps.checkoutsPerMinute,
    });
  };
  return {
    service,
    routes,
    /** A checkout's lines, paid, invoiced and mailed as one (issue 26). */
    checkoutLines: createCheckoutLines({
      db,
      orderLines,
      orderHoldHours: deps.orderHoldHours,
      companies: deps.companies,
    }),
  };
}

export type CheckoutsModule = ReturnType<typeof createCheckoutsModule>;

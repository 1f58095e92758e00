import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { dollarsToCents } from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { createOrderCancellation, type OrderCancellationOptions } from './order-cancellation.ts';
import { orderCancellationRoutes } from './order-cancellation.routes.ts';
import { createOrderFigures } from './order-figures.ts';
import { createOrderReversals } from './order-reversals.ts';
import { createOrderShipping } from './order-shipping.ts';
import { createBuyersLookup } from './orders-buyers.ts';
import { createOrdersCsv } from './orders-csv.ts';
import { createOrderLinesOfCheckouts } from './orders-of-checkouts.ts';
import { ordersRoutes } from './orders.routes.ts';
import { shipmentsRoutes } from './shipments.routes.ts';
import type { InvoiceOnAccount } from './order-approvals.ts';
import { createOrdersService } from './orders.service.ts';
import { checkoutCharges } from '../checkouts/checkout-charges.ts';
import { createOrderExpirySweeper } from './orders.sweeper.ts';

export type OrdersModuleDeps = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'orderHoldHours'
    | 'maxUnpaidOrders'
    | 'unpaidHoldLimit'
    | 'unverifiedHoldLimit'
    | 'unpaidToolSharePercent'
    | 'taxRateBasisPoints'
    | 'taxMode'
    | 'shippingRates'
    | 'orderRateLimit'
    | 'seller'
  >;
  db: Database;
  /** Told of every committed stock change. */
  catalog: CatalogChanged;
  /** Reserves and returns stock in the order's own transaction. */
  tools: ToolsService;
  /** The customers' and admins' names, for Manage Orders, its CSV and an order's page. */
  identity: Pick<IdentityService, 'namesOf' | 'findByIds'>;
  outbox: OutboxWriter;
  guards: AuthGuards;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The engine runs one transaction at a time (PGlite, decision 031). */
  transactionsRunAlone: boolean;
  /** A checkout on account, approved: its credit and invoice (issue 45; the invoices module's). */
  invoiceOnAccount: InvoiceOnAccount;
};

/**
 * What the orders' routes need of modules built after orders (they need the orders service):
 * cancelling refunds through payments and issues a credit note through invoices.
 */
export type OrdersRoutesDeps = Pick<OrderCancellationOptions, 'payments' | 'invoices'>;

/**
 * Orders (docs/architecture.md#orders): the service the routes and the other modules call, and
 * beside it what other modules take from orders: the buyers (reviews), the reversals Stripe
 * reports (payments), the figures (sales), the lines of checkouts (checkouts), the sweep.
 */
export function createOrdersModule(deps: OrdersModuleDeps) {
  const { config, db, catalog, tools, identity, outbox, guards, log, now } = deps;
  const service = createOrdersService({
    db,
    catalog,
    tools,
    orderHoldHours: config.orderHoldHours,
    maxUnpaidOrders: config.maxUnpaidOrders,
    holdLimits: {
      verifiedCents: dollarsToCents(config.unpaidHoldLimit),
      unverifiedCents: dollarsToCents(config.unverifiedHoldLimit),
    },
    toolSharePercent: config.unpaidToolSharePercent,
    outbox,
    publicUrl: config.publicUrl,
    tax: { mode: config.taxMode, rateBasisPoints: config.taxRateBasisPoints },
    shippingRates: config.shippingRates,
    transactionsRunAlone: deps.transactionsRunAlone,
    now,
    identity,
    invoiceOnAccount: deps.invoiceOnAccount,
  });

  const shipping = createOrderShipping({
    db,
    managedOrderDto: service.managedOrderDto,
    outbox,
    charges: checkoutCharges,
    publicUrl: config.publicUrl,
    seller: config.seller,
    now,
  });

  /** Under /api, given what modules built later offer (OrdersRoutesDeps). */
  const routes: FastifyPluginAsync<OrdersRoutesDeps> = async (api, later) => {
    await api.register(ordersRoutes, {
      orders: service,
      ordersCsv: createOrdersCsv({ db, now, identity, charges: checkoutCharges }),
      shipping,
      guards,
      ordersPerMinute: config.orderRateLimit,
    });
    await api.register(shipmentsRoutes, { shipping, guards });
    await api.register(orderCancellationRoutes, {
      cancellation: createOrderCancellation({
        db,
        payments: later.payments,
        invoices: later.invoices,
        tools,
        catalog,
        outbox,
        charges: checkoutCharges,
        publicUrl: config.publicUrl,
        orderHoldHours: config.orderHoldHours,
        now,
      }),
      guards,
    });
  };

  return {
    service,
    routes,
    /** Who has a paid order, for the reviews' 'verified buyer'. */
    buyers: createBuyersLookup({ db }),
    /** A paid order's money going back, or disputed, as the gateway reports it. */
    reversals: createOrderReversals({ db, log, now }),
    /** The sums the sales module reports. */
    figures: createOrderFigures({ db }),
    /** A checkout's lines and an account's, in the checkouts' own executor (their port). */
    linesOfCheckouts: createOrderLinesOfCheckouts(),
    /** The periodic expiry sweep of unpaid orders (the app starts and stops it). */
    sweeper: createOrderExpirySweeper({ orders: service, log }),
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;

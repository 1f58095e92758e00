import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { CheckoutLines } from '../checkouts/checkout-lines.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { OrderReversals } from '../orders/order-reversals.ts';
import { createPaymentGateway } from './payment-gateways.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

export type PaymentsModuleDeps = {
  /** Which gateway: Stripe when its keys are set, else the test gateway. */
  config: Config;
  db: Database;
  orders: OrdersService;
  /** Reads, holds and locks a checkout's lines together. */
  checkoutLines: CheckoutLines;
  /** Issues the invoice in the payment's transaction. */
  invoices: Pick<InvoicesService, 'issue'>;
  /** What Stripe's webhook reports of a paid order's money going back, or disputed. */
  reversals: Pick<OrderReversals, 'refunded' | 'disputed'>;
  outbox: OutboxWriter;
  guards: AuthGuards;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** Payments (docs/architecture.md#payments): the gateway, intents and Stripe's webhook. */
export async function createPaymentsModule(deps: PaymentsModuleDeps) {
  const { config, db, reversals, guards } = deps;
  const gateway = await createPaymentGateway({ config, db });
  const service = createPaymentsService({ ...deps, gateway, publicUrl: config.publicUrl });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(paymentsRoutes, { payments: service, guards });
    if (gateway.name === 'stripe') {
      // Stripe's reports of a paid order's money going back, or disputed (issue 22 item 11).
      await api.register(stripeWebhookRoutes, {
        gateway,
        onPaymentSucceeded: (intent) => service.settleSucceededIntent(intent),
        onPaymentRefunded: (intentId) => reversals.refunded(intentId),
        onPaymentDisputed: (intentId) => reversals.disputed(intentId),
      });
    }
  };
  return { service, routes };
}

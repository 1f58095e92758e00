import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createTestGateway } from './test-gateway.ts';

/**
 * The gateway the configuration asks for: Stripe when its three keys are set, otherwise the
 * built-in test gateway (docs/architecture.md#infrastructure). The test gateway's secrets are
 * derived from the access token secret, which every instance shares. The Stripe SDK (hundreds of
 * modules, several MB resident) is imported only when Stripe is configured.
 */
export async function createPaymentGateway(options: {
  config: Config;
  db: Database;
}): Promise<PaymentGateway> {
  const { config, db } = options;
  if (config.stripe) {
    const { createStripeGateway } = await import('./stripe-gateway.ts');
    return createStripeGateway(config.stripe);
  }
  return createTestGateway({ db, secret: `payments:${config.accessTokenSecret}` });
}

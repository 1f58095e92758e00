import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { PAYMENT_CURRENCY, type GatewayIntent, type PaymentGateway } from './payment-gateway.ts';
import { findIntentById, type PaymentIntentRow } from './payments.repository.ts';

/** What the test gateway's intents look like: Stripe's shape, marked as ours. */
const INTENT_PREFIX = 'pi_test_';

function toGatewayIntent(row: PaymentIntentRow): GatewayIntent {
  return {
    id: row.id,
    orderId: row.orderId,
    amountCents: row.amountCents,
    currency: PAYMENT_CURRENCY,
    status: row.status,
  };
}

/**
 * The built-in, offline test gateway (docs/architecture.md#payments). Its intents are the payments
 * module's own rows (payment_intents, gateway 'test'): an intent succeeds when the payment page's
 * card form confirms it through POST /payments/test/confirm with a succeeding test card. Ids and
 * client secrets are derived from the idempotency key with a server secret: a retry gets the same
 * intent, and nobody can guess another order's client secret.
 */
export function createTestGateway(options: { db: Database; secret: string }): PaymentGateway {
  const { db, secret } = options;
  const derive = (purpose: string, key: string) =>
    createHmac('sha256', secret).update(`${purpose}:${key}`).digest('hex').slice(0, 24);

  return {
    name: 'test',
    publishableKey: null,
    async createIntent({ idempotencyKey }) {
      const id = `${INTENT_PREFIX}${derive('intent', idempotencyKey)}`;
      return { id, clientSecret: `${id}_secret_${derive('secret', idempotencyKey)}` };
    },
    async retrieveIntent(id) {
      if (!id.startsWith(INTENT_PREFIX)) return undefined;
      const row = await findIntentById(db, id);
      return row?.gateway === 'test' ? toGatewayIntent(row) : undefined;
    },
    // The money never moved: the payments module notes the refund on the intent itself. The
    // refund's id is derived from the intent's, so asking twice names the same refund.
    async refund(intentId, part) {
      const key = part
        ? `${intentId}:${part.orderId}${part.refundedBefore ? `:${part.refundedBefore}` : ''}`
        : intentId;
      return { refundId: `re_test_${derive('refund', key)}` };
    },
  };
}

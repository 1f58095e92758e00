import {
  ConfirmTestCardResponseSchema,
  orderTotal,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  type Order,
} from '@tools-factory/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import { bearer, type TestAccount } from './accounts.ts';

/** A card of Stripe's test mode that succeeds, with an expiry years ahead. */
export const SUCCEEDING_TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
} as const;

function expectOk(step: string, response: LightMyRequestResponse): void {
  if (response.statusCode !== 200) {
    throw new Error(`${step} failed: ${response.statusCode} ${response.body}`);
  }
}

/**
 * Pays an order the way the payment page does, with the built-in test gateway: the intent
 * (POST /api/create-payment-intent), the card (POST /api/payments/test/confirm), then the
 * record (PATCH /api/tool/{id}). Fails loudly on any step that is not 200. Answers the order as
 * paid, with its transaction id.
 */
export async function payOrder(app: App, account: TestAccount, order: Order): Promise<Order> {
  const headers = bearer(account.token);
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    payload: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
  });
  expectOk('POST /api/create-payment-intent', intent);
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());

  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers,
    payload: { clientSecret, ...SUCCEEDING_TEST_CARD },
  });
  expectOk('POST /api/payments/test/confirm', confirmed);
  const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());

  const recorded = await app.inject({
    method: 'PATCH',
    url: `/api/tool/${order._id}`,
    headers,
    payload: { order: order._id, transectionId },
  });
  expectOk('PATCH /api/tool/{id}', recorded);
  return RecordPaymentResponseSchema.parse(recorded.json()).order;
}

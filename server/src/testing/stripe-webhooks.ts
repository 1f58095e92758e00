import Stripe from 'stripe';
import { expect } from 'vitest';
import { orderTotal, PaymentIntentResponseSchema, type Order } from '@tools-factory/contract';
import type { App } from '../app.ts';
import { injectAs } from './requests.ts';
import { stripeEventPayload } from './stripe-stand-in.ts';

/**
 * What the tests of the stripe gateway do against the app: open an order's payment (a Stripe
 * PaymentIntent made through the stand-in) and deliver Stripe's signed events to the webhook.
 */

/** POST /api/create-payment-intent for the order's total, by `account`; the answer as it comes. */
export function requestPaymentIntent(
  app: App,
  account: { token: string },
  order: Pick<Order, '_id' | 'price' | 'quantity'>,
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
  });
}

/** Opens the order's payment (fails the test on any answer but 200): the intent and its secret. */
export async function openStripeIntent(
  app: App,
  account: { token: string },
  order: Pick<Order, '_id' | 'price' | 'quantity'>,
): Promise<{ intentId: string; clientSecret: string }> {
  const response = await requestPaymentIntent(app, account, order);
  expect(response.statusCode, response.body).toBe(200);
  const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
  return { intentId: clientSecret.split('_secret_')[0] ?? '', clientSecret };
}

/**
 * A Stripe event about `object` posted to the webhook, signed with the app's webhook secret (or
 * carrying `signature` as it is); the answer as it comes.
 */
export function deliverStripeEvent(app: App, type: string, object: object, signature?: string) {
  const payload = stripeEventPayload(type, object);
  const secret = app.config.stripe?.webhookSecret ?? '';
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

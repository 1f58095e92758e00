import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { texts } from '@tools-factory/contract';
import { bearer } from '../../testing/accounts.ts';
import { STRIPE_TEST_KEYS, stripeAppTest } from '../../testing/app-fixtures.ts';
import { findOwnOrder, placeTestOrder } from '../../testing/orders.ts';
import {
  deliverStripeEvent,
  openStripeIntent,
  requestPaymentIntent,
} from '../../testing/stripe-webhooks.ts';

/** The whole app with the stripe gateway, its API calls going to a local stand-in of Stripe. */
const it = stripeAppTest({
  // $19.99 each: 25 of them are $499.75.
  tool: { priceCents: 1999, availableQuantity: 100_000 },
})
  /** An order placed and its payment opened: the order and the Stripe intent's id. */
  .extend('opened', async ({ app, stripe, customer, tool }) => {
    const order = await placeTestOrder(app, customer, tool, { address: '1 Anvil Row' });
    const { intentId, clientSecret } = await openStripeIntent(app, customer, order);
    expect(stripe.intent(intentId)?.client_secret).toBe(clientSecret);
    return { order, intentId };
  })
  /** Stripe telling us, signed, that the customer paid this intent. */
  .extend('postSucceeded', ({ app, stripe }) => (intentId: string, signature?: string) => {
    const intent = stripe.setIntentStatus(intentId, 'succeeded');
    return deliverStripeEvent(app, 'payment_intent.succeeded', intent, signature);
  });

describe('card payments with the stripe gateway', () => {
  it.afterEach(async ({ stripe }) => {
    await stripe.recover();
  });

  it("gives the web page Stripe's publishable key", async ({ app }) => {
    const response = await app.inject('/api/payment-settings');
    expect(response.json()).toEqual({
      gateway: 'stripe',
      publishableKey: STRIPE_TEST_KEYS.publishableKey,
    });
  });

  it("creates the PaymentIntent for the order's amount in cents, with its id and a key", async ({
    stripe,
    opened: { order },
  }) => {
    const sent = stripe.requests.at(-1);
    expect(sent?.path).toBe('/v1/payment_intents');
    expect(sent?.form).toMatchObject({
      amount: '49975',
      currency: 'usd',
      'metadata[order_id]': order._id,
    });
    expect(sent?.idempotencyKey).toBeTruthy();
    expect(sent?.authorization).toBe(`Bearer ${STRIPE_TEST_KEYS.secretKey}`);
  });

  it('marks the order paid from the webhook when the browser never comes back', async ({
    app,
    stripe,
    customer,
    opened: { order, intentId },
    postSucceeded,
  }) => {
    const delivered = await postSucceeded(intentId);
    expect(delivered.statusCode).toBe(200);
    expect(await findOwnOrder(app, customer, order._id)).toMatchObject({
      paid: true,
      transectionId: intentId,
    });

    // Stripe delivers an event more than once; the browser may come back after all.
    expect((await postSucceeded(intentId)).statusCode).toBe(200);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/tool/${order._id}`,
      headers: bearer(customer.token),
      payload: { order: order._id, transectionId: intentId },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ modifiedCount: 0 });
    expect(stripe.refunds).toHaveLength(0);
  });

  it('changes nothing for a webhook with a forged signature', async ({
    app,
    customer,
    opened: { order, intentId },
    postSucceeded,
  }) => {
    const forged = await postSucceeded(intentId, `t=${Math.floor(Date.now() / 1000)},v1=00`);

    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: texts.paymentErrors.badSignature, statusCode: 400 });
    expect(await findOwnOrder(app, customer, order._id)).toMatchObject({ paid: false });
  });

  it('refunds a payment that succeeds for an order removed meanwhile', async ({
    app,
    stripe,
    customer,
    opened: { order, intentId },
    postSucceeded,
  }) => {
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(removed.statusCode).toBe(200);

    expect((await postSucceeded(intentId)).statusCode).toBe(200);

    expect(stripe.refunds.map((refund) => refund.payment_intent)).toEqual([intentId]);
  });

  it('leaves alone (200, no refund) an intent this server never created, whatever its order id', async ({
    app,
    stripe,
  }) => {
    const refundsBefore = stripe.refunds.length;
    for (const orderId of [randomUUID(), 'not-a-uuid', undefined]) {
      const delivered = await deliverStripeEvent(app, 'payment_intent.succeeded', {
        id: `pi_foreign${randomUUID().replaceAll('-', '')}`,
        object: 'payment_intent',
        amount: 1000,
        currency: 'usd',
        status: 'succeeded',
        metadata: orderId === undefined ? {} : { order_id: orderId },
      });
      expect(delivered.statusCode).toBe(200);
    }
    expect(stripe.refunds).toHaveLength(refundsBefore);
  });

  it('answers 502 in words for a person when Stripe cannot be reached', async ({
    app,
    stripe,
    customer,
    tool,
  }) => {
    const order = await placeTestOrder(app, customer, tool, { address: '1 Anvil Row' });
    await stripe.failWith('connection-refused');

    const response = await requestPaymentIntent(app, customer, order);

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: texts.paymentErrors.gatewayFailed,
      statusCode: 502,
    });
  });

  it("opens the Content-Security-Policy to Stripe.js's hosts", async ({ app }) => {
    const csp = (await app.inject('/some/page')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
  });
});

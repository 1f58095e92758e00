import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OrderListSchema,
  PaymentIntentResponseSchema,
  texts,
  type Order,
} from '@tools-factory/contract';
import { bearer } from '../../testing/accounts.ts';
import { stripeEventPayload } from '../../testing/stripe-stand-in.ts';
import { useStripeTestApp, useTestAccount, useTestTool } from '../../testing/use-test-app.ts';
import { placeTestOrder } from '../../testing/orders.ts';

const STRIPE_KEYS = {
  secretKey: 'sk_test_tools_factory_app',
  publishableKey: 'pk_test_tools_factory_app',
  webhookSecret: 'whsec_tools_factory_app',
};

/** The whole app with the stripe gateway, its API calls going to a local stand-in of Stripe. */
describe('card payments with the stripe gateway', () => {
  const { app, standIn } = useStripeTestApp(STRIPE_KEYS);
  const customer = useTestAccount(app);
  // $19.99 each: 25 of them are $499.75.
  const tool = useTestTool(app, { priceCents: 1999, availableQuantity: 100_000 });
  afterEach(async () => {
    await standIn.recover();
  });

  function createIntent(order: Order) {
    return app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer.token),
      payload: { orderId: order._id, totalPrice: 499.75 },
    });
  }

  /** Places an order and opens its payment: the Stripe intent's id. */
  async function orderWithIntent(): Promise<{ order: Order; intentId: string }> {
    const order = await placeTestOrder(app, customer, tool, { address: '1 Anvil Row' });
    const response = await createIntent(order);
    expect(response.statusCode).toBe(200);
    const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    expect(standIn.intent(intentId)?.client_secret).toBe(clientSecret);
    return { order, intentId };
  }

  /** Stripe telling us, signed, that the customer paid this intent. */
  function postSucceeded(intentId: string, signature?: string) {
    const intent = standIn.setIntentStatus(intentId, 'succeeded');
    const payload = stripeEventPayload('payment_intent.succeeded', intent);
    return app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ??
          Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_KEYS.webhookSecret,
          }),
      },
      payload,
    });
  }

  async function orderNow(order: Order): Promise<Order | undefined> {
    const response = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    return OrderListSchema.parse(response.json()).find((listed) => listed._id === order._id);
  }

  it("gives the web page Stripe's publishable key", async () => {
    const response = await app.inject('/api/payment-settings');
    expect(response.json()).toEqual({
      gateway: 'stripe',
      publishableKey: STRIPE_KEYS.publishableKey,
    });
  });

  it("creates the PaymentIntent for the order's amount in cents, with its id and a key", async () => {
    const { order } = await orderWithIntent();

    const sent = standIn.requests.at(-1);
    expect(sent?.path).toBe('/v1/payment_intents');
    expect(sent?.form).toMatchObject({
      amount: '49975',
      currency: 'usd',
      'metadata[order_id]': order._id,
    });
    expect(sent?.idempotencyKey).toBeTruthy();
    expect(sent?.authorization).toBe(`Bearer ${STRIPE_KEYS.secretKey}`);
  });

  it('marks the order paid from the webhook when the browser never comes back', async () => {
    const { order, intentId } = await orderWithIntent();

    const delivered = await postSucceeded(intentId);
    expect(delivered.statusCode).toBe(200);
    expect(await orderNow(order)).toMatchObject({ paid: true, transectionId: intentId });

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
    expect(standIn.refunds).toHaveLength(0);
  });

  it('changes nothing for a webhook with a forged signature', async () => {
    const { order, intentId } = await orderWithIntent();

    const forged = await postSucceeded(intentId, `t=${Math.floor(Date.now() / 1000)},v1=00`);

    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: texts.paymentErrors.badSignature, statusCode: 400 });
    expect(await orderNow(order)).toMatchObject({ paid: false });
  });

  it('refunds a payment that succeeds for an order removed meanwhile', async () => {
    const { order, intentId } = await orderWithIntent();
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(removed.statusCode).toBe(200);

    expect((await postSucceeded(intentId)).statusCode).toBe(200);

    expect(standIn.refunds.map((refund) => refund.payment_intent)).toEqual([intentId]);
  });

  it('leaves alone (200, no refund) an intent this server never created, whatever its order id', async () => {
    const refundsBefore = standIn.refunds.length;
    for (const orderId of [randomUUID(), 'not-a-uuid', undefined]) {
      const payload = stripeEventPayload('payment_intent.succeeded', {
        id: `pi_foreign${randomUUID().replaceAll('-', '')}`,
        object: 'payment_intent',
        amount: 1000,
        currency: 'usd',
        status: 'succeeded',
        metadata: orderId === undefined ? {} : { order_id: orderId },
      });
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_KEYS.webhookSecret,
          }),
        },
        payload,
      });
      expect(delivered.statusCode).toBe(200);
    }
    expect(standIn.refunds).toHaveLength(refundsBefore);
  });

  it('answers 502 in words for a person when Stripe cannot be reached', async () => {
    const order = await placeTestOrder(app, customer, tool, { address: '1 Anvil Row' });
    await standIn.failWith('connection-refused');

    const response = await createIntent(order);

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: texts.paymentErrors.gatewayFailed,
      statusCode: 502,
    });
  });

  it("opens the Content-Security-Policy to Stripe.js's hosts", async () => {
    const csp = (await app.inject('/some/page')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
  });
});

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CancelOrderResponseSchema,
  OrderListSchema,
  PaymentIntentResponseSchema,
  PlaceOrderResponseSchema,
  texts,
  type Order,
} from '@tools-factory/contract';
import { bearer, uniqueEmail } from '../../testing/accounts.ts';
import { expectError, injectAs, postOrder } from '../../testing/requests.ts';
import { startStripeStandIn, stripeEventPayload } from '../../testing/stripe-stand-in.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import {
  useStarted,
  useTestAccount,
  useTestAdmin,
  useTestApp,
  useTestTool,
} from '../../testing/use-test-app.ts';

const STRIPE_KEYS = {
  secretKey: 'sk_test_tools_factory_reversals',
  publishableKey: 'pk_test_tools_factory_reversals',
  webhookSecret: 'whsec_tools_factory_reversals',
};

/**
 * Issue 22 items 5 and 11 with the stripe gateway: an admin's cancellation refunds through
 * Stripe once; Stripe's signed charge.refunded and charge.dispute.created mark the order; a
 * succeeded intent in another currency pays nothing.
 */
describe('Stripe: refunds, disputes and the currency of a payment', () => {
  const adminEmail = uniqueEmail('admin');
  const standIn = useStarted('The Stripe stand-in', () =>
    startStripeStandIn({ secretKey: STRIPE_KEYS.secretKey }),
  );
  const app = useTestApp(() => ({
    config: {
      ...UNCAPPED_ORDERS,
      adminEmails: [adminEmail],
      stripe: { ...STRIPE_KEYS, apiUrl: standIn.url },
    },
  }));
  const customer = useTestAccount(app);
  const admin = useTestAdmin(app, { email: adminEmail });
  // $19.99 each: 25 of them are $499.75.
  const tool = useTestTool(app, { priceCents: 1999, availableQuantity: 100_000 });
  afterEach(async () => {
    await standIn.recover();
  });

  /** Places an order and opens its payment: the order and the Stripe intent's id. */
  async function orderWithIntent(): Promise<{ order: Order; intentId: string }> {
    const placed = await postOrder(app, customer, tool, { address: '1 Anvil Row' });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    const response = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer.token),
      payload: { orderId: order._id, totalPrice: 499.75 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
    return { order, intentId: clientSecret.split('_secret_')[0] ?? '' };
  }

  /** A Stripe event about `object`, signed with the webhook secret, posted to the webhook. */
  function deliver(type: string, object: object) {
    const payload = stripeEventPayload(type, object);
    return app.inject({
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
  }

  /** Stripe's word that the customer paid the intent: the order is paid. */
  async function paidOrder(): Promise<{ order: Order; intentId: string }> {
    const { order, intentId } = await orderWithIntent();
    const delivered = await deliver(
      'payment_intent.succeeded',
      standIn.setIntentStatus(intentId, 'succeeded'),
    );
    expect(delivered.statusCode).toBe(200);
    expect((await orderNow(order))?.status).toBe('paid');
    return { order, intentId };
  }

  const charge = (intentId: string, refunded: boolean) => ({
    id: `ch_${randomUUID().replaceAll('-', '')}`,
    object: 'charge',
    amount: 49_975,
    amount_refunded: refunded ? 49_975 : 1_000,
    currency: 'usd',
    payment_intent: intentId,
    refunded,
    status: 'succeeded',
  });
  const dispute = (intentId: string) => ({
    id: `dp_${randomUUID().replaceAll('-', '')}`,
    object: 'dispute',
    amount: 49_975,
    currency: 'usd',
    charge: `ch_${randomUUID().replaceAll('-', '')}`,
    payment_intent: intentId,
    reason: 'fraudulent',
    status: 'needs_response',
  });

  async function orderNow(order: Order): Promise<Order | undefined> {
    const response = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    return OrderListSchema.parse(response.json()).find((listed) => listed._id === order._id);
  }

  it('pays nothing for a succeeded intent in another currency: the order stays unpaid, the money goes back', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = standIn.setIntentStatus(intentId, 'succeeded');
    // The same number of cents, in euros.
    intent.currency = 'eur';

    const delivered = await deliver('payment_intent.succeeded', intent);

    expect(delivered.statusCode).toBe(200);
    expect(await orderNow(order)).toMatchObject({ status: 'unpaid', paid: false });
    expect(standIn.refunds.map((refund) => refund.payment_intent)).toContain(intentId);
  });

  it('marks a paid order refunded when Stripe reports its charge refunded in full (a part refund changes nothing)', async () => {
    const { order, intentId } = await paidOrder();
    expect((await deliver('charge.refunded', charge(intentId, false))).statusCode).toBe(200);
    expect((await orderNow(order))?.status).toBe('paid');

    expect((await deliver('charge.refunded', charge(intentId, true))).statusCode).toBe(200);
    expect((await orderNow(order))?.status).toBe('refunded');
    expectError(
      await injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${order._id}/ship` }),
      409,
      texts.adminErrors.cancelledOrderCannotBeShipped,
    );
  });

  it('marks a paid order disputed: it cannot be shipped, nor cancelled, until the dispute is settled', async () => {
    const { order, intentId } = await paidOrder();
    expect((await deliver('charge.dispute.created', dispute(intentId))).statusCode).toBe(200);
    expect((await orderNow(order))?.status).toBe('disputed');

    expectError(
      await injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${order._id}/ship` }),
      409,
      texts.adminErrors.disputedOrderCannotBeShipped,
    );
    expectError(
      await injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${order._id}/cancel` }),
      409,
      texts.adminErrors.disputedOrderCannotBeCancelled,
    );
  });

  it('leaves alone refunds and disputes of payments that paid no order of ours', async () => {
    const foreign = `pi_foreign${randomUUID().replaceAll('-', '')}`;
    expect((await deliver('charge.refunded', charge(foreign, true))).statusCode).toBe(200);
    expect((await deliver('charge.dispute.created', dispute(foreign))).statusCode).toBe(200);
  });

  it("refunds a cancelled order through Stripe once, with one idempotency key, however many admins press Cancel; Stripe's charge.refunded then leaves it cancelled", async () => {
    const { order, intentId } = await paidOrder();
    const refundsBefore = standIn.refunds.length;

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${order._id}/cancel` }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const notes = answers.map(
      (answer) => CancelOrderResponseSchema.parse(answer.json()).creditNote,
    );
    expect(new Set(notes.map((note) => note.number)).size).toBe(1);

    expect(standIn.refunds.slice(refundsBefore).map((refund) => refund.payment_intent)).toEqual([
      intentId,
    ]);
    const refundCalls = standIn.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId,
    );
    expect(new Set(refundCalls.map((request) => request.idempotencyKey))).toEqual(
      new Set([`refund-${intentId}`]),
    );

    expect((await deliver('charge.refunded', charge(intentId, true))).statusCode).toBe(200);
    expect((await orderNow(order))?.status).toBe('cancelled');
  });

  it('cancels nothing when Stripe cannot be reached: 502 in words, the order still paid', async () => {
    const { order } = await paidOrder();
    await standIn.failWith('server-error');
    const response = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageOrders/${order._id}/cancel`,
    });
    expectError(response, 502, texts.paymentErrors.gatewayFailed);
    await standIn.recover();
    expect((await orderNow(order))?.status).toBe('paid');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import {
  CancelOrderResponseSchema,
  ManagedOrderDetailSchema,
  texts,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { stripeAppTest } from '../../testing/app-fixtures.ts';
import { findOwnOrder, placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { deliverStripeEvent, openStripeIntent } from '../../testing/stripe-webhooks.ts';

/** Stripe delivers a signed event of `type` about `object`, and the app takes it (200). */
async function deliverAccepted(app: App, type: string, object: object): Promise<void> {
  expect((await deliverStripeEvent(app, type, object)).statusCode).toBe(200);
}

/** The order's status as its customer sees it in My Orders. */
async function statusOf(app: App, customer: TestAccount, order: Order) {
  return (await findOwnOrder(app, customer, order._id))?.status;
}

const ship = (app: App, admin: TestAccount, order: Order) =>
  injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${order._id}/ship` });
const cancel = (app: App, admin: TestAccount, order: Order) =>
  injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${order._id}/cancel` });

/**
 * Issue 22 items 5 and 11 with the stripe gateway: an admin's cancellation refunds through
 * Stripe once; Stripe's signed charge.refunded and charge.dispute.created mark the order; a
 * succeeded intent in another currency pays nothing.
 */
const it = stripeAppTest({
  // $19.99 each: 25 of them are $499.75.
  tool: { priceCents: 1999, availableQuantity: 100_000 },
})
  /** Places an order and opens its payment: the order and the Stripe intent's id. */
  .extend('orderWithIntent', ({ app, customer, tool }) => async () => {
    const order = await placeTestOrder(app, customer, tool, { address: '1 Anvil Row' });
    const { intentId } = await openStripeIntent(app, customer, order);
    return { order, intentId };
  })
  /** An order Stripe said the customer paid (new for each test that asks): it and its intent's id. */
  .extend('paidOrder', async ({ app, stripe, customer, orderWithIntent }) => {
    const { order, intentId } = await orderWithIntent();
    await deliverAccepted(
      app,
      'payment_intent.succeeded',
      stripe.setIntentStatus(intentId, 'succeeded'),
    );
    expect(await statusOf(app, customer, order)).toBe('paid');
    return { order, intentId };
  });

/** The kinds of the order's timeline on the admin's order page (issue 25), oldest first. */
async function eventKindsOf(app: App, admin: TestAccount, order: Order): Promise<string[]> {
  const response = await injectAs(app, admin, { url: `/api/manageOrders/${order._id}` });
  expect(response.statusCode, response.body).toBe(200);
  const page = ManagedOrderDetailSchema.parse(response.json());
  expect(
    page.events.every(
      (event) =>
        event.kind === 'placed' ||
        event.kind === 'email' ||
        event.kind === 'paid' ||
        event.actor === null,
    ),
  ).toBe(true);
  return page.events.map(({ kind }) => kind);
}

describe('Stripe: refunds, disputes and the currency of a payment', () => {
  it.afterEach(async ({ stripe }) => {
    await stripe.recover();
  });

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

  it('pays nothing for a succeeded intent in another currency: the order stays unpaid, the money goes back', async ({
    app,
    stripe,
    customer,
    orderWithIntent,
  }) => {
    const { order, intentId } = await orderWithIntent();
    const intent = stripe.setIntentStatus(intentId, 'succeeded');
    // The same number of cents, in euros.
    intent.currency = 'eur';

    await deliverAccepted(app, 'payment_intent.succeeded', intent);

    expect(await findOwnOrder(app, customer, order._id)).toMatchObject({
      status: 'unpaid',
      paid: false,
    });
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(intentId);
  });

  it('marks a paid order refunded when Stripe reports its charge refunded in full (a part refund changes nothing)', async ({
    app,
    customer,
    admin,
    paidOrder: { order, intentId },
  }) => {
    await deliverAccepted(app, 'charge.refunded', charge(intentId, false));
    expect(await statusOf(app, customer, order)).toBe('paid');

    await deliverAccepted(app, 'charge.refunded', charge(intentId, true));
    expect(await statusOf(app, customer, order)).toBe('refunded');
    // The order's timeline tells of it once, by the shop (no actor), after the payment.
    expect(await eventKindsOf(app, admin, order)).toEqual([
      'placed',
      'email',
      'paid',
      'email',
      'refunded',
    ]);
    expectError(
      await ship(app, admin, order),
      409,
      texts.adminErrors.cancelledOrderCannotBeShipped,
    );
  });

  it('marks a paid order disputed: it cannot be shipped, nor cancelled, until the dispute is settled', async ({
    app,
    customer,
    admin,
    paidOrder: { order, intentId },
  }) => {
    await deliverAccepted(app, 'charge.dispute.created', dispute(intentId));
    expect(await statusOf(app, customer, order)).toBe('disputed');
    expect((await eventKindsOf(app, admin, order)).at(-1)).toBe('disputed');

    expectError(await ship(app, admin, order), 409, texts.adminErrors.disputedOrderCannotBeShipped);
    expectError(
      await cancel(app, admin, order),
      409,
      texts.adminErrors.disputedOrderCannotBeCancelled,
    );
  });

  it('leaves alone refunds and disputes of payments that paid no order of ours', async ({
    app,
  }) => {
    const foreign = `pi_foreign${randomUUID().replaceAll('-', '')}`;
    await deliverAccepted(app, 'charge.refunded', charge(foreign, true));
    await deliverAccepted(app, 'charge.dispute.created', dispute(foreign));
  });

  it("refunds a cancelled order through Stripe once, with one idempotency key, however many admins press Cancel; Stripe's charge.refunded then leaves it cancelled", async ({
    app,
    stripe,
    customer,
    admin,
    paidOrder: { order, intentId },
  }) => {
    const refundsBefore = stripe.refunds.length;

    const answers = await Promise.all([1, 2, 3].map(() => cancel(app, admin, order)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const notes = answers.map(
      (answer) => CancelOrderResponseSchema.parse(answer.json()).creditNote,
    );
    expect(new Set(notes.map((note) => note?.number)).size).toBe(1);

    expect(stripe.refunds.slice(refundsBefore).map((refund) => refund.payment_intent)).toEqual([
      intentId,
    ]);
    const refundCalls = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId,
    );
    expect(new Set(refundCalls.map((request) => request.idempotencyKey))).toEqual(
      new Set([`refund-${intentId}`]),
    );

    await deliverAccepted(app, 'charge.refunded', charge(intentId, true));
    expect(await statusOf(app, customer, order)).toBe('cancelled');
  });

  it('cancels nothing when Stripe cannot be reached: 502 in words, the order still paid', async ({
    app,
    stripe,
    customer,
    admin,
    paidOrder: { order },
  }) => {
    await stripe.failWith('server-error');
    const response = await cancel(app, admin, order);
    expectError(response, 502, texts.paymentErrors.gatewayFailed);
    await stripe.recover();
    expect(await statusOf(app, customer, order)).toBe('paid');
  });
});

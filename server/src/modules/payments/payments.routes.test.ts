import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ConfirmTestCardResponseSchema,
  OrderListSchema,
  OrderSchema,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  texts,
  type Order,
} from '@tools-factory/contract';
import { bearer, type TestAccount } from '../../testing/accounts.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { orders } from '../orders/orders.table.ts';
import { paymentIntents, payments } from './payments.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';

/** The order form's fields these orders change (25 units, the form's default). */
const ANVIL_ROW = { address: '1 Anvil Row' };

const HOUR_MS = 60 * 60 * 1000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' };
const errorsText = texts.paymentErrors;

const total = (order: Order) => Math.round(order.price * 100 * order.quantity) / 100;

/**
 * The app, its customers and tool, and the payment page's steps as fixtures: each step is taken
 * by the customer, or by the account given.
 */
const it = appTest({
  config: UNCAPPED_ORDERS,
  customerName: 'Pat Payer',
  // $19.99 each.
  tool: { priceCents: 1999, availableQuantity: 100_000 },
})
  .extend(
    'createIntent',
    ({ app, customer }) =>
      (order: Order, account: TestAccount = customer, totalPrice: unknown = total(order)) =>
        app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: bearer(account.token),
          payload: { orderId: order._id, totalPrice },
        }),
  )
  .extend(
    'clientSecretFor',
    ({ customer, createIntent }) =>
      async (order: Order, account: TestAccount = customer): Promise<string> => {
        const response = await createIntent(order, account);
        expect(response.statusCode).toBe(200);
        return PaymentIntentResponseSchema.parse(response.json()).clientSecret;
      },
  )
  .extend(
    'confirm',
    ({ app, customer }) =>
      (
        clientSecret: string,
        card: Partial<typeof GOOD_CARD> = {},
        account: TestAccount = customer,
      ) =>
        app.inject({
          method: 'POST',
          url: '/api/payments/test/confirm',
          headers: bearer(account.token),
          payload: { clientSecret, ...GOOD_CARD, ...card },
        }),
  )
  .extend(
    'recordPayment',
    ({ app, customer }) =>
      (orderId: string, transectionId: string, account: TestAccount = customer) =>
        app.inject({
          method: 'PATCH',
          url: `/api/tool/${orderId}`,
          headers: bearer(account.token),
          payload: { order: orderId, transectionId },
        }),
  )
  /** The whole happy path: intent, card, record. Answers the transaction id. */
  .extend(
    'pay',
    ({ customer, clientSecretFor, confirm, recordPayment }) =>
      async (order: Order, account: TestAccount = customer): Promise<string> => {
        const confirmed = await confirm(await clientSecretFor(order, account), {}, account);
        expect(confirmed.statusCode).toBe(200);
        const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
        const recorded = await recordPayment(order._id, transectionId, account);
        expect(recorded.statusCode).toBe(200);
        return transectionId;
      },
  )
  .extend('ordersOf', ({ app }) => async (account: TestAccount): Promise<Order[]> => {
    const response = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(account.email)}`,
      headers: bearer(account.token),
    });
    return OrderListSchema.parse(response.json());
  });

describe('card payments with the built-in test gateway', () => {
  it('tells the web app which gateway it uses', async ({ app }) => {
    const response = await app.inject('/api/payment-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ gateway: 'test', publishableKey: null });
  });

  it('pays an order with 4242 4242 4242 4242: paid, with its transaction id, recorded once', async ({
    app,
    customer,
    tool,
    clientSecretFor,
    confirm,
    recordPayment,
    ordersOf,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const clientSecret = await clientSecretFor(order);
    expect(clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);

    const confirmed = await confirm(clientSecret);
    expect(confirmed.statusCode).toBe(200);
    const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
    expect(clientSecret.startsWith(`${transectionId}_secret_`)).toBe(true);

    const recorded = await recordPayment(order._id, transectionId);
    expect(recorded.statusCode).toBe(200);
    const body = RecordPaymentResponseSchema.parse(recorded.json());
    expect(body).toMatchObject({ acknowledged: true, modifiedCount: 1 });
    expect(body.order).toMatchObject({ status: 'paid', paid: true, transectionId });

    const [listed] = (await ordersOf(customer)).filter((o) => o._id === order._id);
    expect(listed).toMatchObject({ status: 'paid', paid: true, transectionId });
    const records = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order._id));
    expect(records).toEqual([
      expect.objectContaining({ transactionId: transectionId, amountCents: 1999 * 25 }),
    ]);
  });

  it('paying twice is harmless: the second record answers modifiedCount 0, one payment row', async ({
    app,
    customer,
    tool,
    createIntent,
    confirm,
    recordPayment,
    pay,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const transectionId = await pay(order);
    const again = await recordPayment(order._id, transectionId);
    expect(again.statusCode).toBe(200);
    expect(RecordPaymentResponseSchema.parse(again.json()).modifiedCount).toBe(0);
    // Confirming the same card again, or asking for an intent, does not pay twice either.
    const secret = (
      await app.database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, transectionId))
    )[0]!.clientSecret;
    expect((await confirm(secret)).statusCode).toBe(200);
    const intentAgain = await createIntent(order);
    expect(intentAgain.statusCode).toBe(409);
    expect(intentAgain.json().message).toBe(errorsText.alreadyPaid);
    const records = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order._id));
    expect(records).toHaveLength(1);
  });

  it.for<[string, Partial<typeof GOOD_CARD>, string]>([
    ['4000 0000 0000 0002', {}, texts.cardErrors.declined],
    ['4000 0000 0000 9995', {}, texts.cardErrors.insufficientFunds],
    ['4000 0000 0000 0069', {}, texts.cardErrors.expiredCard],
    ['4000 0000 0000 0127', {}, texts.cardErrors.incorrectCvc],
    ['4242 4242 4242 4241', {}, texts.cardErrors.invalidNumber],
    ['4242 4242 4242', {}, texts.cardErrors.incompleteNumber],
    ['4242 4242 4242 4242', { expiry: '01 / 20' }, texts.cardErrors.pastExpiry],
    ['4242 4242 4242 4242', { expiry: '13 / 39' }, texts.cardErrors.invalidExpiryMonth],
    ['4242 4242 4242 4242', { expiry: '12' }, texts.cardErrors.incompleteExpiry],
    ['4242 4242 4242 4242', { cvc: '12' }, texts.cardErrors.incompleteCvc],
    ['4012 8888 8888 1881', {}, texts.cardErrors.notATestCard],
  ])(
    'refuses %s %j with 402 "%s", and the order stays unpaid',
    async (
      [number, card, message],
      { app, customer, tool, clientSecretFor, confirm, recordPayment },
    ) => {
      const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
      const clientSecret = await clientSecretFor(order);
      const refused = await confirm(clientSecret, { cardNumber: number, ...card });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({ statusCode: 402, message });

      // Nothing succeeded, so nothing can be recorded; a good card then pays.
      const [intent] = await app.database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.clientSecret, clientSecret));
      const early = await recordPayment(order._id, intent!.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(errorsText.notSucceeded);
      expect((await confirm(clientSecret)).statusCode).toBe(200);
      expect((await recordPayment(order._id, intent!.id)).statusCode).toBe(200);
    },
  );

  it('answers 409 with the right total to a totalPrice that is not price x quantity', async ({
    app,
    customer,
    tool,
    createIntent,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const response = await createIntent(order, customer, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(errorsText.totalMismatch('$499.75'));
    expect((await createIntent(order, customer, '499.75')).statusCode).toBe(200);
  });

  it('gives the same order the same intent, and holds the order an hour ahead', async ({
    app,
    customer,
    tool,
    clientSecretFor,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const first = await clientSecretFor(order);
    const [concurrentA, concurrentB] = await Promise.all([
      clientSecretFor(order),
      clientSecretFor(order),
    ]);
    expect([concurrentA, concurrentB]).toEqual([first, first]);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 0.9 * HOUR_MS);
  });

  it("never lets a customer see, intend, confirm or record another customer's order", async ({
    app,
    customer,
    otherCustomer,
    tool,
    createIntent,
    clientSecretFor,
    confirm,
    recordPayment,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const theirs = await app.inject({
      url: `/api/payorder/${order._id}`,
      headers: bearer(otherCustomer.token),
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await app.inject({
      url: `/api/payorder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(OrderSchema.parse(mine.json())).toMatchObject({ _id: order._id, status: 'unpaid' });
    expect((await app.inject(`/api/payorder/${order._id}`)).statusCode).toBe(401);

    expect((await createIntent(order, otherCustomer)).statusCode).toBe(404);
    const clientSecret = await clientSecretFor(order, customer);
    const stolen = await confirm(clientSecret, {}, otherCustomer);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(errorsText.unknownIntent);

    const confirmed = ConfirmTestCardResponseSchema.parse((await confirm(clientSecret)).json());
    const recordedByOther = await recordPayment(order._id, confirmed.transectionId, otherCustomer);
    expect(recordedByOther.statusCode).toBe(404);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('unpaid');
  });

  it('refuses a transaction id of another order (409), and one the gateway never made', async ({
    app,
    customer,
    tool,
    recordPayment,
    pay,
  }) => {
    const paidOrder = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const transectionId = await pay(paidOrder);
    const unpaid = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const reused = await recordPayment(unpaid._id, transectionId);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(errorsText.notThisOrder);
    const invented = await recordPayment(unpaid._id, 'pi_test_invented');
    expect(invented.statusCode).toBe(409);
    const mismatch = await app.inject({
      method: 'PATCH',
      url: `/api/tool/${unpaid._id}`,
      headers: bearer(customer.token),
      payload: { order: paidOrder._id, transectionId },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(errorsText.orderMismatch);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, unpaid._id));
    expect(row!.status).toBe('unpaid');
  });

  it('keeps a paid order and an order being paid out of the expiry sweep', async ({
    app,
    customer,
    tool,
    clientSecretFor,
    pay,
    ordersOf,
  }) => {
    const paid = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    await pay(paid);
    const beingPaid = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    await clientSecretFor(beingPaid);
    const forgotten = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    // Past ORDER_HOLD_HOURS (48), within the ceiling a payment may hold it to (48 + 1 h).
    const longAgo = new Date(Date.now() - 48.5 * HOUR_MS);
    for (const order of [paid, beingPaid, forgotten]) {
      await app.database.db
        .update(orders)
        .set({ createdAt: longAgo })
        .where(eq(orders.id, order._id));
    }

    await app.orders.sweepExpiredOrders(new Date());
    const left = new Set((await ordersOf(customer)).map((order) => order._id));
    expect(left.has(paid._id)).toBe(true);
    expect(left.has(beingPaid._id)).toBe(true);
    expect(left.has(forgotten._id)).toBe(false);

    // Once its payment hold has passed too, the unpaid one expires.
    await app.orders.sweepExpiredOrders(new Date(Date.now() + 2 * HOUR_MS));
    const after = new Set((await ordersOf(customer)).map((order) => order._id));
    expect(after.has(beingPaid._id)).toBe(false);
    expect(after.has(paid._id)).toBe(true);
  });

  it('refunds a payment that succeeds for an order removed meanwhile, once', async ({
    app,
    customer,
    otherCustomer,
    tool,
    clientSecretFor,
    confirm,
    recordPayment,
  }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    const clientSecret = await clientSecretFor(order);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(removed.statusCode).toBe(200);
    const { transectionId } = ConfirmTestCardResponseSchema.parse(
      (await confirm(clientSecret)).json(),
    );

    const recorded = await recordPayment(order._id, transectionId);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toBe(errorsText.orderGoneRefunded);
    const [intent] = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, transectionId));
    const refundedAt = intent!.refundedAt;
    expect(refundedAt).toBeInstanceOf(Date);

    const again = await recordPayment(order._id, transectionId);
    expect(again.statusCode).toBe(409);
    const [still] = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, transectionId));
    expect(still!.refundedAt).toEqual(refundedAt);
    // Another customer learns nothing of it.
    expect((await recordPayment(order._id, transectionId, otherCustomer)).statusCode).toBe(404);
  });

  it('a paid order cannot be removed by its customer', async ({ app, customer, tool, pay }) => {
    const order = await placeTestOrder(app, customer, tool, ANVIL_ROW);
    await pay(order);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(removed.statusCode).toBe(409);
  });
});

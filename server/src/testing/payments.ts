import {
  ConfirmTestCardResponseSchema,
  orderTotal,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../app.ts';
import { bearer, type TestAccount } from './accounts.ts';
import { placeTestOrder } from './orders.ts';

/** A card of Stripe's test mode that succeeds, with an expiry years ahead. */
export const SUCCEEDING_TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
} as const;

/**
 * One step of a test's set-up, called with the account's bearer token: fails loudly on any answer
 * but 200, and answers the body as the schema reads it.
 */
export async function callAs<T>(
  app: App,
  account: TestAccount,
  call: { method: 'POST' | 'PATCH'; url: string; payload: object },
  schema: { parse(value: unknown): T },
): Promise<T> {
  const response = await app.inject({ ...call, headers: bearer(account.token) });
  if (response.statusCode !== 200) {
    throw new Error(`${call.method} ${call.url} failed: ${response.statusCode} ${response.body}`);
  }
  return schema.parse(response.json());
}

/** POST /api/create-payment-intent for an order of the account's: the intent's client secret. */
export async function createTestIntent(
  app: App,
  account: TestAccount,
  order: { id: string; totalPrice: number },
): Promise<string> {
  const { clientSecret } = await callAs(
    app,
    account,
    {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: order.id, totalPrice: order.totalPrice },
    },
    PaymentIntentResponseSchema,
  );
  return clientSecret;
}

/** The payment page's card form on the test gateway (POST /api/payments/test/confirm): the transaction id. */
export async function confirmTestCard(
  app: App,
  account: TestAccount,
  clientSecret: string,
): Promise<string> {
  const { transectionId } = await callAs(
    app,
    account,
    {
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { clientSecret, ...SUCCEEDING_TEST_CARD },
    },
    ConfirmTestCardResponseSchema,
  );
  return transectionId;
}

/** Records a confirmed payment on its order (PATCH /api/tool/{id}): the order, paid. */
export async function recordTestPayment(
  app: App,
  account: TestAccount,
  orderId: string,
  transectionId: string,
): Promise<Order> {
  const { order } = await callAs(
    app,
    account,
    { method: 'PATCH', url: `/api/tool/${orderId}`, payload: { order: orderId, transectionId } },
    RecordPaymentResponseSchema,
  );
  return order;
}

/**
 * Pays an order the way the payment page does, with the built-in test gateway: the intent
 * (POST /api/create-payment-intent), the card (POST /api/payments/test/confirm), then the
 * record (PATCH /api/tool/{id}). Fails loudly on any step that is not 200. Answers the order as
 * paid, with its transaction id.
 */
export async function payOrder(app: App, account: TestAccount, order: Order): Promise<Order> {
  const clientSecret = await createTestIntent(app, account, {
    id: order._id,
    totalPrice: orderTotal(order.price, order.quantity),
  });
  const transectionId = await confirmTestCard(app, account, clientSecret);
  return recordTestPayment(app, account, order._id, transectionId);
}

/** Places an order by `account` for `tool` (see placeTestOrder), then pays it: the order, paid. */
export async function placePaidOrder(
  app: App,
  account: TestAccount,
  tool: { id: string; name: string },
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  return payOrder(app, account, await placeTestOrder(app, account, tool, overrides));
}

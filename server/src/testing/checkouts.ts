import {
  CheckoutSchema,
  PaymentIntentResponseSchema,
  type Checkout,
  type Order,
} from '@tools-factory/contract';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { TestAccount } from './accounts.ts';
import { checkOut, fillCart } from './cart-lines.ts';
import { callAs, confirmTestCard, recordTestPayment } from './payments.ts';
import { injectAs } from './requests.ts';

/**
 * A checkout of several lines placed as the cart page places it: the lines put in the account's
 * cart (each at the tool's list price), then POST /api/checkout with `body` (a PO number...).
 */
export async function placeTestCheckout(
  app: App,
  account: TestAccount,
  lines: readonly { tool: { id: string; priceCents: number }; quantity: number }[],
  body: Record<string, unknown> = {},
): Promise<Checkout> {
  await fillCart(app, account, lines);
  return (await checkOut(app, account, body)).checkout;
}

/** GET /api/checkouts/{id}: the account's own checkout as it stands (fails on any answer but 200). */
export async function fetchCheckout(
  app: App,
  account: { token: string },
  checkoutId: string,
): Promise<Checkout> {
  const response = await injectAs(app, account, { url: `/api/checkouts/${checkoutId}` });
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutSchema.parse(response.json());
}

/** POST /api/checkouts/{id}/payment-intent, `totalPrice` sent when given: the answer as it comes. */
export function requestCheckoutIntent(
  app: App,
  account: { token: string },
  checkoutId: string,
  totalPrice?: number,
) {
  return injectAs(app, account, {
    method: 'POST',
    url: `/api/checkouts/${checkoutId}/payment-intent`,
    payload: totalPrice === undefined ? {} : { totalPrice },
  });
}

/** The checkout's intent (fails the test on any answer but 200): its client secret. */
export async function createCheckoutIntent(
  app: App,
  account: TestAccount,
  checkoutId: string,
  totalPrice?: number,
): Promise<string> {
  const { clientSecret } = await callAs(
    app,
    account,
    {
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/payment-intent`,
      payload: totalPrice === undefined ? {} : { totalPrice },
    },
    PaymentIntentResponseSchema,
  );
  return clientSecret;
}

/**
 * Pays a whole checkout once, as its payment page does with the test gateway: the checkout's
 * intent, the card, then the record (PATCH /api/tool/{id}) for one line (`recordOn`, by default
 * the last). Answers that line as the record answers it, and the transaction id.
 */
export async function payCheckout(
  app: App,
  account: TestAccount,
  checkout: Checkout,
  recordOn: Order | undefined = checkout.lines.at(-1),
): Promise<{ line: Order; transectionId: string }> {
  if (!recordOn) throw new Error(`checkout ${checkout._id} has no line to record the payment on`);
  const clientSecret = await createCheckoutIntent(app, account, checkout._id, checkout.total);
  const transectionId = await confirmTestCard(app, account, clientSecret);
  const line = await recordTestPayment(app, account, recordOn._id, transectionId);
  return { line, transectionId };
}

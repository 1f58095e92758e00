import { and, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CancelCheckoutResponseSchema,
  CartSchema,
  ManagedCheckoutSchema,
  SalesOverviewSchema,
  serverTexts,
  ShippingRatesSchema,
  texts,
  type Checkout,
  type ShippingRates,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { checkOut, fillCart, postCheckout } from '../../testing/cart-lines.ts';
import {
  createCheckoutIntent,
  fetchCheckout,
  payCheckout,
  requestCheckoutIntent,
} from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';

/** $25 per checkout, free from $500 of goods. */
const FLAT_FREE_FROM_500: ShippingRates = {
  kind: 'charged',
  bands: [
    { from: 0, charge: 25 },
    { from: 500, charge: 0 },
  ],
};

const charged = appTest({ config: { ...UNCAPPED_ORDERS, shippingRates: FLAT_FREE_FROM_500 } });
const quoted = appTest({ config: { ...UNCAPPED_ORDERS, shippingRates: { kind: 'quoted' } } });

/** A tool of $10.00 (minimum 1, plenty in stock), named apart from the file's others. */
function tenDollarTool(app: App) {
  return createTestTool(app, {
    name: `Shipping Tool ${crypto.randomUUID().slice(0, 6)}`,
    priceCents: 1000,
    minOrderQuantity: 1,
    availableQuantity: 10_000,
  });
}

async function readCart(app: App, buyer: TestAccount) {
  const response = await injectAs(app, buyer, { url: '/api/cart' });
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

/** The shop's days summed: revenue, refunded and shipping, in cents. */
async function salesCents(app: App, admin: TestAccount) {
  const response = await injectAs(app, admin, { url: '/api/manageSales' });
  expect(response.statusCode, response.body).toBe(200);
  const { days } = SalesOverviewSchema.parse(response.json());
  const sum = (of: (day: (typeof days)[number]) => number) =>
    Math.round(days.reduce((total, day) => total + of(day) * 100, 0));
  return {
    revenue: sum((day) => day.revenue),
    refunded: sum((day) => day.refunded),
    shipping: sum((day) => day.shipping),
  };
}

/** The e-mails the outbox holds about this checkout, of kind `mail`. */
function mailsAbout(app: App, checkoutId: string, mail: string) {
  return app.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        sql`${outboxMessages.about}->>'checkoutId' = ${checkoutId}`,
        sql`${outboxMessages.about}->>'mail' = ${mail}`,
      ),
    );
}

describe('GET /api/shipping-rates', () => {
  charged('answers the configured rates to anyone', async ({ app }) => {
    const response = await app.inject({ url: '/api/shipping-rates' });
    expect(response.statusCode).toBe(200);
    expect(ShippingRatesSchema.parse(response.json())).toEqual(FLAT_FREE_FROM_500);
  });
});

describe('Shipping charged by the rates (flat $25, free from $500)', () => {
  charged(
    'the cart shows the shipping, the total with it, and how much more ships free',
    async ({ app, customer }) => {
      const tool = await tenDollarTool(app);
      await fillCart(app, customer, [{ tool, quantity: 20 }]);
      expect(await readCart(app, customer)).toMatchObject({
        subtotal: 200,
        shipping: 25,
        total: 225,
        cheaperShipping: { more: 300, charge: 0 },
      });
      // From $500 of goods it ships free, and no cheaper band is left.
      await fillCart(app, customer, [{ tool: await tenDollarTool(app), quantity: 30 }]);
      expect(await readCart(app, customer)).toMatchObject({
        subtotal: 500,
        shipping: 0,
        total: 500,
        cheaperShipping: null,
      });
      await injectAs(app, customer, { method: 'DELETE', url: '/api/cart' });
    },
  );

  charged(
    'a checkout is charged its shipping: expected total, payment, invoice and Sales include it',
    async ({ app, admin, customer }) => {
      const tool = await tenDollarTool(app);
      await fillCart(app, customer, [{ tool, quantity: 20 }]);
      // The total without its shipping is not today's: nothing is placed.
      expectError(
        await postCheckout(app, customer, { expectedTotal: 200 }),
        409,
        texts.checkout.errors.totalChanged(200, 225),
      );
      const { checkout } = await checkOut(app, customer, { expectedTotal: 225 });
      expect(checkout).toMatchObject({ shipping: 25, shippingRefunded: 0, total: 225 });
      expect(await fetchCheckout(app, customer, checkout._id)).toMatchObject({ total: 225 });

      // The payment is for the goods and the shipping: the goods alone are refused.
      expectError(
        await requestCheckoutIntent(app, customer, checkout._id, 200),
        409,
        texts.paymentErrors.totalMismatch('$225.00'),
      );
      const before = await salesCents(app, admin);
      await payCheckout(app, customer, checkout);
      const after = await salesCents(app, admin);
      expect({
        revenue: after.revenue - before.revenue,
        shipping: after.shipping - before.shipping,
      }).toEqual({ revenue: 22_500, shipping: 2_500 });

      // The invoice has a shipping line, in its total.
      const invoice = await injectAs(app, customer, {
        url: `/api/orders/${checkout.lines[0]!._id}/invoice.pdf`,
      });
      expect(invoice.statusCode).toBe(200);
      const { text } = await readPdf(invoice.rawPayload);
      expect(text).toContain(serverTexts.invoice.shipping);
      expect(text).toContain('$25.00');
      expect(text).toContain('$225.00');
    },
  );

  charged(
    "the purchase page's one-line order is a checkout charged the same",
    async ({ app, customer }) => {
      const tool = await tenDollarTool(app);
      const order = await placeTestOrder(app, customer, tool, { quantity: 10 });
      const checkout = await fetchCheckout(app, customer, order.checkoutId);
      expect(checkout).toMatchObject({ shipping: 25, total: 125 });
      // The spec's payment call with the order's own total: told the total with shipping.
      const asked = await injectAs(app, customer, {
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { orderId: order._id, totalPrice: 100 },
      });
      expectError(asked, 409, texts.paymentErrors.totalMismatch('$125.00'));
      const right = await injectAs(app, customer, {
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { orderId: order._id, totalPrice: 125 },
      });
      expect(right.statusCode, right.body).toBe(200);
      // A large order ships free.
      const big = await placeTestOrder(app, customer, tool, { quantity: 60 });
      expect(await fetchCheckout(app, customer, big.checkoutId)).toMatchObject({
        shipping: 0,
        total: 600,
      });
    },
  );

  charged(
    'cancelling a checkout before anything shipped gives the shipping back, with its credit note',
    async ({ app, admin, customer }) => {
      const tool = await tenDollarTool(app);
      const checkout = await placeAndPay(app, customer, [tool, await tenDollarTool(app)]);
      const before = await salesCents(app, admin);
      const response = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${checkout._id}/cancel`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { creditNotes } = CancelCheckoutResponseSchema.parse(response.json());
      // Two lines of $100 each, and the shipping.
      expect(creditNotes.map((note) => note.amount).sort((a, b) => a - b)).toEqual([25, 100, 100]);
      expect(await fetchCheckout(app, customer, checkout._id)).toMatchObject({
        shipping: 25,
        shippingRefunded: 25,
      });
      const after = await salesCents(app, admin);
      expect({
        revenue: after.revenue - before.revenue,
        refunded: after.refunded - before.refunded,
        shipping: after.shipping - before.shipping,
      }).toEqual({ revenue: -22_500, refunded: 22_500, shipping: -2_500 });

      // The shipping's credit note reads as one.
      const shippingNote = creditNotes.find((note) => note.amount === 25)!;
      const pdf = await injectAs(app, customer, { url: `/api/creditNotes/${shippingNote.id}` });
      expect(pdf.statusCode).toBe(200);
      const { text } = await readPdf(pdf.rawPayload);
      expect(text).toContain(serverTexts.invoice.shipping);
      expect(text).toContain('nothing of the order was shipped');
      // One e-mail names it, with every credit note attached.
      const [mail] = await mailsAbout(app, checkout._id, 'checkout cancelled');
      expect(mail?.text).toContain(serverTexts.invoice.shipping);
      expect(mail?.attachments).toHaveLength(3);

      // Asked again: nothing more goes back.
      const again = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${checkout._id}/cancel`,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(CancelCheckoutResponseSchema.parse(again.json()).creditNotes).toEqual([]);
    },
  );

  charged(
    'a checkout cancelled after part of it shipped keeps its shipping',
    async ({ app, admin, customer }) => {
      const checkout = await placeAndPay(app, customer, [
        await tenDollarTool(app),
        await tenDollarTool(app),
      ]);
      const shipped = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${checkout._id}/shipments`,
        payload: { lines: [{ orderId: checkout.lines[0]!._id, quantity: 1 }] },
      });
      expect(shipped.statusCode, shipped.body).toBe(201);
      const response = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${checkout._id}/cancel`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { creditNotes } = CancelCheckoutResponseSchema.parse(response.json());
      expect(creditNotes.map((note) => note.amount)).not.toContain(25);
      expect(await fetchCheckout(app, customer, checkout._id)).toMatchObject({
        shippingRefunded: 0,
      });
    },
  );
});

/** Two lines of 10 × $10.00 placed as one checkout and paid: $225 with the shipping. */
async function placeAndPay(
  app: App,
  buyer: TestAccount,
  tools: readonly { id: string; priceCents: number }[],
): Promise<Checkout> {
  await fillCart(
    app,
    buyer,
    tools.map((tool) => ({ tool, quantity: 10 })),
  );
  const { checkout } = await checkOut(app, buyer);
  expect(checkout.total).toBe(tools.length * 100 + 25);
  await payCheckout(app, buyer, checkout);
  return checkout;
}

describe('Shipping quoted after ordering', () => {
  quoted(
    'a checkout waits for its quote; the admin sets it once, the buyer is e-mailed and pays it',
    async ({ app, admin, customer }) => {
      const tool = await tenDollarTool(app);
      await fillCart(app, customer, [{ tool, quantity: 20 }]);
      expect(await readCart(app, customer)).toMatchObject({
        subtotal: 200,
        shipping: null,
        total: 200,
        cheaperShipping: null,
      });
      const { checkout } = await checkOut(app, customer, { expectedTotal: 200 });
      expect(checkout).toMatchObject({ shipping: null, total: 200 });

      // Not payable until quoted.
      expectError(
        await requestCheckoutIntent(app, customer, checkout._id, 200),
        409,
        serverTexts.shippingErrors.awaitingQuote,
      );
      // Bad amounts are refused in words; only admins quote.
      const url = `/api/manageCheckouts/${checkout._id}/shipping`;
      const negative = await injectAs(app, admin, { method: 'POST', url, payload: { amount: -5 } });
      expect(negative.statusCode, negative.body).toBe(400);
      const byBuyer = await injectAs(app, customer, {
        method: 'POST',
        url,
        payload: { amount: 1 },
      });
      expect(byBuyer.statusCode).toBe(403);

      const set = await injectAs(app, admin, { method: 'POST', url, payload: { amount: 40 } });
      expect(set.statusCode, set.body).toBe(200);
      expect(ManagedCheckoutSchema.parse(set.json())).toMatchObject({ shipping: 40 });
      const [mail] = await mailsAbout(app, checkout._id, 'shipping quoted');
      expect(mail?.subject).toBe(serverTexts.shippingMail.subject(checkout.reference));
      expect(mail?.text).toContain('$40.00');
      expect(mail?.text).toContain('$240.00');

      // Set once: a second quote is refused, the first stands.
      expectError(
        await injectAs(app, admin, { method: 'POST', url, payload: { amount: 10 } }),
        409,
        serverTexts.shippingErrors.notQuoted,
      );
      const now = await fetchCheckout(app, customer, checkout._id);
      expect(now).toMatchObject({ shipping: 40, total: 240 });
      await createCheckoutIntent(app, customer, checkout._id, 240);
      await payCheckout(app, customer, now);
      expectError(
        await injectAs(app, admin, { method: 'POST', url, payload: { amount: 10 } }),
        409,
        serverTexts.shippingErrors.notUnpaid,
      );
    },
  );

  quoted(
    'a quote of 0 ships free; an unknown checkout is not found',
    async ({ app, admin, customer }) => {
      const tool = await tenDollarTool(app);
      await fillCart(app, customer, [{ tool, quantity: 10 }]);
      const { checkout } = await checkOut(app, customer);
      const url = `/api/manageCheckouts/${checkout._id}/shipping`;
      const set = await injectAs(app, admin, { method: 'POST', url, payload: { amount: 0 } });
      expect(set.statusCode, set.body).toBe(200);
      expect(await fetchCheckout(app, customer, checkout._id)).toMatchObject({
        shipping: 0,
        total: 100,
      });
      const unknown = await injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageCheckouts/${crypto.randomUUID()}/shipping`,
        payload: { amount: 1 },
      });
      expect(unknown.statusCode).toBe(404);
    },
  );
});

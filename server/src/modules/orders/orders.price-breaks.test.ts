import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  OrderListSchema,
  OrderSchema,
  serverTexts,
  texts,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { expectError, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { paymentIntents } from '../payments/payments.table.ts';
import { orders } from './orders.table.ts';
import { availableOf, placeTestOrder } from '../../testing/orders.ts';
import { setPriceBreaks } from '../../testing/catalog-calls.ts';

/** Breaks in dollars, as PUT /api/tool/:id/priceBreaks takes them. */
type Breaks = { minQuantity: number; price: number }[];

const it = appTest({ config: UNCAPPED_ORDERS });

/** A new tool at $10.00 (minimum 10, 5000 available) with these breaks. */
async function toolWith(app: App, admin: TestAccount, priceBreaks: Breaks) {
  const tool = await createTestTool(app, {
    priceCents: 1000,
    minOrderQuantity: 10,
    availableQuantity: 5000,
  });
  await setPriceBreaks(app, admin, tool.id, priceBreaks);
  return tool;
}

async function storedUnitPriceCents(app: App, orderId: string): Promise<number | undefined> {
  const [row] = await app.database.db
    .select({ unitPriceCents: orders.unitPriceCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.unitPriceCents;
}

async function ordersOfTool(app: App, toolId: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.toolId, toolId));
  return rows.length;
}

function createIntent(app: App, customer: TestAccount, orderId: string, totalPrice: number) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(customer.token),
    payload: { orderId, totalPrice },
  });
}

/**
 * The order as the payment page reads it (GET /api/payorder/:id), and the amount its payment
 * is made for: a payment intent for the list-price total is refused with the right total, and
 * the one for the right total is for exactly that many cents.
 */
async function expectPaidAt(
  app: App,
  customer: TestAccount,
  order: Order,
  unitPriceCents: number,
  listPriceCents: number,
) {
  const totalCents = unitPriceCents * order.quantity;
  const payOrder = await app.inject({
    url: `/api/payorder/${order._id}`,
    headers: bearer(customer.token),
  });
  expect(OrderSchema.parse(payOrder.json()).price).toBe(unitPriceCents / 100);
  if (unitPriceCents !== listPriceCents) {
    const atListPrice = await createIntent(
      app,
      customer,
      order._id,
      (listPriceCents * order.quantity) / 100,
    );
    expectError(
      atListPrice,
      409,
      texts.paymentErrors.totalMismatch(`$${(totalCents / 100).toFixed(2)}`),
    );
  }
  const intent = await createIntent(app, customer, order._id, totalCents / 100);
  expect(intent.statusCode, intent.body).toBe(200);
  const intents = await app.database.db
    .select({ amountCents: paymentIntents.amountCents })
    .from(paymentIntents)
    .where(eq(paymentIntents.orderId, order._id));
  expect(intents).toEqual([{ amountCents: totalCents }]);
}

describe('POST /api/order priced from the price breaks', () => {
  describe('one break: from 100 units, $9.00 each (list price $10.00)', () => {
    it.for<[string, number, number]>([
      ['one below the break (99): the list price', 99, 1000],
      ['at the break (100): the break price', 100, 900],
      ['one above the break (101): the break price', 101, 900],
    ])('%s', async ([, quantity, unitPriceCents], { app, customer, admin }) => {
      const tool = await toolWith(app, admin, [{ minQuantity: 100, price: 9 }]);
      const order = await placeTestOrder(app, customer, tool, { quantity });
      expect(order.price).toBe(unitPriceCents / 100);
      expect(await storedUnitPriceCents(app, order._id)).toBe(unitPriceCents);
      await expectPaidAt(app, customer, order, unitPriceCents, 1000);
      // The client that sends the price it was shown for that quantity gets it.
      const agreed = await placeTestOrder(app, customer, tool, {
        quantity,
        price: unitPriceCents / 100,
      });
      expect(agreed.price).toBe(unitPriceCents / 100);
      expect(await availableOf(app, tool.id)).toBe(5000 - 2 * quantity);
    });
  });

  describe('two breaks: from 100 units $9.00, from 500 units $8.00', () => {
    it.for<[number, number]>([
      [99, 1000],
      [100, 900],
      [499, 900],
      [500, 800],
      [501, 800],
      [4999, 800],
    ])(
      'quantity %d costs %d cents each',
      async ([quantity, unitPriceCents], { app, customer, admin }) => {
        const tool = await toolWith(app, admin, [
          { minQuantity: 500, price: 8 },
          { minQuantity: 100, price: 9 },
        ]);
        const order = await placeTestOrder(app, customer, tool, { quantity });
        expect(order.price).toBe(unitPriceCents / 100);
        expect(await storedUnitPriceCents(app, order._id)).toBe(unitPriceCents);
      },
    );

    it('prices the payment of the larger break', async ({ app, customer, admin }) => {
      const tool = await toolWith(app, admin, [
        { minQuantity: 100, price: 9 },
        { minQuantity: 500, price: 8 },
      ]);
      await expectPaidAt(
        app,
        customer,
        await placeTestOrder(app, customer, tool, { quantity: 501 }),
        800,
        1000,
      );
    });
  });

  describe('a stale client price', () => {
    it.for<[string, number, number, number]>([
      ['the list price for a quantity that reaches a break', 100, 10, 9],
      ['the break price for a quantity below it', 99, 9, 10],
      ['the smaller break’s price for a quantity that reaches the larger', 500, 9, 8],
    ])(
      'answers 409 to %s, with the right price, and reserves nothing',
      async ([, quantity, sentPrice, rightPrice], { app, customer, admin }) => {
        const tool = await toolWith(app, admin, [
          { minQuantity: 100, price: 9 },
          { minQuantity: 500, price: 8 },
        ]);
        const response = await postOrder(app, customer, tool, { quantity, price: sentPrice });
        expectError(response, 409, serverTexts.orderErrors.priceChanged(rightPrice));
        expect(await availableOf(app, tool.id)).toBe(5000);
        expect(await ordersOfTool(app, tool.id)).toBe(0);
      },
    );

    it('answers 409 with the unit price of the quantity when the quantity is refused too', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await toolWith(app, admin, [{ minQuantity: 100, price: 9 }]);
      const response = await postOrder(app, customer, tool, { quantity: 5000, price: 10 });
      expectError(response, 409, serverTexts.orderErrors.priceChanged(9));
      const rightPrice = await postOrder(app, customer, tool, { quantity: 5000, price: 9 });
      expectError(rightPrice, 400, texts.purchase.quantityOutOfRange);
      expect(await availableOf(app, tool.id)).toBe(5000);
    });
  });

  it('prices each order from the breaks at its time: an edit changes the next order only', async ({
    app,
    customer,
    admin,
  }) => {
    const tool = await toolWith(app, admin, [{ minQuantity: 100, price: 9 }]);
    const first = await placeTestOrder(app, customer, tool, { quantity: 150 });
    expect(first.price).toBe(9);

    await setPriceBreaks(app, admin, tool.id, [{ minQuantity: 100, price: 8.5 }]);
    const second = await placeTestOrder(app, customer, tool, { quantity: 150 });
    expect(second.price).toBe(8.5);
    // The client that still shows the old break price is told the new one.
    const stale = await postOrder(app, customer, tool, { quantity: 150, price: 9 });
    expectError(stale, 409, serverTexts.orderErrors.priceChanged(8.5));

    await setPriceBreaks(app, admin, tool.id, []);
    const third = await placeTestOrder(app, customer, tool, { quantity: 150 });
    expect(third.price).toBe(10);

    const mine = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    const prices = new Map(OrderListSchema.parse(mine.json()).map((o) => [o._id, o.price]));
    expect([prices.get(first._id), prices.get(second._id), prices.get(third._id)]).toEqual([
      9, 8.5, 10,
    ]);
    expect(await storedUnitPriceCents(app, first._id)).toBe(900);
    expect(await availableOf(app, tool.id)).toBe(5000 - 3 * 150);
  });

  it('keeps the list price for a tool without breaks, sent or not', async ({
    app,
    customer,
    admin,
  }) => {
    const tool = await toolWith(app, admin, []);
    expect((await placeTestOrder(app, customer, tool, { quantity: 4000 })).price).toBe(10);
    expect((await placeTestOrder(app, customer, tool, { quantity: 11, price: 10 })).price).toBe(10);
  });
});

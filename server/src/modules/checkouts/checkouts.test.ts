import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CheckoutListSchema,
  CheckoutRefusalSchema,
  CheckoutSchema,
  texts,
  serverTexts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { checkOut, fillCart, postCheckout } from '../../testing/cart-lines.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import {
  availableOf,
  storedAvailableOf,
  listOwnOrders,
  placeTestOrder,
} from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { cartLines } from '../cart/cart.table.ts';
import { orders } from '../orders/orders.table.ts';
import { removeTool, setPriceBreaks } from '../../testing/catalog-calls.ts';

/** The stock the database holds and the one the catalog shows: both must be this. */
async function expectStock(app: App, toolId: string, available: number): Promise<void> {
  expect(await storedAvailableOf(app, toolId)).toBe(available);
  expect(await availableOf(app, toolId)).toBe(available);
}

const it = appTest({ config: UNCAPPED_ORDERS });

/** Two tools on sale: minimum 10, 1000 available, $10.00 and $4.00. */
async function twoTools(app: App) {
  return Promise.all([
    createTestTool(app, { priceCents: 1000, minOrderQuantity: 10, availableQuantity: 1000 }),
    createTestTool(app, { priceCents: 400, minOrderQuantity: 10, availableQuantity: 1000 }),
  ]);
}

async function cartOf(app: App, account: TestAccount) {
  return app.database.db.select().from(cartLines).where(eq(cartLines.userId, account.userId));
}

async function ordersOf(app: App, account: TestAccount) {
  return app.database.db.select().from(orders).where(eq(orders.userId, account.userId));
}

describe('POST /api/checkout: the cart as one checkout, all lines or none', () => {
  it('places one order per line under one checkout, reserves each, empties the cart', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw, file] = await twoTools(app);
    await fillCart(app, customer, [
      { tool: saw, quantity: 20 },
      { tool: file, quantity: 50 },
    ]);

    const placed = await checkOut(app, customer, { poNumber: 'PO-4471' });
    const { checkout } = placed;
    expect(checkout.reference).toMatch(/^CO-[0-9A-F]{8}$/);
    expect(checkout).toMatchObject({
      poNumber: 'PO-4471',
      address: '12 Forge Lane, Sheffield',
      status: 'unpaid',
      total: 20 * 10 + 50 * 4,
    });
    // In the cart's order: both lines were added by one statement, at one time.
    expect(checkout.lines.map((line) => [line.toolId, line.quantity, line.price])).toEqual([
      [saw.id, 20, 10],
      [file.id, 50, 4],
    ]);
    for (const line of checkout.lines) {
      expect(line).toMatchObject({
        checkoutId: checkout._id,
        checkoutReference: checkout.reference,
        poNumber: 'PO-4471',
        status: 'unpaid',
      });
    }
    expect(placed.priceChanges).toEqual([]);
    await expectStock(app, saw.id, 980);
    await expectStock(app, file.id, 950);
    expect(await cartOf(app, customer)).toEqual([]);

    // Each line is one of the spec's orders: GET /orders lists them, with their SKUs.
    const listed = await listOwnOrders(app, customer);
    expect(listed.map((order) => order.sku).sort()).toEqual([saw.sku, file.sku].sort());

    // GET /checkouts groups them; GET /checkouts/{id} answers the one.
    const list = await injectAs(app, customer, { url: '/api/checkouts' });
    expect(list.statusCode).toBe(200);
    const checkouts = CheckoutListSchema.parse(list.json());
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toEqual(checkout);
    const one = await injectAs(app, customer, { url: `/api/checkouts/${checkout._id}` });
    expect(CheckoutSchema.parse(one.json())).toEqual(checkout);

    // One placed e-mail for the whole checkout, naming both SKUs.
    const mails = (await readOutbox(app)).filter(
      (mail) =>
        mail.headers.to?.includes(customer.email) &&
        mail.headers.subject?.includes(checkout.reference),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(saw.sku);
    expect(mails[0]!.text).toContain(file.sku);
  });

  it('numbers the lines in the order one statement added them, which share their time', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const tools = await Promise.all(
      [1, 2, 3].map(() => createTestTool(app, { priceCents: 500, availableQuantity: 1000 })),
    );
    // Last id first: tool id order would be the other way round.
    const inCart = [...tools].sort((a, b) => b.id.localeCompare(a.id));
    await fillCart(
      app,
      customer,
      inCart.map((tool) => ({ tool, quantity: 20 })),
    );
    const cart = await injectAs(app, customer, { url: '/api/cart' });
    expect(cart.json().lines.map((line: { toolId: string }) => line.toolId)).toEqual(
      inCart.map((tool) => tool.id),
    );
    const { checkout } = await checkOut(app, customer);
    expect(checkout.lines.map((line) => line.toolId)).toEqual(inCart.map((tool) => tool.id));
  });

  it("numbers the lines in the cart's order even when they were added within one millisecond", async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const tools = await Promise.all(
      [1, 2, 3].map(() => createTestTool(app, { priceCents: 500, availableQuantity: 1000 })),
    );
    // Added last-id first, a few microseconds apart: one millisecond to a JavaScript Date.
    const inCart = [...tools].sort((a, b) => b.id.localeCompare(a.id));
    await app.database.db.insert(cartLines).values(
      inCart.map((tool, index) => ({
        userId: customer.userId,
        toolId: tool.id,
        quantity: 20,
        unitPriceCents: 500,
        addedAt: sql`${`2026-12-01T10:00:00.000${index + 1}00Z`}::timestamptz`,
      })),
    );
    const cart = await injectAs(app, customer, { url: '/api/cart' });
    expect(cart.json().lines.map((line: { toolId: string }) => line.toolId)).toEqual(
      inCart.map((tool) => tool.id),
    );

    const { checkout } = await checkOut(app, customer);
    expect(checkout.lines.map((line) => line.toolId)).toEqual(inCart.map((tool) => tool.id));
  });

  it('reserves nothing when one line cannot be had, names each failing line, keeps the cart', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw, file] = await twoTools(app);
    const short = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 30 });
    await fillCart(app, customer, [
      { tool: saw, quantity: 20 },
      { tool: file, quantity: 5 },
      { tool: short, quantity: 40 },
    ]);

    const refused = await postCheckout(app, customer);
    expect(refused.statusCode).toBe(409);
    const body = CheckoutRefusalSchema.parse(refused.json());
    expect(body.message).toBe(texts.checkout.errors.linesRefused);
    expect(body.lines).toEqual(
      expect.arrayContaining([
        { toolId: file.id, sku: file.sku, message: texts.cart.problems.belowMinimum(10) },
        { toolId: short.id, sku: short.sku, message: texts.cart.problems.aboveAvailable(30) },
      ]),
    );
    expect(body.lines).toHaveLength(2);
    // The saw's line was reserved before the others failed: the transaction gave it back.
    await expectStock(app, saw.id, 1000);
    await expectStock(app, short.id, 30);
    expect(await ordersOf(app, customer)).toEqual([]);
    expect(await cartOf(app, customer)).toHaveLength(3);
  });

  it('refuses a tool withdrawn since it was added, by its SKU, and places nothing', async ({
    app,
    admin,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw, file] = await twoTools(app);
    await fillCart(app, customer, [
      { tool: saw, quantity: 20 },
      { tool: file, quantity: 20 },
    ]);
    await removeTool(app, admin, file.id);

    const refused = await postCheckout(app, customer);
    expect(refused.statusCode).toBe(409);
    expect(CheckoutRefusalSchema.parse(refused.json()).lines).toEqual([
      { toolId: file.id, sku: file.sku, message: texts.cart.problems.withdrawn },
    ]);
    await expectStock(app, saw.id, 1000);
  });

  it("takes today's price break and says so; an expected total that is not today's is 409", async ({
    app,
    admin,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw] = await twoTools(app);
    // Added at $10.00 each; a break from 100 units at $9.00 arrives before the checkout.
    await fillCart(app, customer, [{ tool: saw, quantity: 150 }]);
    await setPriceBreaks(app, admin, saw.id, [{ minQuantity: 100, price: 9 }]);

    const stale = await postCheckout(app, customer, { expectedTotal: 1500 });
    expectError(stale, 409, texts.checkout.errors.totalChanged(1500, 1350));
    await expectStock(app, saw.id, 1000);
    expect(await cartOf(app, customer)).toHaveLength(1);

    const placed = await checkOut(app, customer, { expectedTotal: 1350 });
    expect(placed.checkout.total).toBe(1350);
    expect(placed.checkout.lines[0]!.price).toBe(9);
    expect(placed.priceChanges).toEqual([{ toolId: saw.id, sku: saw.sku, before: 10, now: 9 }]);
    expect(placed.message).toBe(texts.checkout.priceChanged(placed.checkout.reference));
  });

  it('answers a retry with the same key with the same checkout; other details 422; no key 400', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw] = await twoTools(app);
    await fillCart(app, customer, [{ tool: saw, quantity: 20 }]);
    const key = randomUUID();
    const first = await postCheckout(app, customer, { poNumber: 'A-1' }, key);
    expect(first.statusCode).toBe(201);
    const again = await postCheckout(app, customer, { poNumber: 'A-1' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkout).toEqual(first.json().checkout);
    await expectStock(app, saw.id, 980);
    expect(await ordersOf(app, customer)).toHaveLength(1);

    const other = await postCheckout(app, customer, { poNumber: 'B-2' }, key);
    expectError(other, 422, serverTexts.orderErrors.idempotencyKeyReused);

    await fillCart(app, customer, [{ tool: saw, quantity: 20 }]);
    const keyless = await postCheckout(app, customer, {}, null);
    expectError(keyless, 400, serverTexts.orderErrors.idempotencyKeyRequired);
    expect(await cartOf(app, customer)).toHaveLength(1);
  });

  it('refuses an empty cart (400), an admin (403), a PO number of 36 characters (400)', async ({
    app,
    admin,
  }) => {
    const customer = await signUpTestAccount(app);
    expectError(await postCheckout(app, customer), 400, texts.checkout.errors.emptyCart);
    expectError(await postCheckout(app, admin), 403, texts.cart.errors.customersOnly);
    const [saw] = await twoTools(app);
    await fillCart(app, customer, [{ tool: saw, quantity: 20 }]);
    const long = await postCheckout(app, customer, { poNumber: 'P'.repeat(36) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/PO number/);
    await expectStock(app, saw.id, 1000);
  });

  it("answers 404 for someone else's checkout and an unknown id", async ({
    app,
    otherCustomer,
  }) => {
    const customer = await signUpTestAccount(app);
    const [saw] = await twoTools(app);
    await fillCart(app, customer, [{ tool: saw, quantity: 20 }]);
    const { checkout } = await checkOut(app, customer);
    for (const url of [`/api/checkouts/${checkout._id}`, `/api/checkouts/${randomUUID()}`]) {
      expectError(
        await injectAs(app, otherCustomer, { url }),
        404,
        serverTexts.orderErrors.checkoutNotFound,
      );
    }
    expectError(
      await injectAs(app, customer, { url: '/api/checkouts/not-an-id' }),
      404,
      serverTexts.orderErrors.checkoutNotFound,
    );
  });
});

const itCapped = appTest({ config: { ...UNCAPPED_ORDERS, maxUnpaidOrders: 2 } });

describe('MAX_UNPAID_ORDERS counts unpaid checkouts, not lines', () => {
  itCapped(
    'a checkout of three lines is one; the cap refuses the third checkout',
    async ({ app }) => {
      const buyer = await signUpTestAccount(app);
      const [saw, file] = await twoTools(app);
      const third = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 1000 });
      await fillCart(app, buyer, [
        { tool: saw, quantity: 20 },
        { tool: file, quantity: 20 },
        { tool: third, quantity: 20 },
      ]);
      await checkOut(app, buyer);
      // A one-line checkout through the purchase page's POST /order: the second.
      await placeTestOrder(app, buyer, saw, { quantity: 20 });

      await fillCart(app, buyer, [{ tool: file, quantity: 20 }]);
      expectError(await postCheckout(app, buyer), 409, texts.orders.tooManyUnpaidOrders(2));
      await expectStock(app, file.id, 980);
    },
  );
});

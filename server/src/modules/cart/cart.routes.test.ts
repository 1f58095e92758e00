import { describe, expect } from 'vitest';
import {
  AddCartLinesResponseSchema,
  CartSchema,
  MAX_CART_LINES,
  serverTexts,
  texts,
  type Cart,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signInTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { test } from '../../testing/app-fixtures.ts';
import { createTestTool, insertTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { clearCart, selectCartLinesForCheckout } from './cart.repository.ts';
import { removeTool, setPriceBreaks } from '../../testing/catalog-calls.ts';

const cartTexts = texts.cart;
const fieldErrors = texts.fieldErrors;

async function readCart(app: App, account: TestAccount): Promise<Cart> {
  const response = await injectAs(app, account, { url: '/api/cart' });
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

function putLine(app: App, account: TestAccount, toolId: string, quantity: unknown) {
  return injectAs(app, account, {
    method: 'PUT',
    url: `/api/cart/lines/${toolId}`,
    payload: { quantity },
  });
}

async function setLine(app: App, account: TestAccount, toolId: string, quantity: number) {
  const response = await putLine(app, account, toolId, quantity);
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

function postLines(app: App, account: TestAccount, lines: unknown[]) {
  return injectAs(app, account, { method: 'POST', url: '/api/cart/lines', payload: { lines } });
}

async function addLines(app: App, account: TestAccount, lines: unknown[]) {
  const response = await postLines(app, account, lines);
  expect(response.statusCode, response.body).toBe(200);
  return AddCartLinesResponseSchema.parse(response.json());
}

async function reorder(app: App, account: TestAccount, payload: object) {
  return injectAs(app, account, { method: 'POST', url: '/api/cart/reorder', payload });
}

async function emptyCart(app: App, account: TestAccount) {
  const response = await injectAs(app, account, { method: 'DELETE', url: '/api/cart' });
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

describe('the cart: who may use it', () => {
  test('nobody signed in is told 401; an admin is told 403 in words', async ({ app, admin }) => {
    expect((await app.inject({ url: '/api/cart' })).statusCode).toBe(401);
    for (const request of [
      { url: '/api/cart' },
      { method: 'DELETE' as const, url: '/api/cart' },
      {
        method: 'POST' as const,
        url: '/api/cart/lines',
        payload: { lines: [{ sku: 'X', quantity: 1 }] },
      },
    ]) {
      expectError(await injectAs(app, admin, request), 403, cartTexts.errors.customersOnly);
    }
  });

  test('a second device of the same account sees the same cart; another account its own', async ({
    app,
    customer,
    otherCustomer,
    tool,
  }) => {
    await emptyCart(app, customer);
    await setLine(app, customer, tool.id, 25);
    // The same account signed in again elsewhere: another access token, the same cart.
    const second = await signInTestAccount(app, customer);
    expect(second.token).not.toBe(customer.token);
    const seen = await readCart(app, { ...customer, token: second.token });
    expect(seen.lines.map((line) => [line.toolId, line.quantity])).toEqual([[tool.id, 25]]);
    expect((await readCart(app, otherCustomer)).lines).toEqual([]);
  });
});

describe('PUT /api/cart/lines/{toolId}', () => {
  test("adds the line at today's price, sets its quantity, reprices it by the break it reaches", async ({
    app,
    customer,
    admin,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    await setPriceBreaks(app, admin, tool.id, [{ minQuantity: 100, price: 17.5 }]);
    let cart = await setLine(app, customer, tool.id, 25);
    expect(cart).toEqual({
      lines: [
        {
          toolId: tool.id,
          sku: tool.sku,
          name: tool.name,
          img: tool.image,
          quantity: 25,
          unitPrice: 19.99,
          lineTotal: 499.75,
          addedUnitPrice: 19.99,
          minOrderQuantity: 10,
          availableQuantity: 500,
          problems: [],
        },
      ],
      subtotal: 499.75,
      shipping: 0,
      cheaperShipping: null,
      total: 499.75,
      // The test shop's tax: included, at 0 % (issue 45).
      tax: { mode: 'included', rate: 0, amount: 0 },
      canCheckout: true,
    });
    cart = await setLine(app, customer, tool.id, 120);
    expect(cart.lines[0]).toMatchObject({
      quantity: 120,
      unitPrice: 17.5,
      lineTotal: 2100,
      addedUnitPrice: 17.5,
      problems: [],
    });
    expect(cart.total).toBe(2100);
  });

  test('the purchase rule is not refused but shown as the line’s problem, in words', async ({
    app,
    customer,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 50 });
    let cart = await setLine(app, customer, tool.id, 10);
    expect(cart.lines[0]!.problems).toEqual([
      { code: 'belowMinimum', message: cartTexts.problems.belowMinimum(10) },
    ]);
    expect(cart.canCheckout).toBe(false);
    cart = await setLine(app, customer, tool.id, 50);
    expect(cart.lines[0]!.problems).toEqual([
      { code: 'aboveAvailable', message: cartTexts.problems.aboveAvailable(50) },
    ]);
    expect(cart.canCheckout).toBe(false);
    cart = await setLine(app, customer, tool.id, 49);
    expect(cart.lines[0]!.problems).toEqual([]);
    expect(cart.canCheckout).toBe(true);
  });

  test('a price changed since the line was added is told, not blocking; a withdrawn tool blocks', async ({
    app,
    customer,
    admin,
  }) => {
    await emptyCart(app, customer);
    const cheaper = await createTestTool(app);
    const withdrawn = await createTestTool(app);
    await setLine(app, customer, cheaper.id, 25);
    await setLine(app, customer, withdrawn.id, 30);
    await setPriceBreaks(app, admin, cheaper.id, [{ minQuantity: 20, price: 18 }]);
    await removeTool(app, admin, withdrawn.id);
    const cart = await readCart(app, customer);
    expect(cart.lines.map((line) => line.toolId)).toEqual([cheaper.id, withdrawn.id]);
    expect(cart.lines[0]).toMatchObject({
      unitPrice: 18,
      addedUnitPrice: 19.99,
      lineTotal: 450,
      problems: [{ code: 'priceChanged', message: cartTexts.problems.priceChanged(19.99, 18) }],
    });
    expect(cart.lines[1]).toMatchObject({
      sku: withdrawn.sku,
      name: withdrawn.name,
      unitPrice: null,
      lineTotal: null,
      problems: [{ code: 'withdrawn', message: cartTexts.problems.withdrawn }],
    });
    expect(cart.total).toBe(450);
    expect(cart.canCheckout).toBe(false);
    // Removing the withdrawn line leaves only a price change: the cart can be checked out.
    const response = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/cart/lines/${withdrawn.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(CartSchema.parse(response.json()).canCheckout).toBe(true);
    // Setting the quantity again records today's price as the one shown.
    expect((await setLine(app, customer, cheaper.id, 25)).lines[0]!.problems).toEqual([]);
  });

  test('an unknown, removed or malformed tool is 404 in words; a bad quantity 400 in words', async ({
    app,
    customer,
    admin,
    tool,
  }) => {
    await emptyCart(app, customer);
    const removed = await createTestTool(app);
    await removeTool(app, admin, removed.id);
    for (const id of [crypto.randomUUID(), removed.id, 'not-an-id']) {
      expectError(await putLine(app, customer, id, 25), 404, cartTexts.refusals.unknownTool);
    }
    expectError(
      await putLine(app, customer, tool.id, 1e20),
      400,
      fieldErrors.tooLarge('quantity', 2_147_483_647),
    );
    expectError(await putLine(app, customer, tool.id, 0), 400, fieldErrors.tooSmall('quantity', 1));
    expectError(await putLine(app, customer, tool.id, 2.5), 400, fieldErrors.notWhole('quantity'));
    expectError(
      await putLine(app, customer, tool.id, 'many'),
      400,
      fieldErrors.notANumber('quantity'),
    );
    expect((await readCart(app, customer)).lines).toEqual([]);
  });
});

describe('POST /api/cart/lines', () => {
  test('answers each line on its own; only the good ones reach the cart', async ({
    app,
    customer,
    admin,
  }) => {
    await emptyCart(app, customer);
    const good = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const scarce = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 20 });
    const gone = await createTestTool(app);
    await removeTool(app, admin, gone.id);
    const hugeSku = 'S'.repeat(10 * 1024);
    const { results, cart } = await addLines(app, customer, [
      { sku: good.sku.toLowerCase(), quantity: 25 },
      { sku: 'NO-SUCH-SKU', quantity: 25 },
      { toolId: crypto.randomUUID(), quantity: 25 },
      { quantity: 25 },
      { sku: good.sku, toolId: good.id, quantity: 25 },
      { toolId: scarce.id, quantity: 1.5 },
      { toolId: scarce.id, quantity: '1e20' },
      { toolId: scarce.id, quantity: -3 },
      { toolId: scarce.id, quantity: 1e20 },
      { toolId: scarce.id, quantity: 1 },
      { sku: gone.sku.toLowerCase(), quantity: 25 },
      { toolId: gone.id, quantity: 25 },
      { sku: hugeSku, quantity: 25 },
    ]);
    const outcome = results.map((result) => [result.index, result.outcome, result.message]);
    expect(outcome).toEqual([
      [0, 'added', null],
      [1, 'refused', cartTexts.refusals.unknownSku('NO-SUCH-SKU')],
      [2, 'refused', cartTexts.refusals.unknownTool],
      [3, 'refused', cartTexts.refusals.noTool],
      [4, 'refused', cartTexts.refusals.bothTool],
      [5, 'refused', fieldErrors.notWhole('quantity')],
      [6, 'refused', fieldErrors.digitsOnly('quantity')],
      [7, 'refused', fieldErrors.tooSmall('quantity', 1)],
      [8, 'refused', fieldErrors.tooLarge('quantity', 2_147_483_647)],
      [9, 'refused', cartTexts.problems.belowMinimum(1)],
      [10, 'refused', cartTexts.problems.withdrawn],
      [11, 'refused', cartTexts.problems.withdrawn],
      [12, 'refused', cartTexts.refusals.unknownSku(`${'S'.repeat(64)}…`)],
    ]);
    expect(results[0]).toMatchObject({ sku: good.sku, toolId: good.id, quantity: 25 });
    expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([[good.id, 25]]);
  });

  test('lines of one tool are merged and checked with what the cart holds already', async ({
    app,
    customer,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 100 });
    await setLine(app, customer, tool.id, 30);
    // 30 held + 40 + 20 = 90, below the 100 available: both lines added, one line of 90.
    let answer = await addLines(app, customer, [
      { toolId: tool.id, quantity: 40 },
      { sku: tool.sku, quantity: 20 },
    ]);
    expect(
      answer.results.map((result) => [result.outcome, result.quantity, result.heldBefore]),
    ).toEqual([
      ['added', 90, 30],
      ['added', 90, 30],
    ]);
    expect(answer.cart.lines.map((line) => line.quantity)).toEqual([90]);
    // 90 + 6 + 4 = 100: not below what is available; both refused, the cart keeps 90.
    answer = await addLines(app, customer, [
      { toolId: tool.id, quantity: 6 },
      { toolId: tool.id, quantity: 4 },
    ]);
    expect(answer.results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', cartTexts.problems.aboveAvailable(100)],
      ['refused', cartTexts.problems.aboveAvailable(100)],
    ]);
    expect(answer.cart.lines.map((line) => line.quantity)).toEqual([90]);
  });

  test('with replace, the lines hold instead of what the cart held, checked alone', async ({
    app,
    customer,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 100 });
    const other = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 100 });
    await setLine(app, customer, tool.id, 90);
    // 90 + 50 would pass what is available; 50 alone does not. A tool the cart did not hold:
    // heldBefore null.
    const response = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/cart/lines',
      payload: {
        lines: [
          { toolId: tool.id, quantity: 50 },
          { toolId: other.id, quantity: 20 },
        ],
        replace: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = AddCartLinesResponseSchema.parse(response.json());
    expect(
      answer.results.map((result) => [result.outcome, result.quantity, result.heldBefore]),
    ).toEqual([
      ['added', 50, 90],
      ['added', 20, null],
    ]);
    expect(answer.cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [tool.id, 50],
      [other.id, 20],
    ]);
    // Anything but a boolean is refused in words, and nothing changes.
    const odd = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/cart/lines',
      payload: { lines: [{ toolId: tool.id, quantity: 60 }], replace: 'yes' },
    });
    expect(odd.statusCode, odd.body).toBe(400);
    expect((await readCart(app, customer)).lines.map((line) => line.quantity)).toEqual([50, 20]);
  });

  test('0 or 201 lines are a 400 in words, nothing added', async ({ app, customer, tool }) => {
    await emptyCart(app, customer);
    const line = { toolId: tool.id, quantity: 25 };
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, () => line);
    expectError(
      await postLines(app, customer, tooMany),
      400,
      cartTexts.errors.tooManyLines(MAX_CART_LINES),
    );
    expectError(
      await postLines(app, customer, []),
      400,
      cartTexts.errors.tooManyLines(MAX_CART_LINES),
    );
    expect((await readCart(app, customer)).lines).toEqual([]);
  });

  test('two devices adding the same tool at once: the cart holds the sum', async ({
    app,
    customer,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => addLines(app, customer, [{ toolId: tool.id, quantity: 5 }])),
    );
    expect(answers.every(({ results }) => results[0]!.outcome === 'added')).toBe(true);
    expect((await readCart(app, customer)).lines.map((line) => line.quantity)).toEqual([40]);
  });
});

describe('the cart holds at most MAX_CART_LINES lines', () => {
  test('the 201st tool is a 409 in words (PUT) or a line refused (POST); existing lines still change', async ({
    app,
    otherCustomer,
  }) => {
    const many = [];
    for (let i = 0; i < MAX_CART_LINES + 1; i += 1) {
      many.push(
        await insertTestTool(app.database.db, { minOrderQuantity: 1, availableQuantity: 100 }),
      );
    }
    await app.catalog.invalidate();
    const first = many.slice(0, MAX_CART_LINES);
    const last = many[MAX_CART_LINES]!;
    const { results } = await addLines(
      app,
      otherCustomer,
      first.map((tool) => ({ toolId: tool.id, quantity: 2 })),
    );
    expect(results.filter((result) => result.outcome === 'added')).toHaveLength(MAX_CART_LINES);
    expectError(
      await putLine(app, otherCustomer, last.id, 2),
      409,
      cartTexts.refusals.full(MAX_CART_LINES),
    );
    const answer = await addLines(app, otherCustomer, [
      { toolId: last.id, quantity: 2 },
      { toolId: first[0]!.id, quantity: 3 },
    ]);
    expect(answer.results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', cartTexts.refusals.full(MAX_CART_LINES)],
      ['added', null],
    ]);
    expect(answer.cart.lines).toHaveLength(MAX_CART_LINES);
    expect((await setLine(app, otherCustomer, first[1]!.id, 7)).lines).toHaveLength(MAX_CART_LINES);
    await emptyCart(app, otherCustomer);
  });
});

describe('POST /api/cart/reorder (Order again)', () => {
  test("puts a past order's line into the cart at today's price and says what changed", async ({
    app,
    customer,
    otherCustomer,
    admin,
  }) => {
    await emptyCart(app, customer);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const order = await placeTestOrder(app, customer, tool, { quantity: 25 });
    await setPriceBreaks(app, admin, tool.id, [{ minQuantity: 20, price: 18.25 }]);

    let response = await reorder(app, customer, { orderId: order._id });
    expect(response.statusCode, response.body).toBe(200);
    let answer = AddCartLinesResponseSchema.parse(response.json());
    expect(answer.results).toEqual([
      {
        index: 0,
        sku: tool.sku,
        toolId: tool.id,
        outcome: 'added',
        quantity: 25,
        message: cartTexts.orderAgain.priceChanged(19.99, 18.25),
        heldBefore: null,
      },
    ]);
    expect(answer.cart.lines[0]).toMatchObject({ quantity: 25, unitPrice: 18.25, problems: [] });

    // By its checkout: the same line, added to what the cart holds.
    response = await reorder(app, customer, { checkoutId: order.checkoutId });
    expect(response.statusCode, response.body).toBe(200);
    answer = AddCartLinesResponseSchema.parse(response.json());
    expect(
      answer.results.map((result) => [result.outcome, result.quantity, result.heldBefore]),
    ).toEqual([['added', 50, 25]]);

    // Replacing: the past quantity alone.
    response = await reorder(app, customer, { checkoutId: order.checkoutId, replace: true });
    expect(response.statusCode, response.body).toBe(200);
    answer = AddCartLinesResponseSchema.parse(response.json());
    expect(
      answer.results.map((result) => [result.outcome, result.quantity, result.heldBefore]),
    ).toEqual([['added', 25, 50]]);
    expect(answer.cart.lines.map((line) => line.quantity)).toEqual([25]);

    // Someone else's order or checkout, unknown and malformed ids: not found.
    expectError(
      await reorder(app, otherCustomer, { orderId: order._id }),
      404,
      serverTexts.orderErrors.orderNotFound,
    );
    expectError(
      await reorder(app, otherCustomer, { checkoutId: order.checkoutId }),
      404,
      cartTexts.errors.checkoutNotFound,
    );
    expectError(
      await reorder(app, customer, { checkoutId: 'nope' }),
      404,
      cartTexts.errors.checkoutNotFound,
    );
    expectError(await reorder(app, customer, {}), 400, cartTexts.errors.orderAgainWhich);
    expectError(
      await reorder(app, customer, { orderId: order._id, checkoutId: order.checkoutId }),
      400,
      cartTexts.errors.orderAgainWhich,
    );
    expectError(
      await reorder(app, admin, { orderId: order._id }),
      403,
      cartTexts.errors.customersOnly,
    );
  });

  test('a tool no longer sold, or without enough stock now, is refused and says so', async ({
    app,
    customer,
    admin,
  }) => {
    await emptyCart(app, customer);
    const gone = await createTestTool(app);
    const scarce = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 60 });
    const goneOrder = await placeTestOrder(app, customer, gone, { quantity: 25 });
    // Half the stock: as much as one account may hold unpaid (UNPAID_TOOL_SHARE).
    const scarceOrder = await placeTestOrder(app, customer, scarce, { quantity: 30 });
    await removeTool(app, admin, gone.id);
    // 60 - 30 = 30 left: 30 again is not below what is available.
    let answer = AddCartLinesResponseSchema.parse(
      (await reorder(app, customer, { orderId: scarceOrder._id })).json(),
    );
    expect(answer.results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', cartTexts.problems.aboveAvailable(30)],
    ]);
    answer = AddCartLinesResponseSchema.parse(
      (await reorder(app, customer, { orderId: goneOrder._id })).json(),
    );
    expect(answer.results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', cartTexts.problems.withdrawn],
    ]);
    expect(answer.cart.lines).toEqual([]);
  });
});

describe("the checkout's read of the cart", () => {
  test('holds the cart until its transaction ends: a write sent meanwhile waits, then finds the cart emptied', async ({
    app,
    customer,
    tool,
  }) => {
    await emptyCart(app, customer);
    await setLine(app, customer, tool.id, 25);
    let written = false;
    let write: Promise<{ statusCode: number }> | undefined;
    await app.database.db.transaction(async (tx) => {
      const lines = await selectCartLinesForCheckout(tx, customer.userId);
      expect(lines.map((line) => line.quantity)).toEqual([25]);
      write = putLine(app, customer, tool.id, 30).then((response) => {
        written = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(written, 'a cart write went through while a checkout held the cart').toBe(false);
      await clearCart(tx, customer.userId);
    });
    expect((await write!).statusCode).toBe(200);
    // Set after the checkout emptied the cart: a line of its own, not one the checkout dropped.
    expect((await readCart(app, customer)).lines.map((line) => line.quantity)).toEqual([30]);
  });
});

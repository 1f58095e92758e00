import { describe, expect } from 'vitest';
import {
  CheckoutResponseSchema,
  ErrorBodySchema,
  formatMoney,
  HoldLimitResponseSchema,
  StockHoldListSchema,
  texts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { fillCart, postCheckout } from '../../testing/cart-lines.ts';
import { createTestTool } from '../../testing/factories.ts';
import { availableOf, placeTestOrder } from '../../testing/orders.ts';
import { offeredQuote, postAccept } from '../../testing/quotes.ts';
import { expectError, injectAs, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';

/*
 * Unpaid holds bounded for every account (issue 40 item 3): by value (UNPAID_HOLD_LIMIT for a
 * verified account, UNVERIFIED_HOLD_LIMIT until then, or the account's own, set by an admin),
 * counted the same way by POST /order, POST /checkout and accepting a quote; and by share of a
 * tool's stock (UNPAID_TOOL_SHARE).
 */

const VERIFIED_LIMIT = 25_000;
const UNVERIFIED_LIMIT = 2_000;
const verifiedRefusal = texts.orders.unpaidHoldLimit(formatMoney(VERIFIED_LIMIT));
const unverifiedRefusal = texts.orders.unverifiedHoldLimit(formatMoney(UNVERIFIED_LIMIT));

const itLimited = appTest({
  config: {
    ...UNCAPPED_ORDERS,
    unpaidHoldLimit: VERIFIED_LIMIT,
    unverifiedHoldLimit: UNVERIFIED_LIMIT,
    unpaidToolSharePercent: 50,
  },
  adminName: 'Ada Admin',
});

/** A tool of `priceCents` a unit whose stock no order here comes near half of. */
function bigStockTool(app: App, priceCents: number) {
  return createTestTool(app, { minOrderQuantity: 1, availableQuantity: 100_000, priceCents });
}

function setLimit(app: App, admin: TestAccount, userId: string, limit: unknown) {
  return injectAs(app, admin, {
    method: 'PUT',
    url: `/api/manageHolds/${encodeURIComponent(userId)}/limit`,
    payload: { limit },
  });
}

/** DELETE /api/cart: the lines a refused checkout kept are gone. */
async function emptyCart(app: App, account: TestAccount): Promise<void> {
  const response = await injectAs(app, account, { method: 'DELETE', url: '/api/cart' });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function listHolds(app: App, admin: TestAccount) {
  const response = await app.inject({ url: '/api/manageHolds', headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return StockHoldListSchema.parse(response.json());
}

describe('the value of unpaid orders, for every account (UNPAID_HOLD_LIMIT)', () => {
  itLimited(
    "a verified account's checkout past its limit is refused in words and reserves nothing; within it, it is placed",
    async ({ app }) => {
      const buyer = await signUpVerifiedAccount(app);
      const tools = await Promise.all([0, 1, 2].map(() => bigStockTool(app, 100_000)));
      // 3 lines of 100 units at $1,000: $300,000, far past $25,000 (the audit's 9 lines came to
      // $357,678.64).
      await fillCart(
        app,
        buyer,
        tools.map((tool) => ({ tool, quantity: 100 })),
      );
      expectError(await postCheckout(app, buyer), 403, verifiedRefusal);
      for (const tool of tools) expect(await availableOf(app, tool.id)).toBe(100_000);

      // $21,000 in one checkout: within; then $5,000 more by POST /order would pass $25,000.
      await emptyCart(app, buyer);
      await fillCart(
        app,
        buyer,
        tools.map((tool) => ({ tool, quantity: 7 })),
      );
      const placed = await postCheckout(app, buyer);
      expect(placed.statusCode, placed.body).toBe(201);
      expectError(await postOrder(app, buyer, tools[0]!, { quantity: 5 }), 403, verifiedRefusal);
      // $4,000 more is $25,000 exactly: the limit itself is allowed.
      await placeTestOrder(app, buyer, tools[0]!, { quantity: 4 });
      expect(await availableOf(app, tools[0]!.id)).toBe(100_000 - 11);
    },
  );

  itLimited('POST /order refuses a verified account past its limit', async ({ app }) => {
    const buyer = await signUpVerifiedAccount(app);
    const tool = await bigStockTool(app, 100_000);
    expectError(await postOrder(app, buyer, tool, { quantity: 26 }), 403, verifiedRefusal);
    await placeTestOrder(app, buyer, tool, { quantity: 20 });
    expectError(await postOrder(app, buyer, tool, { quantity: 6 }), 403, verifiedRefusal);
    expect(await availableOf(app, tool.id)).toBe(100_000 - 20);
  });

  itLimited(
    'accepting a quote counts the same: $18,000 by an unverified account and $30,000 by a verified one are refused, and the offer stands',
    async ({ app, admin }) => {
      const unverified = await signUpTestAccount(app);
      const tool = await bigStockTool(app, 100_000);
      // The audit's case: an offer of $18,000 accepted by an unverified account.
      const quote = await offeredQuote(app, { customer: unverified, admin }, tool.id, {
        quantity: 18,
        price: 1000,
      });
      expectError(await postAccept(app, unverified, quote._id, 1000), 403, unverifiedRefusal);
      expect(await availableOf(app, tool.id)).toBe(100_000);

      const verified = await signUpVerifiedAccount(app);
      await placeTestOrder(app, verified, tool, { quantity: 10 });
      // $10,000 held and a $20,000 offer: $30,000.
      const second = await offeredQuote(app, { customer: verified, admin }, tool.id, {
        quantity: 20,
        price: 1000,
      });
      expectError(await postAccept(app, verified, second._id, 1000), 403, verifiedRefusal);
      // The offer is still open: within the limit (a raised one), it is accepted.
      expect((await setLimit(app, admin, verified.userId, 30_000)).statusCode).toBe(200);
      const accepted = await postAccept(app, verified, second._id, 1000);
      expect(accepted.statusCode, accepted.body).toBe(200);
    },
  );

  itLimited(
    "an admin raises an account's limit (PUT /api/manageHolds/{userId}/limit): the refused checkout goes through; null gives the default back",
    async ({ app, admin }) => {
      const buyer = await signUpVerifiedAccount(app, { name: 'Bea Buyer' });
      const tool = await bigStockTool(app, 100_000);
      await placeTestOrder(app, buyer, tool, { quantity: 5 });
      await fillCart(app, buyer, [{ tool, quantity: 40 }]);
      expectError(await postCheckout(app, buyer), 403, verifiedRefusal);

      const raised = await setLimit(app, admin, buyer.userId, 50_000);
      expect(raised.statusCode, raised.body).toBe(200);
      expect(HoldLimitResponseSchema.parse(raised.json())).toEqual({
        userId: buyer.userId,
        limit: 50_000,
        limitSource: 'account',
      });
      const placed = await postCheckout(app, buyer);
      expect(placed.statusCode, placed.body).toBe(201);
      CheckoutResponseSchema.parse(placed.json());

      // Stock holds shows the account's value against its limit.
      const held = (await listHolds(app, admin)).find((hold) => hold.userId === buyer.userId);
      expect(held).toMatchObject({ total: 45_000, limit: 50_000, limitSource: 'account' });

      // Back to the default: what is held stays, the next order is refused.
      const reset = await setLimit(app, admin, buyer.userId, null);
      expect(HoldLimitResponseSchema.parse(reset.json())).toEqual({
        userId: buyer.userId,
        limit: VERIFIED_LIMIT,
        limitSource: 'verified',
      });
      expectError(await postOrder(app, buyer, tool, { quantity: 2 }), 403, verifiedRefusal);
      const listed = (await listHolds(app, admin)).find((hold) => hold.userId === buyer.userId);
      expect(listed).toMatchObject({ total: 45_000, limit: VERIFIED_LIMIT });

      // An unverified account's default, as listed.
      const newcomer = await signUpTestAccount(app);
      await placeTestOrder(app, newcomer, tool, { quantity: 2 });
      const newcomerHold = (await listHolds(app, admin)).find(
        (hold) => hold.userId === newcomer.userId,
      );
      expect(newcomerHold).toMatchObject({ limit: UNVERIFIED_LIMIT, limitSource: 'unverified' });
    },
  );

  itLimited(
    'a limit that is not an amount is a 400 in words; an unknown account 404',
    async ({ app, admin, customer }) => {
      for (const [limit, message] of [
        [-5, texts.fieldErrors.notPositive('limit')],
        ['1.005', texts.fieldErrors.tooManyDecimals('limit')],
        [[100], texts.fieldErrors.notANumber('limit')],
        [1_000_000, texts.fieldErrors.priceTooHigh('limit', '$1,000,000')],
      ] as const) {
        const response = await setLimit(app, admin, customer.userId, limit);
        expect(response.statusCode, response.body).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
      }
      expectError(
        await setLimit(app, admin, 'no-such-account', 100),
        404,
        texts.manageHolds.accountNotFound,
      );
    },
  );

  itLimited(
    'placements of one account at once cannot together pass its limit (a checkout and orders)',
    async ({ app }) => {
      const buyer = await signUpVerifiedAccount(app);
      const tool = await bigStockTool(app, 100_000);
      // Each $10,000: two fit under $25,000, a third does not.
      await fillCart(app, buyer, [{ tool, quantity: 10 }]);
      const answers = await Promise.all([
        postCheckout(app, buyer),
        postOrder(app, buyer, tool, { quantity: 10 }),
        postOrder(app, buyer, tool, { quantity: 10 }),
        postOrder(app, buyer, tool, { quantity: 10 }),
      ]);
      const placed = answers.filter((answer) => answer.statusCode < 300);
      expect(placed).toHaveLength(2);
      for (const refused of answers.filter((answer) => answer.statusCode >= 300)) {
        expectError(refused, 403, verifiedRefusal);
      }
      expect(await availableOf(app, tool.id)).toBe(100_000 - 20);
    },
  );
});

describe("one account's share of a tool's stock (UNPAID_TOOL_SHARE)", () => {
  itLimited(
    'at most half of what the account finds (on sale and its own): the order past it is refused in words',
    async ({ app }) => {
      const buyer = await signUpTestAccount(app);
      const tool = await createTestTool(app, {
        minOrderQuantity: 1,
        availableQuantity: 100,
        priceCents: 100,
      });
      const refusal = (max: number, held: number) =>
        texts.orders.toolShareLimit(tool.name, max, held);
      expectError(await postOrder(app, buyer, tool, { quantity: 51 }), 409, refusal(50, 0));
      // The audit's pattern: the stock minus one.
      expectError(await postOrder(app, buyer, tool, { quantity: 99 }), 409, refusal(50, 0));
      await placeTestOrder(app, buyer, tool, { quantity: 30 });
      await placeTestOrder(app, buyer, tool, { quantity: 20 });
      expectError(await postOrder(app, buyer, tool, { quantity: 2 }), 409, refusal(50, 50));
      expect(await availableOf(app, tool.id)).toBe(50);
      // Another account has its own share of what is left: half of 50.
      const other = await signUpTestAccount(app);
      expectError(await postOrder(app, other, tool, { quantity: 26 }), 409, refusal(25, 0));
      await placeTestOrder(app, other, tool, { quantity: 25 });
    },
  );

  itLimited(
    "a checkout names each line past the share and reserves nothing; other tools' units do not count",
    async ({ app }) => {
      const buyer = await signUpTestAccount(app);
      const big = await createTestTool(app, {
        minOrderQuantity: 1,
        availableQuantity: 1000,
        priceCents: 100,
      });
      const small = await createTestTool(app, {
        minOrderQuantity: 1,
        availableQuantity: 100,
        priceCents: 100,
      });
      // 400 units of another tool held: the share of `small` is still half of its 100.
      await placeTestOrder(app, buyer, big, { quantity: 400 });
      await fillCart(app, buyer, [
        { tool: big, quantity: 300 },
        { tool: small, quantity: 60 },
      ]);
      const refused = await postCheckout(app, buyer);
      expect(refused.statusCode, refused.body).toBe(409);
      const body = refused.json() as { message: string; lines: unknown[] };
      expect(body.message).toBe(texts.checkout.errors.linesRefused);
      expect(body.lines).toEqual(
        expect.arrayContaining([
          { toolId: big.id, sku: big.sku, message: texts.cart.problems.aboveShare(500, 400) },
          { toolId: small.id, sku: small.sku, message: texts.cart.problems.aboveShare(50, 0) },
        ]),
      );
      expect(body.lines).toHaveLength(2);
      expect(await availableOf(app, big.id)).toBe(600);
      expect(await availableOf(app, small.id)).toBe(100);

      await emptyCart(app, buyer);
      await fillCart(app, buyer, [
        { tool: big, quantity: 100 },
        { tool: small, quantity: 50 },
      ]);
      const placed = await postCheckout(app, buyer);
      expect(placed.statusCode, placed.body).toBe(201);
    },
  );

  itLimited(
    "a tool whose minimum is above half its stock can still be ordered once (the minimum's order), not twice",
    async ({ app }) => {
      const buyer = await signUpTestAccount(app);
      const tool = await createTestTool(app, {
        minOrderQuantity: 100,
        availableQuantity: 150,
        priceCents: 1,
      });
      // 101 of 150 is more than half, but the least one order can be.
      await placeTestOrder(app, buyer, tool, { quantity: 101 });
      const again = await createTestTool(app, {
        minOrderQuantity: 10,
        availableQuantity: 25,
        priceCents: 1,
      });
      await placeTestOrder(app, buyer, again, { quantity: 11 });
      // 14 left: 11 more is on sale, but 22 of 25 is past the share (12: half, or 11).
      expectError(
        await postOrder(app, buyer, again, { quantity: 11 }),
        409,
        texts.orders.toolShareLimit(again.name, 12, 11),
      );
    },
  );

  itLimited('orders of one account at once cannot together pass the share', async ({ app }) => {
    const buyer = await signUpTestAccount(app);
    const tool = await createTestTool(app, {
      minOrderQuantity: 1,
      availableQuantity: 100,
      priceCents: 1,
    });
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => postOrder(app, buyer, tool, { quantity: 30 })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(refused, 409, texts.orders.toolShareLimit(tool.name, 50, 30));
    }
    expect(await availableOf(app, tool.id)).toBe(70);
  });

  itLimited(
    'an accepted quote past the share takes no stock: it is made to order',
    async ({ app, admin }) => {
      const buyer = await signUpTestAccount(app);
      const tool = await createTestTool(app, {
        minOrderQuantity: 1,
        availableQuantity: 100,
        priceCents: 100,
      });
      const quote = await offeredQuote(app, { customer: buyer, admin }, tool.id, {
        quantity: 80,
        price: 10,
      });
      const accepted = await postAccept(app, buyer, quote._id, 10);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((accepted.json() as { order: { madeToOrder: boolean } }).order.madeToOrder).toBe(true);
      expect(await availableOf(app, tool.id)).toBe(100);

      // Within the share, a quote's order takes its stock as before.
      const within = await offeredQuote(app, { customer: buyer, admin }, tool.id, {
        quantity: 40,
        price: 10,
      });
      const reserved = await postAccept(app, buyer, within._id, 10);
      expect(reserved.statusCode, reserved.body).toBe(200);
      expect((reserved.json() as { order: { madeToOrder: boolean } }).order.madeToOrder).toBe(
        false,
      );
      expect(await availableOf(app, tool.id)).toBe(60);
    },
  );
});

import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { ErrorBodySchema, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { orderFields, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orders } from './orders.table.ts';
import { availableOf } from '../../testing/orders.ts';

/** What each order of these tests asks for. */
const TWENTY_UNITS = { quantity: 20 };

/** docs/architecture.md#orders: nobody hoards stock. */
const MAX_UNPAID = 5;

async function unpaidOrdersOf(app: App, account: TestAccount): Promise<number> {
  const rows = await app.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, account.userId), eq(orders.status, 'unpaid')));
  return rows.length;
}

// The per-minute limit is lifted here: this block is about the cap on unpaid orders.
const itCapped = appTest({
  config: {
    orderRateLimit: UNCAPPED_ORDERS.orderRateLimit,
    unverifiedHoldLimit: UNCAPPED_ORDERS.unverifiedHoldLimit,
  },
});

describe('unpaid orders per account (MAX_UNPAID_ORDERS)', () => {
  itCapped('defaults to 5', ({ app }) => {
    expect(app.config.maxUnpaidOrders).toBe(MAX_UNPAID);
  });

  itCapped(
    'refuses the sixth unpaid order with 409 and reserves nothing; removing one makes room',
    async ({ app }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 2600 });
      const hoarder = await signUpTestAccount(app);
      for (let n = 0; n < MAX_UNPAID; n += 1) {
        expect((await postOrder(app, hoarder, tool, TWENTY_UNITS)).statusCode).toBe(200);
      }
      const before = await availableOf(app, tool.id);
      expect(before).toBe(2600 - MAX_UNPAID * 20);

      const sixth = await postOrder(app, hoarder, tool, TWENTY_UNITS);
      expect(sixth.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(sixth.json())).toEqual({
        statusCode: 409,
        message: 'You have 5 unpaid orders. Pay or remove one before ordering again.',
      });
      expect(sixth.json().message).toBe(texts.orders.tooManyUnpaidOrders(MAX_UNPAID));
      expect(await availableOf(app, tool.id)).toBe(before);
      expect(await unpaidOrdersOf(app, hoarder)).toBe(MAX_UNPAID);

      // Another account is not affected.
      const other = await signUpTestAccount(app);
      expect((await postOrder(app, other, tool, TWENTY_UNITS)).statusCode).toBe(200);

      // Removing one unpaid order makes room for one more.
      const [first] = await app.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, hoarder.userId))
        .limit(1);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/deleteOrder/${first!.id}`,
        headers: bearer(hoarder.token),
      });
      expect(removed.statusCode).toBe(200);
      expect((await postOrder(app, hoarder, tool, TWENTY_UNITS)).statusCode).toBe(200);
      expect((await postOrder(app, hoarder, tool, TWENTY_UNITS)).statusCode).toBe(409);
    },
  );

  itCapped('counts only unpaid orders: paid ones leave room', async ({ app }) => {
    const tool = await createTestTool(app);
    const buyer = await signUpTestAccount(app);
    for (let n = 0; n < MAX_UNPAID; n += 1) {
      expect((await postOrder(app, buyer, tool, TWENTY_UNITS)).statusCode).toBe(200);
    }
    await app.database.db
      .update(orders)
      .set({ status: 'paid', transactionId: 'pi_test', paidAt: new Date() })
      .where(eq(orders.userId, buyer.userId));
    expect((await postOrder(app, buyer, tool, TWENTY_UNITS)).statusCode).toBe(200);
  });

  itCapped(
    'holds under a burst: 20 orders at once from one account place exactly 5',
    async ({ app }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 2600 });
      const hoarder = await signUpTestAccount(app);
      const codes = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await postOrder(app, hoarder, tool, TWENTY_UNITS)).statusCode,
        ),
      );
      expect(codes.filter((code) => code === 200)).toHaveLength(MAX_UNPAID);
      expect(codes.filter((code) => code === 409)).toHaveLength(20 - MAX_UNPAID);
      expect(await unpaidOrdersOf(app, hoarder)).toBe(MAX_UNPAID);
      expect(await availableOf(app, tool.id)).toBe(2600 - MAX_UNPAID * 20);
    },
  );

  itCapped('takes the cap from MAX_UNPAID_ORDERS', async () => {
    const strict = await buildTestApp({
      config: {
        maxUnpaidOrders: 1,
        orderRateLimit: UNCAPPED_ORDERS.orderRateLimit,
        unverifiedHoldLimit: UNCAPPED_ORDERS.unverifiedHoldLimit,
      },
    });
    try {
      const tool = await createTestTool(strict);
      const buyer = await signUpTestAccount(strict);
      expect((await postOrder(strict, buyer, tool, TWENTY_UNITS)).statusCode).toBe(200);
      const second = await postOrder(strict, buyer, tool, TWENTY_UNITS);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(texts.orders.tooManyUnpaidOrders(1));
    } finally {
      await strict.close();
    }
  });
});

// A cap high enough that only the rate limit refuses.
const itRateLimited = appTest({
  config: {
    maxUnpaidOrders: UNCAPPED_ORDERS.maxUnpaidOrders,
    unverifiedHoldLimit: UNCAPPED_ORDERS.unverifiedHoldLimit,
  },
});

describe('orders a minute per account (ORDER_RATE_LIMIT)', () => {
  itRateLimited(
    'allows 10 orders a minute per account; the 11th gets 429, another account does not',
    async ({ app }) => {
      expect(app.config.orderRateLimit).toBe(10);
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 2600 });
      const busy = await signUpTestAccount(app);
      for (let n = 0; n < 10; n += 1) {
        expect((await postOrder(app, busy, tool, TWENTY_UNITS)).statusCode).toBe(200);
      }
      const before = await availableOf(app, tool.id);
      const eleventh = await postOrder(app, busy, tool, TWENTY_UNITS);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({
        statusCode: 429,
        message: texts.orders.tooManyOrdersAtOnce,
      });
      expect(eleventh.headers['retry-after']).toBeDefined();
      expect(await availableOf(app, tool.id)).toBe(before);

      const other = await signUpTestAccount(app);
      expect((await postOrder(app, other, tool, TWENTY_UNITS)).statusCode).toBe(200);
    },
  );

  itRateLimited(
    'counts the account, not the address: a new client address does not reset the count',
    async () => {
      const proxied = await buildTestApp({
        config: {
          maxUnpaidOrders: UNCAPPED_ORDERS.maxUnpaidOrders,
          unverifiedHoldLimit: UNCAPPED_ORDERS.unverifiedHoldLimit,
          trustProxy: true,
        },
      });
      try {
        const tool = await createTestTool(proxied, { availableQuantity: 2600 });
        const busy = await signUpTestAccount(proxied);
        const fromAddress = (n: number) =>
          proxied.inject({
            method: 'POST',
            url: '/api/order',
            headers: { ...bearer(busy.token), 'x-forwarded-for': `203.0.113.${n}` },
            payload: orderFields(busy, tool, TWENTY_UNITS),
          });
        for (let n = 0; n < 10; n += 1) expect((await fromAddress(n)).statusCode).toBe(200);
        expect((await fromAddress(99)).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    },
  );
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  OrderListSchema,
  orderReference,
  PlaceOrderResponseSchema,
  serverTexts,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { payOrder } from '../../testing/payments.ts';
import { expectError, injectAs, orderFields } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { createTestTool } from '../../testing/factories.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import type { App } from '../../app.ts';
import { orders } from './orders.table.ts';
import { availableOf } from '../../testing/orders.ts';

const HOUR_MS = 60 * 60 * 1000;

/** POST /api/order as the order form sends it, with an Idempotency-Key when one is given. */
function postKeyed(
  app: App,
  account: TestAccount,
  tool: { id: string; name: string },
  key: string | undefined,
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/order',
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
    payload: orderFields(account, tool, overrides),
  });
}

async function ordersOf(app: App, account: TestAccount, toolId: string) {
  return app.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, account.userId), eq(orders.toolId, toolId)));
}

const itKeyed = appTest({ config: UNCAPPED_ORDERS });

describe('POST /api/order with an Idempotency-Key: one order per key', () => {
  itKeyed(
    'answers a repeated request with the first order: same body, one order, stock reserved once',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const key = randomUUID();
      const first = await postKeyed(app, customer, tool, key, { quantity: 25 });
      expect(first.statusCode, first.body).toBe(200);
      const second = await postKeyed(app, customer, tool, key, { quantity: 25 });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toEqual(first.json());

      expect(await ordersOf(app, customer, tool.id)).toHaveLength(1);
      expect(await availableOf(app, tool.id)).toBe(475);
    },
  );

  itKeyed(
    'places one order for requests sent at once with one key (a double click)',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => postKeyed(app, customer, tool, key, { quantity: 30 })),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const ids = new Set(
        responses.map((response) => PlaceOrderResponseSchema.parse(response.json()).order._id),
      );
      expect(ids.size).toBe(1);
      expect(await ordersOf(app, customer, tool.id)).toHaveLength(1);
      expect(await availableOf(app, tool.id)).toBe(470);
    },
  );

  itKeyed(
    'refuses the same key with other order details (422), and leaves the first order alone',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const otherTool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const key = randomUUID();
      const first = await postKeyed(app, customer, tool, key, { quantity: 25 });
      expect(first.statusCode, first.body).toBe(200);

      const message = serverTexts.orderErrors.idempotencyKeyReused;
      expectError(await postKeyed(app, customer, tool, key, { quantity: 26 }), 422, message);
      expectError(
        await postKeyed(app, customer, tool, key, { quantity: 25, address: '1 Other Road' }),
        422,
        message,
      );
      expectError(await postKeyed(app, customer, otherTool, key, { quantity: 25 }), 422, message);

      expect(await ordersOf(app, customer, tool.id)).toHaveLength(1);
      expect(await ordersOf(app, customer, otherTool.id)).toHaveLength(0);
      expect(await availableOf(app, tool.id)).toBe(475);
      expect(await availableOf(app, otherTool.id)).toBe(500);
    },
  );

  itKeyed(
    'matches the details as read, not as spelt: spaces around the address, the e-mail case',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const key = randomUUID();
      const first = await postKeyed(app, customer, tool, key, { address: '7 Anvil Row' });
      const again = await postKeyed(app, customer, tool, key, {
        address: '  7 Anvil Row ',
        email: customer.email.toUpperCase(),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    },
  );

  itKeyed(
    'answers a malformed key with 400 in words, and places nothing',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      for (const key of ['', 'short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key']) {
        expectError(
          await postKeyed(app, customer, tool, key),
          400,
          serverTexts.orderErrors.badIdempotencyKey,
        );
      }
      expect(await ordersOf(app, customer, tool.id)).toHaveLength(0);
      expect(await availableOf(app, tool.id)).toBe(500);
    },
  );

  itKeyed(
    'places two orders for two requests without a key, as before',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      for (let i = 0; i < 2; i += 1) {
        expect((await postKeyed(app, customer, tool, undefined)).statusCode).toBe(200);
      }
      expect(await ordersOf(app, customer, tool.id)).toHaveLength(2);
      expect(await availableOf(app, tool.id)).toBe(450);
    },
  );

  itKeyed("keeps one account's key apart from another's", async ({ app, customer }) => {
    const other = await signUpTestAccount(app);
    const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
    const key = randomUUID();
    const mine = await postKeyed(app, customer, tool, key);
    const theirs = await postKeyed(app, other, tool, key);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(PlaceOrderResponseSchema.parse(theirs.json()).order._id).not.toBe(
      PlaceOrderResponseSchema.parse(mine.json()).order._id,
    );
    expect(await availableOf(app, tool.id)).toBe(450);
  });

  itKeyed(
    'answers a retry after payment with the order as it stands: paid, not placed again',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const key = randomUUID();
      const first = PlaceOrderResponseSchema.parse(
        (await postKeyed(app, customer, tool, key)).json(),
      );
      await payOrder(app, customer, first.order);
      const retry = await postKeyed(app, customer, tool, key);
      expect(retry.statusCode, retry.body).toBe(200);
      const { order } = PlaceOrderResponseSchema.parse(retry.json());
      expect(order._id).toBe(first.order._id);
      expect(order.status).toBe('paid');
      expect(await ordersOf(app, customer, tool.id)).toHaveLength(1);
    },
  );

  itKeyed('declares the header in the OpenAPI document', async ({ app }) => {
    const document = (await app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const placeOrder = document.paths['/api/order']?.post;
    expect(placeOrder?.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
    );
  });
});

const itRetried = appTest({ config: { maxUnpaidOrders: 2, orderRateLimit: 2 } });

describe('a retry with the same Idempotency-Key is not counted again', () => {
  itRetried(
    'neither against ORDER_RATE_LIMIT nor against MAX_UNPAID_ORDERS',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const first = randomUUID();
      expect((await postKeyed(app, customer, tool, first)).statusCode).toBe(200);
      // Were these counted, the second would meet the rate limit (2 a minute).
      for (let i = 0; i < 4; i += 1) {
        const retry = await postKeyed(app, customer, tool, first);
        expect(retry.statusCode, retry.body).toBe(200);
      }
      expect((await postKeyed(app, customer, tool, randomUUID())).statusCode).toBe(200);
      // Two orders placed, two counted: the next new one is over the limit.
      expect((await postKeyed(app, customer, tool, randomUUID())).statusCode).toBe(429);
      // Retries of the placed ones still answer (unpaid cap reached, rate limit met).
      expect((await postKeyed(app, customer, tool, first)).statusCode).toBe(200);
      expect(await ordersOf(app, customer, tool.id)).toHaveLength(2);
    },
  );
});

const itWithHold = appTest({ config: { ...UNCAPPED_ORDERS, orderHoldHours: 48 } });

describe('order fields: reference and hold', () => {
  itWithHold(
    "answers the reference, and the hold: ORDER_HOLD_HOURS after placing, until it's paid",
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const placed = PlaceOrderResponseSchema.parse(
        (await postKeyed(app, customer, tool, undefined)).json(),
      ).order;
      expect(placed.reference).toBe(orderReference(placed._id));
      expect(placed.reference).toMatch(/^TF-[0-9A-F]{8}$/);
      expect(Date.parse(placed.holdUntil ?? '')).toBe(Date.parse(placed.createdAt) + 48 * HOUR_MS);

      const listed = OrderListSchema.parse(
        (
          await app.inject({
            url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
            headers: bearer(customer.token),
          })
        ).json(),
      ).find((order) => order._id === placed._id);
      expect(listed).toEqual(placed);

      const paid = await payOrder(app, customer, placed);
      expect(paid.reference).toBe(placed.reference);
      expect(paid.holdUntil).toBeNull();
    },
  );
});

// 36 seconds: the hour a payment intent holds the order is the later of the two.
const itWithPaymentHold = appTest({ config: { ...UNCAPPED_ORDERS, orderHoldHours: 0.01 } });

describe('order fields: a payment under way holds the order longer', () => {
  itWithPaymentHold(
    'answers the later of ORDER_HOLD_HOURS and the payment hold',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 500, minOrderQuantity: 10 });
      const placed = PlaceOrderResponseSchema.parse(
        (await postKeyed(app, customer, tool, undefined)).json(),
      ).order;
      expect(Date.parse(placed.holdUntil ?? '')).toBe(Date.parse(placed.createdAt) + 36_000);
      const intent = await app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(customer.token),
        payload: { orderId: placed._id, totalPrice: placed.price * placed.quantity },
      });
      expect(intent.statusCode, intent.body).toBe(200);
      const held = (
        await app.inject({ url: `/api/payorder/${placed._id}`, headers: bearer(customer.token) })
      ).json() as { holdUntil: string };
      expect(Date.parse(held.holdUntil)).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    },
  );
});

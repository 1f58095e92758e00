import { buffer } from 'node:stream/consumers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CheckoutListSchema,
  MyCheckoutsPageSchema,
  texts,
  type Checkout,
  type MyCheckoutsPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';
import { orders } from '../orders/orders.table.ts';
import { checkouts } from './checkouts.table.ts';

const it = appTest({
  config: UNCAPPED_ORDERS,
  tool: { availableQuantity: 10_000, minOrderQuantity: 1 },
});

function pageRequest(app: App, account: TestAccount | undefined, query: string) {
  return injectAs(app, account, { url: `/api/checkouts/page?${query}` });
}

async function pageOf(app: App, account: TestAccount, query: string): Promise<MyCheckoutsPage> {
  const response = await pageRequest(app, account, query);
  expect(response.statusCode, response.body).toBe(200);
  return MyCheckoutsPageSchema.parse(response.json());
}

async function wholeList(app: App, account: TestAccount): Promise<Checkout[]> {
  const response = await injectAs(app, account, { url: '/api/checkouts' });
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutListSchema.parse(response.json());
}

/** Every page of `pageSize` from the first, as walkPages checks them: the checkouts walked. */
async function walk(app: App, account: TestAccount, pageSize: number): Promise<Checkout[]> {
  const walked = await walkPages({
    pageSize,
    fetchPage: (after) => pageOf(app, account, withAfter(`pageSize=${pageSize}`, after)),
    rowsOf: (page) => page.checkouts,
    idOf: (checkout) => checkout._id,
  });
  return walked.rows;
}

describe('My Orders a page at a time: GET /api/checkouts/page (issue 43)', () => {
  it('walks every checkout once, newest first as GET /api/checkouts, at any page size', async ({
    app,
    customer,
    otherCustomer,
    tool,
  }) => {
    // Seven one-line checkouts (POST /order), two of several lines, and the other customer's.
    for (let n = 0; n < 7; n += 1) await placeTestOrder(app, customer, tool, { quantity: 2 });
    const file = await createTestTool(app, {
      name: 'Flat File',
      availableQuantity: 1_000,
      minOrderQuantity: 1,
    });
    const several = await placeTestCheckout(app, customer, [
      { tool, quantity: 4 },
      { tool: file, quantity: 2 },
    ]);
    const again = await placeTestCheckout(app, customer, [
      { tool: file, quantity: 3 },
      { tool, quantity: 3 },
    ]);
    const others = await placeTestOrder(app, otherCustomer, tool, { quantity: 2 });

    // Four checkouts of one moment (lines of a checkout share theirs; so may checkouts of a
    // busy account, to the microsecond): the id breaks the tie, none is skipped or repeated.
    const before = await wholeList(app, customer);
    const sameMoment = [before[1], before[2], before[3], before[5]].map((c) => c!._id);
    const moment = new Date('2026-03-14T09:26:53.589793Z');
    await app.database.db
      .update(orders)
      .set({ createdAt: moment })
      .where(inArray(orders.checkoutId, sameMoment));
    await app.database.db
      .update(checkouts)
      .set({ createdAt: moment })
      .where(inArray(checkouts.id, sameMoment));

    const whole = await wholeList(app, customer);
    expect(whole).toHaveLength(9);
    expect(whole.map((c) => c._id)).toEqual(expect.arrayContaining([several._id, again._id]));
    for (const pageSize of [1, 2, 3, 4, 9, 20]) {
      const walked = await walk(app, customer, pageSize);
      // No gap, no duplicate, in GET /checkouts' order, each checkout as whole as there.
      expect(
        walked.map((c) => c._id),
        `pageSize ${pageSize}`,
      ).toEqual(whole.map((c) => c._id));
      expect(walked).toEqual(whole);
    }
    // GET /checkouts is written a page of lines at a time: down to one line a page, the same
    // bytes, a checkout a page ends in written once, whole.
    const body = (await injectAs(app, customer, { url: '/api/checkouts' })).body;
    // Written by hand, not through the schema: it holds what the schema has, and nothing more.
    expect(JSON.parse(body)).toEqual(whole);
    const lines = whole.reduce((sum, checkout) => sum + checkout.lines.length, 0);
    expect(lines).toBeGreaterThan(whole.length);
    for (let pageSize = 1; pageSize <= lines + 1; pageSize += 1) {
      const streamed = await buffer(
        app.checkouts.streamOwnCheckouts({ id: customer.userId }, pageSize),
      );
      expect(streamed.toString('utf8'), `pages of ${pageSize} lines`).toBe(body);
    }

    const first = await pageOf(app, customer, '');
    expect(first).toMatchObject({ total: 9, next: null });
    expect(first.checkouts).toHaveLength(9);

    // Another customer's checkouts never show, and theirs hold only their own.
    const walkedIds = (await walk(app, customer, 2)).map((c) => c._id);
    expect(walkedIds).not.toContain(others.checkoutId);
    const theirs = await pageOf(app, otherCustomer, 'pageSize=5');
    expect(theirs.checkouts.map((c) => c._id)).toEqual([others.checkoutId]);
    expect(theirs).toMatchObject({ total: 1, next: null });
  });

  it('answers an account without orders an empty page', async ({ app, admin }) => {
    expect(await pageOf(app, admin, '')).toEqual({ checkouts: [], total: 0, next: null });
  });

  it('starts after a cursor of the right shape that no page answered, as the keyset says', async ({
    app,
    customer,
    tool,
  }) => {
    const order = await placeTestOrder(app, customer, tool, { quantity: 2 });
    const [line] = await app.database.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, order._id));
    const later = new Date(line!.createdAt.getTime() + 1000).toISOString().replace('Z', '000Z');
    const page = await pageOf(app, customer, `after=${later}_${crypto.randomUUID()}`);
    expect(page.checkouts.map((c) => c._id)).toContain(order.checkoutId);
    const earliest = await pageOf(app, customer, `after=2000-01-01T00:00:00.000000Z_${order._id}`);
    expect(earliest).toMatchObject({ checkouts: [], next: null });
  });

  it('refuses a bad `after` or page size in words (400), and anyone signed out (401)', async ({
    app,
    customer,
  }) => {
    const badCursor = texts.checkout.errors.badPageCursor;
    for (const after of [
      'yesterday',
      '2026-13-45T00:00:00.000000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10',
      '2026-06-01T00:00:00.000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10',
      '2026-06-01T00:00:00.000000Z_not-an-id',
      '',
    ]) {
      expectError(
        await pageRequest(app, customer, `after=${encodeURIComponent(after)}`),
        400,
        badCursor,
      );
    }
    expectError(
      await pageRequest(
        app,
        customer,
        'after=2026-06-01T00:00:00.000000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10&after=x',
      ),
      400,
      badCursor,
    );
    for (const pageSize of ['0', '101', 'ten', '2.5']) {
      const response = await pageRequest(app, customer, `pageSize=${pageSize}`);
      expect(response.statusCode, pageSize).toBe(400);
      expect(response.json().message).toMatch(/pageSize/);
    }
    expect((await pageRequest(app, undefined, '')).statusCode).toBe(401);
  });
});

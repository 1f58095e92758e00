import { describe, expect } from 'vitest';
import {
  StockHoldListSchema,
  StockHoldsPageSchema,
  texts,
  type StockHold,
  type StockHoldsPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';

const it = appTest({ config: UNCAPPED_ORDERS });

async function pageOf(app: App, admin: TestAccount, query: string): Promise<StockHoldsPage> {
  const response = await injectAs(app, admin, { url: `/api/manageHolds/page?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return StockHoldsPageSchema.parse(response.json());
}

async function wholeList(app: App, admin: TestAccount): Promise<StockHold[]> {
  const response = await injectAs(app, admin, { url: '/api/manageHolds' });
  expect(response.statusCode, response.body).toBe(200);
  return StockHoldListSchema.parse(response.json());
}

/** Every page of `pageSize` from the first, as walkPages checks them: the accounts walked. */
async function walk(app: App, admin: TestAccount, pageSize: number): Promise<StockHold[]> {
  const walked = await walkPages({
    pageSize,
    fetchPage: (after) => pageOf(app, admin, withAfter(`pageSize=${pageSize}`, after)),
    rowsOf: (page) => page.holds,
    idOf: (hold) => hold.userId,
  });
  return walked.rows;
}

/** Byte order, as the page breaks ties between accounts holding the same value. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('Stock holds a page of accounts at a time: GET /api/manageHolds/page (issue 43)', () => {
  it('walks every account once, the largest value first, ties by account id', async ({
    app,
    admin,
    customer,
  }) => {
    const tool = await createTestTool(app, { availableQuantity: 10_000, minOrderQuantity: 1 });
    const accounts = [customer];
    for (let n = 0; n < 6; n += 1) accounts.push(await signUpTestAccount(app));
    // Three accounts hold the same value, two another (more than the minimum, 1, each).
    const quantities = [3, 5, 3, 8, 5, 3, 2];
    for (const [n, account] of accounts.entries()) {
      await placeTestOrder(app, account, tool, { quantity: quantities[n] });
    }
    // One account holds two orders: both listed under it, oldest first.
    await placeTestOrder(app, accounts[6]!, tool, { quantity: 2 });

    const whole = await wholeList(app, admin);
    expect(whole).toHaveLength(7);
    const expected = [...whole].sort((a, b) => b.total - a.total || byteOrder(a.userId, b.userId));
    for (const pageSize of [1, 2, 3, 7, 20]) {
      // No gap, no repeat, each account as whole as GET /manageHolds has it.
      expect(await walk(app, admin, pageSize), `pageSize ${pageSize}`).toEqual(expected);
    }
    expect(await pageOf(app, admin, '')).toMatchObject({ total: 7, next: null });
    const twice = expected.find((hold) => hold.userId === accounts[6]!.userId);
    expect(twice?.orders).toHaveLength(2);
  });

  it('refuses a bad `after` or page size in words (400), and anyone but an admin', async ({
    app,
    admin,
    customer,
  }) => {
    for (const after of [
      '',
      'yesterday',
      '12_',
      '_abc',
      '-5_abc',
      '12_with space',
      `1_${'x'.repeat(201)}`,
    ]) {
      expectError(
        await injectAs(app, admin, {
          url: `/api/manageHolds/page?after=${encodeURIComponent(after)}`,
        }),
        400,
        texts.manageHolds.badPageCursor,
      );
    }
    for (const pageSize of ['0', '101', 'ten']) {
      const response = await injectAs(app, admin, {
        url: `/api/manageHolds/page?pageSize=${pageSize}`,
      });
      expect(response.statusCode, pageSize).toBe(400);
      expect(response.json().message).toMatch(/pageSize/);
    }
    // A cursor of the right shape that no page answered starts there: past every value, none.
    expect(await pageOf(app, admin, 'after=0_zzzz')).toMatchObject({ holds: [], next: null });
    expect((await injectAs(app, undefined, { url: '/api/manageHolds/page' })).statusCode).toBe(401);
    expect((await injectAs(app, customer, { url: '/api/manageHolds/page' })).statusCode).toBe(403);
  });
});

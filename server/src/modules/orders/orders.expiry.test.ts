import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { PlaceOrderResponseSchema, ToolSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { createTestTool } from '../../testing/factories.ts';
import { postOrder } from '../../testing/requests.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createOrderExpirySweeper } from './orders.sweeper.ts';
import { orders } from './orders.table.ts';
import { availableOf, listOwnOrders, placeTestOrder } from '../../testing/orders.ts';

const HOUR_MS = 60 * 60 * 1000;
const HOLD_HOURS = 48;

/** Moves an order's creation time, as if it had been placed then. */
async function placedAt(app: App, orderId: string, createdAt: Date) {
  await app.database.db.update(orders).set({ createdAt }).where(eq(orders.id, orderId));
}

const it = appTest({ config: { ...UNCAPPED_ORDERS, orderHoldHours: HOLD_HOURS } });

describe('expiry of unpaid orders (ORDER_HOLD_HOURS)', () => {
  it('removes an unpaid order older than the hold and returns its stock; keeps a younger one and a paid one', async ({
    app,
    customer,
  }) => {
    const now = new Date('2030-06-01T12:00:00Z');
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 1000 });
    const old = await placeTestOrder(
      app,
      customer,
      { id: tool.id, name: 'ignored' },
      { address: '5 Hold Street', quantity: 100 },
    );
    const young = await placeTestOrder(
      app,
      customer,
      { id: tool.id, name: 'ignored' },
      { address: '5 Hold Street', quantity: 50 },
    );
    const paid = await placeTestOrder(
      app,
      customer,
      { id: tool.id, name: 'ignored' },
      { address: '5 Hold Street', quantity: 30 },
    );
    await placedAt(app, old._id, new Date(now.getTime() - (HOLD_HOURS * HOUR_MS + 60_000)));
    await placedAt(app, young._id, new Date(now.getTime() - (HOLD_HOURS * HOUR_MS - 60_000)));
    await placedAt(app, paid._id, new Date(now.getTime() - 10 * HOLD_HOURS * HOUR_MS));
    await app.database.db
      .update(orders)
      .set({ status: 'paid', transactionId: 'txn_expiry_test', paidAt: now })
      .where(eq(orders.id, paid._id));
    expect(await availableOf(app, tool.id)).toBe(820);

    const result = await app.orders.sweepExpiredOrders(now);
    expect(result).toEqual({ expiredOrders: 1, returnedUnits: 100 });
    // The catalog shows the returned stock at once.
    expect(await availableOf(app, tool.id)).toBe(920);
    const remaining = (await listOwnOrders(app, customer)).map((order) => order._id);
    expect(remaining).not.toContain(old._id);
    expect(remaining).toContain(young._id);
    expect(remaining).toContain(paid._id);

    // Nothing more to do at the same time; two minutes later the young one has expired too.
    expect(await app.orders.sweepExpiredOrders(now)).toEqual({
      expiredOrders: 0,
      returnedUnits: 0,
    });
    const later = new Date(now.getTime() + 2 * 60_000);
    expect(await app.orders.sweepExpiredOrders(later)).toEqual({
      expiredOrders: 1,
      returnedUnits: 50,
    });
    expect(await availableOf(app, tool.id)).toBe(970);
    expect((await listOwnOrders(app, customer)).map((order) => order._id)).toEqual([paid._id]);
  });

  it('returns the stock only once when two sweeps run at once', async ({ app, customer }) => {
    const now = new Date('2031-01-01T00:00:00Z');
    const hammer = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 5000 });
    const saw = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 5000 });
    let ordered = 0;
    for (let index = 0; index < 30; index += 1) {
      const quantity = 2 + (index % 7);
      const order = await placeTestOrder(
        app,
        customer,
        { id: index % 2 === 0 ? hammer.id : saw.id, name: 'ignored' },
        { address: '5 Hold Street', quantity },
      );
      await placedAt(app, order._id, new Date(now.getTime() - (HOLD_HOURS + 1 + index) * HOUR_MS));
      ordered += quantity;
    }
    expect((await availableOf(app, hammer.id)) + (await availableOf(app, saw.id))).toBe(
      10_000 - ordered,
    );

    const [first, second] = await Promise.all([
      app.orders.sweepExpiredOrders(now),
      app.orders.sweepExpiredOrders(now),
    ]);
    expect(first.expiredOrders + second.expiredOrders).toBe(30);
    expect(first.returnedUnits + second.returnedUnits).toBe(ordered);
    expect(await availableOf(app, hammer.id)).toBe(5000);
    expect(await availableOf(app, saw.id)).toBe(5000);
  });

  it('a running app sweeps on its own, periodically, with the sweeper', async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 100 });
    const order = await placeTestOrder(
      app,
      customer,
      { id: tool.id, name: 'ignored' },
      { address: '5 Hold Street', quantity: 40 },
    );
    await placedAt(app, order._id, new Date(Date.now() - (HOLD_HOURS + 1) * HOUR_MS));
    const log = { info: vi.fn(), error: vi.fn() };
    const sweeper = createOrderExpirySweeper({
      orders: app.orders,
      // The sweeper only logs through info and error.
      log: log as unknown as App['log'],
      intervalMs: 20,
    });
    sweeper.start();
    await vi.waitFor(async () => expect(await availableOf(app, tool.id)).toBe(100), {
      timeout: 5000,
    });
    await sweeper.stop();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      { expiredOrders: 1, returnedUnits: 40 },
      expect.any(String),
    );
  });

  it('an app built to sweep sweeps once ready, and stops on close', async () => {
    const shared = await createTestDatabase();
    const placing = await buildTestApp({
      database: await shared.connect(),
      config: UNCAPPED_ORDERS,
    });
    let sweeping: App | undefined;
    try {
      const account = await signUpTestAccount(placing);
      const tool = await createTestTool(placing, { minOrderQuantity: 1, availableQuantity: 100 });
      const response = await postOrder(placing, account, tool, { address: 'x', quantity: 10 });
      const { order } = PlaceOrderResponseSchema.parse(response.json());
      await placing.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 49 * HOUR_MS) })
        .where(eq(orders.id, order._id));

      sweeping = await buildTestApp({
        database: await shared.connect(),
        sweepExpiredOrders: true,
      });
      const app = sweeping;
      await vi.waitFor(
        async () => {
          const shown = ToolSchema.parse((await app.inject(`/api/tool/${tool.id}`)).json());
          expect(shown.availableQuantity).toBe(100);
        },
        { timeout: 5000 },
      );
    } finally {
      await sweeping?.close();
      await placing.close();
      await shared.destroy();
    }
  });
});

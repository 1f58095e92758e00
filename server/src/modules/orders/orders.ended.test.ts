import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ManagedOrderDetailSchema,
  ManagedOrderListSchema,
  ManagedOrdersPageSchema,
  MyCheckoutsPageSchema,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import { availableOf, listOwnOrders, placeTestOrder } from '../../testing/orders.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orderEvents } from './order-events.table.ts';
import { orders } from './orders.table.ts';

// Issue 44 item 5: no order is deleted. A removed or expired one keeps its row and timeline, with
// who ended it and when; the spec's calls answer as if it were gone, Manage Orders shows it when
// its status is asked for, and an expired checkout tells its buyer by e-mail.

const HOUR_MS = 60 * 60 * 1000;
const HOLD_HOURS = 48;

const it = appTest({ config: { ...UNCAPPED_ORDERS, orderHoldHours: HOLD_HOURS } });

/** The stored row of an order, whatever its status. */
async function storedOrder(app: App, id: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** An order's timeline as stored: kind and actor, oldest first. */
async function storedEvents(app: App, id: string) {
  const rows = await app.database.db
    .select({ kind: orderEvents.kind, actorId: orderEvents.actorId, detail: orderEvents.detail })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(orderEvents.createdAt);
  return rows;
}

async function getJson(app: App, account: TestAccount, url: string) {
  const response = await injectAs(app, account, { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

/** Every id the spec's lists and the pages built on them show to the buyer and the admin. */
async function idsShown(app: App, customer: TestAccount, admin: TestAccount) {
  const own = (await listOwnOrders(app, customer)).map((order) => order._id);
  const managed = ManagedOrderListSchema.parse(await getJson(app, admin, '/api/manageOrders')).map(
    (order) => order._id,
  );
  const searched = ManagedOrdersPageSchema.parse(
    await getJson(app, admin, `/api/manageOrders/search?q=${encodeURIComponent(customer.email)}`),
  ).orders.map((order) => order._id);
  const myPages = MyCheckoutsPageSchema.parse(
    await getJson(app, customer, '/api/checkouts/page'),
  ).checkouts.flatMap((checkout) => checkout.lines.map((order) => order._id));
  const csv = await injectAs(app, admin, { url: '/api/manageOrders.csv' });
  return { own, managed, searched, myPages, csv: csv.body };
}

/** Manage Orders' search for one status, narrowed to the customer: the ids found. */
async function searchedWithStatus(
  app: App,
  admin: TestAccount,
  customer: TestAccount,
  status: string,
) {
  const page = ManagedOrdersPageSchema.parse(
    await getJson(
      app,
      admin,
      `/api/manageOrders/search?status=${status}&q=${encodeURIComponent(customer.email)}`,
    ),
  );
  return page.orders.map((order) => ({ id: order._id, status: order.status }));
}

describe('orders are never deleted: removed and expired ones keep their row (issue 44)', () => {
  it('a removal by the buyer ends the order as removed, named and timed, and the spec reads it as gone', async ({
    app,
    customer,
    admin,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 1000 });
    const order = await placeTestOrder(app, customer, tool, { quantity: 40 });
    const kept = await placeTestOrder(app, customer, tool, { quantity: 20 });
    expect(await availableOf(app, tool.id)).toBe(940);

    const removed = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect(await availableOf(app, tool.id)).toBe(980);

    const row = await storedOrder(app, order._id);
    expect(row?.status).toBe('removed');
    expect(row?.endedAt).toBeInstanceOf(Date);
    const events = await storedEvents(app, order._id);
    expect(events.map((event) => event.kind)).toEqual(['placed', 'email', 'removed']);
    expect(events.at(-1)?.actorId).toBe(customer.userId);

    const shown = await idsShown(app, customer, admin);
    for (const ids of [shown.own, shown.managed, shown.searched, shown.myPages]) {
      expect(ids).not.toContain(order._id);
      expect(ids).toContain(kept._id);
    }
    expect(shown.csv).not.toContain(order.reference);
    expect(shown.csv).toContain(kept.reference);

    // Removing it again answers as a removal of a deleted order did: not found.
    const again = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(await availableOf(app, tool.id)).toBe(980);

    // Manage Orders shows it when asked for removed orders, and its page tells who and when.
    expect(await searchedWithStatus(app, admin, customer, 'removed')).toEqual([
      { id: order._id, status: 'removed' },
    ]);
    const detail = ManagedOrderDetailSchema.parse(
      await getJson(app, admin, `/api/manageOrders/${order._id}`),
    );
    expect(detail.status).toBe('removed');
    const removal = detail.events.find((event) => event.kind === 'removed');
    expect(removal?.actor).toBe(customer.name);
    expect(detail.paid).toBe(false);
  });

  it('an admin releasing an account’s holds ends each order as removed by that admin', async ({
    app,
    otherCustomer,
    admin,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const first = await placeTestOrder(app, otherCustomer, tool, { quantity: 30 });
    const second = await placeTestOrder(app, otherCustomer, tool, { quantity: 40 });
    const released = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageHolds/${otherCustomer.userId}/release`,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ deletedCount: 2, returnedUnits: 70 });
    for (const order of [first, second]) {
      expect((await storedOrder(app, order._id))?.status).toBe('removed');
      const events = await storedEvents(app, order._id);
      const removal = events.find((event) => event.kind === 'removed');
      expect(removal?.actorId).toBe(admin.userId);
      // The customer was told, and the timeline says so after the removal.
      expect(events.at(-1)?.kind).toBe('email');
    }
    expect(await listOwnOrders(app, otherCustomer)).toEqual([]);
    // Released twice, nothing more is removed.
    const again = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageHolds/${otherCustomer.userId}/release`,
    });
    expect(again.json()).toEqual({ deletedCount: 0, returnedUnits: 0 });
  });

  it('the same Idempotency-Key places anew once its order was removed, as when removal deleted it', async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const key = crypto.randomUUID();
    const first = await placeTestOrder(app, customer, tool, { quantity: 20 }, key);
    const retried = await placeTestOrder(app, customer, tool, { quantity: 20 }, key);
    expect(retried._id).toBe(first._id);
    const removed = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${first._id}`,
    });
    expect(removed.statusCode).toBe(200);
    const placedAgain = await placeTestOrder(app, customer, tool, { quantity: 20 }, key);
    expect(placedAgain._id).not.toBe(first._id);
    expect(placedAgain.status).toBe('unpaid');
  });

  it('expiry ends a checkout’s lines as expired, returns the stock and tells the buyer once, listing them', async ({
    app,
    customer,
    admin,
  }) => {
    const now = new Date(Date.now() + 10 * HOLD_HOURS * HOUR_MS);
    const hammer = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 400 });
    const chisel = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 300 });
    const checkout = await placeTestCheckout(app, customer, [
      { tool: hammer, quantity: 25 },
      { tool: chisel, quantity: 35 },
    ]);
    const lineIds = checkout.lines.map((order) => order._id);
    expect(lineIds).toHaveLength(2);
    const before = (await readOutbox(app)).length;

    const swept = await app.orders.sweepExpiredOrders(now);
    expect(swept.expiredOrders).toBeGreaterThanOrEqual(2);
    expect(await availableOf(app, hammer.id)).toBe(400);
    expect(await availableOf(app, chisel.id)).toBe(300);

    for (const id of lineIds) {
      const row = await storedOrder(app, id);
      expect(row?.status).toBe('expired');
      expect(row?.endedAt?.getTime()).toBe(now.getTime());
      const kinds = (await storedEvents(app, id)).map((event) => event.kind);
      expect(kinds.slice(-2)).toEqual(['expired', 'email']);
    }

    const mails = (await readOutbox(app))
      .slice(before)
      .filter((mail) => mail.headers.to?.includes(customer.email));
    // One e-mail for the checkout's two lines (the customer's earlier orders expired too, each
    // its own checkout, each its own e-mail).
    const expired = mails.filter((mail) => mail.headers.subject?.includes(checkout.reference));
    expect(expired).toHaveLength(1);
    const [mail] = expired;
    expect(mail?.headers.subject).toBe(`Your unpaid order ${checkout.reference} has expired`);
    for (const tool of [hammer, chisel]) expect(mail?.text).toContain(tool.name);
    expect(mail?.text).toContain(`${HOLD_HOURS} hours`);

    const shown = await idsShown(app, customer, admin);
    for (const id of lineIds) {
      for (const ids of [shown.own, shown.managed, shown.searched, shown.myPages]) {
        expect(ids).not.toContain(id);
      }
    }
    const checkoutAnswer = await injectAs(app, customer, { url: `/api/checkouts/${checkout._id}` });
    expect(checkoutAnswer.statusCode).toBe(404);
    // Asked for expired orders, Manage Orders finds these lines (and the customer's others that
    // expired in the same sweep), each as expired.
    const found = await searchedWithStatus(app, admin, customer, 'expired');
    expect(found.map((order) => order.id)).toEqual(expect.arrayContaining(lineIds));
    expect(new Set(found.map((order) => order.status))).toEqual(new Set(['expired']));
    // A second sweep finds nothing more to end, and sends nothing more.
    expect(await app.orders.sweepExpiredOrders(now)).toEqual({
      expiredOrders: 0,
      returnedUnits: 0,
    });
  });
});

import { describe, expect } from 'vitest';
import {
  type ManagedOrder,
  ManagedOrderListSchema,
  ManagedOrderSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { placePaidOrder } from '../../testing/payments.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectAdminsOnly } from '../../testing/admins-only.ts';
import {
  foundryOrder,
  paidFixture,
  paidOrderFixture,
  unpaidOrderFixture,
} from '../../testing/foundry-orders.ts';
import { findOwnOrder, placeTestOrder } from '../../testing/orders.ts';
import { expectError } from '../../testing/requests.ts';

const as = (account: TestAccount | undefined) => (account ? bearer(account.token) : {});
const manageOrders = (app: App, account: TestAccount | undefined) =>
  app.inject({ url: '/api/manageOrders', headers: as(account) });
const ship = (app: App, account: TestAccount | undefined, id: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/manageOrders/${encodeURIComponent(id)}/ship`,
    headers: as(account),
  });

async function everyOrder(app: App, admin: TestAccount): Promise<ManagedOrder[]> {
  const response = await manageOrders(app, admin);
  expect(response.statusCode).toBe(200);
  return ManagedOrderListSchema.parse(response.json());
}

const it = appTest({
  config: UNCAPPED_ORDERS,
  // $19.99 each.
  tool: { priceCents: 1999, availableQuantity: 100_000 },
})
  .extend('paidOrder', paidOrderFixture)
  .extend('unpaidOrder', unpaidOrderFixture)
  .extend('paid', paidFixture);

describe('Manage Orders: GET /api/manageOrders, PATCH /api/manageOrders/:id/ship', () => {
  describe('GET /api/manageOrders', () => {
    it('answers 401 without a token and 403 to a customer', async ({ app, customer }) => {
      await expectAdminsOnly(customer, (sender) => manageOrders(app, sender));
    });

    it("lists every customer's orders for an admin, newest first, with e-mail, tool, total, date and status", async ({
      app,
      customer,
      otherCustomer,
      admin,
      tool,
      unpaidOrder,
    }) => {
      const first = await unpaidOrder();
      const second = await placeTestOrder(app, otherCustomer, tool, foundryOrder(30));
      const listed = await everyOrder(app, admin);

      const firstIndex = listed.findIndex((order) => order._id === first._id);
      const secondIndex = listed.findIndex((order) => order._id === second._id);
      expect(firstIndex).toBeGreaterThanOrEqual(0);
      expect(secondIndex).toBeGreaterThanOrEqual(0);
      expect(secondIndex).toBeLessThan(firstIndex);
      const dates = listed.map((order) => Date.parse(order.createdAt));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));

      expect(listed[secondIndex]).toEqual({
        ...second,
        total: 599.7,
        shippedAt: null,
        cancelledAt: null,
      });
      expect(listed[firstIndex]).toMatchObject({
        email: customer.email,
        name: tool.name,
        img: tool.image,
        quantity: 25,
        price: 19.99,
        total: 499.75,
        status: 'unpaid',
        paid: false,
        createdAt: first.createdAt,
      });
    });
  });

  describe('PATCH /api/manageOrders/:id/ship', () => {
    it('answers 401 without a token and 403 to a customer, even for their own paid order', async ({
      app,
      customer,
      paid,
    }) => {
      await expectAdminsOnly(customer, (sender) => ship(app, sender, paid._id));
      expect((await findOwnOrder(app, customer, paid._id))?.status).toBe('paid');
    });

    it('ships a paid order: the admin gets it shipped, and the customer sees status shipped', async ({
      app,
      customer,
      admin,
      paid,
    }) => {
      expect(paid.status).toBe('paid');

      const before = Date.now();
      const response = await ship(app, admin, paid._id);
      expect(response.statusCode).toBe(200);
      const shipped = ManagedOrderSchema.parse(response.json());
      expect(shipped).toMatchObject({
        _id: paid._id,
        status: 'shipped',
        paid: true,
        transectionId: paid.transectionId,
        email: customer.email,
      });
      expect(Date.parse(shipped.shippedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

      expect(await findOwnOrder(app, customer, paid._id)).toMatchObject({
        status: 'shipped',
        paid: true,
        transectionId: paid.transectionId,
      });
      expect((await everyOrder(app, admin)).find((order) => order._id === paid._id)).toEqual(
        shipped,
      );
    });

    it('answers an order shipped already with 200, unchanged (idempotent)', async ({
      app,
      admin,
      paid,
    }) => {
      const first = ManagedOrderSchema.parse((await ship(app, admin, paid._id)).json());
      const again = await ship(app, admin, paid._id);
      expect(again.statusCode).toBe(200);
      expect(ManagedOrderSchema.parse(again.json())).toEqual(first);
    });

    it('refuses an unpaid order with 409, leaving it unpaid', async ({
      app,
      customer,
      admin,
      unpaidOrder,
    }) => {
      const unpaid = await unpaidOrder();
      expectError(
        await ship(app, admin, unpaid._id),
        409,
        texts.adminErrors.unpaidOrderCannotBeShipped,
      );
      expect((await findOwnOrder(app, customer, unpaid._id))?.status).toBe('unpaid');
    });

    it('answers 404 for an unknown or a malformed id', async ({ app, admin }) => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(await ship(app, admin, unknown), 404, serverTexts.orderErrors.orderNotFound);
      expectError(await ship(app, admin, 'not-an-id'), 404, serverTexts.orderErrors.orderNotFound);
    });

    it("ships the paid order of a removed customer: nobody owns it, it is still the admin's to ship", async ({
      app,
      admin,
      tool,
    }) => {
      const leaving = await signUpTestAccount(app);
      const paid = await placePaidOrder(app, leaving, tool, foundryOrder());
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(leaving.email)}`,
        headers: as(admin),
      });
      expect(removed.json()).toEqual({ deletedCount: 1 });
      const response = await ship(app, admin, paid._id);
      expect(response.statusCode).toBe(200);
      expect(ManagedOrderSchema.parse(response.json())).toMatchObject({
        status: 'shipped',
        email: leaving.email,
      });
    });
  });

  it('describes both calls in the OpenAPI document, bearer-secured', async ({ app }) => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const list = document.paths['/api/manageOrders']?.get;
    const shipCall = document.paths['/api/manageOrders/{id}/ship']?.patch;
    expect(list?.security).toEqual([{ bearer: [] }]);
    // 414: any call with a URL too long (plugins/openapi.ts documents it on every operation).
    expect(Object.keys(list?.responses ?? {}).sort()).toEqual(['200', '401', '403', '414']);
    expect(shipCall?.security).toEqual([{ bearer: [] }]);
    // 400: a carrier or tracking number in the optional body that is too long or not text.
    expect(Object.keys(shipCall?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '414',
    ]);
  });
});

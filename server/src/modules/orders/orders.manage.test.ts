import { describe, expect, it } from 'vitest';
import {
  type ManagedOrder,
  ManagedOrderListSchema,
  ManagedOrderSchema,
  type Order,
  OrderListSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import {
  bearer,
  signUpTestAccount,
  uniqueEmail,
  type TestAccount,
} from '../../testing/accounts.ts';
import { payOrder } from '../../testing/payments.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import {
  useTestAccount,
  useTestAdmin,
  useTestApp,
  useTestTool,
} from '../../testing/use-test-app.ts';
import { expectError } from '../../testing/requests.ts';
import { placeTestOrder } from '../../testing/orders.ts';

const errorsText = texts.identityErrors;

describe('Manage Orders: GET /api/manageOrders, PATCH /api/manageOrders/:id/ship', () => {
  const adminEmail = uniqueEmail('admin');
  const app = useTestApp({ config: { ...UNCAPPED_ORDERS, adminEmails: [adminEmail] } });
  const customer = useTestAccount(app);
  const otherCustomer = useTestAccount(app);
  const admin = useTestAdmin(app, { email: adminEmail });
  // $19.99 each.
  const tool = useTestTool(app, { priceCents: 1999, availableQuantity: 100_000 });

  const as = (account: TestAccount | undefined) => (account ? bearer(account.token) : {});
  const manageOrders = (account: TestAccount | undefined) =>
    app.inject({ url: '/api/manageOrders', headers: as(account) });
  const ship = (account: TestAccount | undefined, id: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/manageOrders/${encodeURIComponent(id)}/ship`,
      headers: as(account),
    });

  async function everyOrder(): Promise<ManagedOrder[]> {
    const response = await manageOrders(admin);
    expect(response.statusCode).toBe(200);
    return ManagedOrderListSchema.parse(response.json());
  }

  async function ownOrder(account: TestAccount, id: string): Promise<Order | undefined> {
    const response = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(account.email)}`,
      headers: as(account),
    });
    expect(response.statusCode).toBe(200);
    return OrderListSchema.parse(response.json()).find((order) => order._id === id);
  }

  describe('GET /api/manageOrders', () => {
    it('answers 401 without a token and 403 to a customer', async () => {
      expectError(await manageOrders(undefined), 401, errorsText.notSignedIn);
      expectError(await manageOrders(customer), 403, errorsText.adminsOnly);
    });

    it("lists every customer's orders for an admin, newest first, with e-mail, tool, total, date and status", async () => {
      const first = await placeTestOrder(app, customer, tool, {
        address: '7 Foundry Yard',
        quantity: 25,
      });
      const second = await placeTestOrder(app, otherCustomer, tool, {
        address: '7 Foundry Yard',
        quantity: 30,
      });
      const listed = await everyOrder();

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
    it('answers 401 without a token and 403 to a customer, even for their own paid order', async () => {
      const paid = await payOrder(
        app,
        customer,
        await placeTestOrder(app, customer, tool, { address: '7 Foundry Yard', quantity: 25 }),
      );
      expectError(await ship(undefined, paid._id), 401, errorsText.notSignedIn);
      expectError(await ship(customer, paid._id), 403, errorsText.adminsOnly);
      expect((await ownOrder(customer, paid._id))?.status).toBe('paid');
    });

    it('ships a paid order: the admin gets it shipped, and the customer sees status shipped', async () => {
      const paid = await payOrder(
        app,
        customer,
        await placeTestOrder(app, customer, tool, { address: '7 Foundry Yard', quantity: 25 }),
      );
      expect(paid.status).toBe('paid');

      const before = Date.now();
      const response = await ship(admin, paid._id);
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

      expect(await ownOrder(customer, paid._id)).toMatchObject({
        status: 'shipped',
        paid: true,
        transectionId: paid.transectionId,
      });
      expect((await everyOrder()).find((order) => order._id === paid._id)).toEqual(shipped);
    });

    it('answers an order shipped already with 200, unchanged (idempotent)', async () => {
      const paid = await payOrder(
        app,
        customer,
        await placeTestOrder(app, customer, tool, { address: '7 Foundry Yard', quantity: 25 }),
      );
      const first = ManagedOrderSchema.parse((await ship(admin, paid._id)).json());
      const again = await ship(admin, paid._id);
      expect(again.statusCode).toBe(200);
      expect(ManagedOrderSchema.parse(again.json())).toEqual(first);
    });

    it('refuses an unpaid order with 409, leaving it unpaid', async () => {
      const unpaid = await placeTestOrder(app, customer, tool, {
        address: '7 Foundry Yard',
        quantity: 25,
      });
      expectError(await ship(admin, unpaid._id), 409, texts.adminErrors.unpaidOrderCannotBeShipped);
      expect((await ownOrder(customer, unpaid._id))?.status).toBe('unpaid');
    });

    it('answers 404 for an unknown or a malformed id', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(await ship(admin, unknown), 404, serverTexts.orderErrors.orderNotFound);
      expectError(await ship(admin, 'not-an-id'), 404, serverTexts.orderErrors.orderNotFound);
    });

    it("ships the paid order of a removed customer: nobody owns it, it is still the admin's to ship", async () => {
      const leaving = await signUpTestAccount(app);
      const paid = await payOrder(
        app,
        leaving,
        await placeTestOrder(app, leaving, tool, { address: '7 Foundry Yard', quantity: 25 }),
      );
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(leaving.email)}`,
        headers: as(admin),
      });
      expect(removed.json()).toEqual({ deletedCount: 1 });
      const response = await ship(admin, paid._id);
      expect(response.statusCode).toBe(200);
      expect(ManagedOrderSchema.parse(response.json())).toMatchObject({
        status: 'shipped',
        email: leaving.email,
      });
    });
  });

  it('describes both calls in the OpenAPI document, bearer-secured', async () => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const list = document.paths['/api/manageOrders']?.get;
    const shipCall = document.paths['/api/manageOrders/{id}/ship']?.patch;
    expect(list?.security).toEqual([{ bearer: [] }]);
    // 414: any call with a URL too long (plugins/openapi.ts documents it on every operation).
    expect(Object.keys(list?.responses ?? {}).sort()).toEqual(['200', '401', '403', '414']);
    expect(shipCall?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(shipCall?.responses ?? {}).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '414',
    ]);
  });
});

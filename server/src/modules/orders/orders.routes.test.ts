import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  OrderListSchema,
  PlaceOrderResponseSchema,
  serverTexts,
  texts,
  ToolSchema,
  type PlaceOrder,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectError, injectAs, orderFields } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { createTestTool } from '../../testing/factories.ts';
import { tools } from '../tools/tools.table.ts';
import { orders } from './orders.table.ts';
import { orderRowOfJson } from './orders.repository.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import { availableOf, placeTestOrder } from '../../testing/orders.ts';
import { latestOutboxMail } from '../../testing/mail.ts';

const QUANTITY_MESSAGE = 'You cannot order less than minimum quantity or more then avilable';

function postOrder(
  app: App,
  account: TestAccount | undefined,
  payload: Partial<PlaceOrder> & object,
) {
  return injectAs(app, account, { method: 'POST', url: '/api/order', payload });
}

/** The order form's fields, a phone included. */
const orderBody = (
  account: TestAccount,
  tool: { id: string; name: string },
  overrides: Record<string, unknown> = {},
) => orderFields(account, tool, { phone: '+44 114 496 0000', ...overrides });

/** The order form posted with `overrides` for a new tool (createTestTool's: 500 in stock). */
async function postOrderOfNewTool(
  app: App,
  account: TestAccount,
  overrides: Record<string, unknown> = {},
) {
  const tool = await createTestTool(app);
  const response = await postOrder(app, account, orderBody(account, tool, overrides));
  return { tool, response };
}

/** A tool at $19.99, 500 in stock, ordered 10 at the least. */
const createToolAt1999 = (app: App) =>
  createTestTool(app, { priceCents: 1999, availableQuantity: 500, minOrderQuantity: 10 });

/** An order of 40 units, with a phone, of a new tool (createTestTool's: 500 in stock). */
async function orderOfNewTool(app: App, account: TestAccount) {
  const tool = await createTestTool(app);
  const order = await placeTestOrder(app, account, tool, {
    phone: '+44 114 496 0000',
    quantity: 40,
  });
  return { tool, order };
}

async function listOrders(app: App, account: TestAccount, email = account.email) {
  return app.inject({
    url: `/api/orders?email=${encodeURIComponent(email)}`,
    headers: bearer(account.token),
  });
}

function deleteOrder(app: App, account: TestAccount | undefined, id: string) {
  return injectAs(app, account, {
    method: 'DELETE',
    url: `/api/deleteOrder/${encodeURIComponent(id)}`,
  });
}

async function setStatus(app: App, orderId: string, status: 'paid' | 'shipped') {
  await app.database.db
    .update(orders)
    .set({ status, transactionId: `txn_${orderId.slice(0, 8)}`, paidAt: new Date() })
    .where(eq(orders.id, orderId));
}

const it = appTest({ config: UNCAPPED_ORDERS, customerName: 'Ada Customer' });

describe('orders API: POST /api/order, GET /api/orders, DELETE /api/deleteOrder/:id', () => {
  it('uses the spec message from the contract texts', () => {
    expect(texts.purchase.quantityOutOfRange).toBe(QUANTITY_MESSAGE);
  });

  describe('without a bearer token', () => {
    it('answers 401 to every order call', async ({ app, customer }) => {
      const tool = await createTestTool(app);
      const post = await postOrder(app, undefined, orderBody(customer, tool));
      expect(post.statusCode).toBe(401);
      const list = await app.inject(`/api/orders?email=${customer.email}`);
      expect(list.statusCode).toBe(401);
      const remove = await deleteOrder(app, undefined, tool.id);
      expect(remove.statusCode).toBe(401);
      const badToken = await app.inject({
        url: `/api/orders?email=${customer.email}`,
        headers: bearer('not.a.token'),
      });
      expect(badToken.statusCode).toBe(401);
      expect(await availableOf(app, tool.id)).toBe(500);
    });
  });

  describe('POST /api/order', () => {
    it('keeps a lone surrogate in the address as the database does (U+FFFD), and the e-mail says the same', async ({
      app,
      customer,
    }) => {
      // A counterexample of the bad-input property test: the e-mails must say the texts the
      // database keeps.
      const { response } = await postOrderOfNewTool(app, customer, {
        address: 'x\udc00y',
        phone: '+44\ud800 1',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { order } = PlaceOrderResponseSchema.parse(response.json());
      expect(order).toMatchObject({ address: 'x\ufffdy', phone: '+44\ufffd 1' });
      const mail = await latestOutboxMail(app, customer.email, order.reference);
      expect(mail.text).toContain('x\ufffdy');
    });

    it('answers with the order as the database keeps it', async ({ app, customer }) => {
      // POST /order answers from the row its INSERT returned (order-pipeline.ts).
      const { response } = await postOrderOfNewTool(app, customer);
      expect(response.statusCode, response.body).toBe(200);
      const { order } = PlaceOrderResponseSchema.parse(response.json());
      const listed = await app.inject({
        url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
        headers: bearer(customer.token),
      });
      const kept = OrderListSchema.parse(listed.json()).find(({ _id }) => _id === order._id);
      expect(kept).toEqual(order);
    });

    it('places an order: 200, the snapshot of the tool, and the stock reserved at once', async ({
      app,
      customer,
    }) => {
      const tool = await createToolAt1999(app);
      const response = await postOrder(
        app,
        customer,
        orderBody(customer, tool, { quantity: 25, price: 19.99 }),
      );
      expect(response.statusCode).toBe(200);
      const body = PlaceOrderResponseSchema.parse(response.json());
      expect(body.acknowledged).toBe(true);
      expect(body.insertedId).toBe(body.order._id);
      expect(body.order).toMatchObject({
        toolId: tool.id,
        name: tool.name,
        img: tool.image,
        address: '12 Forge Lane, Sheffield',
        phone: '+44 114 496 0000',
        quantity: 25,
        email: customer.email,
        price: 19.99,
        paid: false,
        status: 'unpaid',
        transectionId: null,
      });
      expect(Number.isNaN(Date.parse(body.order.createdAt))).toBe(false);

      expect(await availableOf(app, tool.id)).toBe(475);
      const parts = ToolSchema.array().parse((await app.inject('/api/parts')).json());
      expect(parts.find((t) => t._id === tool.id)?.availableQuantity).toBe(475);
    });

    it("writes its e-mails as recipes of the order's row, which decodes as a query reads it", async ({
      app,
      customer,
    }) => {
      // The statement that places the order writes its e-mails (order-pipeline.ts, step 7) as
      // to_jsonb of the order's row, rendered as they leave (orderRowOfJson).
      const tool = await createToolAt1999(app);
      const order = await placeTestOrder(app, customer, tool, { quantity: 25 });
      const { db } = app.database;
      const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
      const recipes = await db
        .select({
          to: outboxMessages.to,
          recipe: outboxMessages.recipe,
          about: outboxMessages.about,
        })
        .from(outboxMessages)
        .where(eq(outboxMessages.to, customer.email));
      const placed = recipes.find((mail) => mail.about.orderId === order._id);
      expect(placed?.recipe?.kind).toBe('order placed');
      const data = placed?.recipe?.data as { order: Record<string, unknown> };
      expect(orderRowOfJson(data.order)).toEqual(row);
      // And the e-mail that left is the order as placed.
      const mail = await latestOutboxMail(app, customer.email, order.reference);
      expect(mail.text).toContain(tool.name);
    });

    it('leaves nothing behind when it refuses, before or after the stock is taken', async ({
      app,
      customer,
    }) => {
      // POST /order reserves and writes its checkout and order in one statement
      // (insertOrderReservingStock), then checks: both refusals must roll the writes back.
      const tool = await createToolAt1999(app);
      const { db } = app.database;
      const rowsOf = async () => ({
        checkouts: await db.$count(checkouts, eq(checkouts.userId, customer.userId)),
        orders: await db.$count(orders, eq(orders.userId, customer.userId)),
        mails: await db.$count(outboxMessages, eq(outboxMessages.to, customer.email)),
      });
      const before = await rowsOf();
      // Nothing reserved: more than is available.
      const tooMany = await postOrder(app, customer, orderBody(customer, tool, { quantity: 600 }));
      await expectError(tooMany, 400, QUANTITY_MESSAGE);
      // Reserved and written, then refused: the client's price is not the unit price.
      const stale = await postOrder(
        app,
        customer,
        orderBody(customer, tool, { quantity: 25, price: 9.99 }),
      );
      expect(stale.statusCode, stale.body).toBe(409);
      expect(await rowsOf()).toEqual(before);
      expect(await availableOf(app, tool.id)).toBe(500);
      // And the next order goes through as usual.
      const placed = await postOrder(app, customer, orderBody(customer, tool, { quantity: 25 }));
      expect(placed.statusCode, placed.body).toBe(200);
      expect(await rowsOf()).toMatchObject({
        checkouts: before.checkouts + 1,
        orders: before.orders + 1,
      });
    });

    it('takes the price from the catalog when the client sends none', async ({ app, customer }) => {
      const tool = await createTestTool(app, { priceCents: 1250 });
      const order = await placeTestOrder(app, customer, tool, {
        phone: '+44 114 496 0000',
        quantity: 11,
      });
      expect(order.price).toBe(12.5);
    });

    it('keeps the phone number, and an empty one when left out', async ({ app, customer }) => {
      const { response } = await postOrderOfNewTool(app, customer, { phone: undefined });
      expect(response.statusCode).toBe(200);
      expect(PlaceOrderResponseSchema.parse(response.json()).order.phone).toBe('');
    });

    it('finds the tool by its exact name, in any case, when no toolId is sent (the spec client)', async ({
      app,
      customer,
    }) => {
      const tool = await createTestTool(app, { name: 'Bench Vise 150' });
      const response = await postOrder(app, customer, {
        name: 'bench VISE 150',
        address: '1 Anvil Road',
        quantity: 30,
        email: customer.email,
        price: 19.99,
      });
      expect(response.statusCode).toBe(200);
      expect(PlaceOrderResponseSchema.parse(response.json()).order).toMatchObject({
        toolId: tool.id,
        name: 'Bench Vise 150',
        quantity: 30,
      });
      expect(await availableOf(app, tool.id)).toBe(470);
    });

    it('answers 403 for an e-mail that is not the caller’s, and reserves nothing', async ({
      app,
      customer,
      otherCustomer,
    }) => {
      const { tool, response } = await postOrderOfNewTool(app, customer, {
        email: otherCustomer.email,
      });
      expectError(response, 403, texts.identityErrors.otherUsersEmail);
      expect(await availableOf(app, tool.id)).toBe(500);
    });

    it('accepts the caller’s e-mail in another case', async ({ app, customer }) => {
      const { response } = await postOrderOfNewTool(app, customer, {
        email: customer.email.toUpperCase(),
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 404 for an unknown tool id, an unknown name and an archived tool', async ({
      app,
      customer,
    }) => {
      const unknownId = await postOrder(
        app,
        customer,
        orderBody(customer, { id: '3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10', name: 'Nothing' }),
      );
      expectError(unknownId, 404, 'Tool not found');

      const unknownName = await postOrder(app, customer, {
        name: 'No Such Tool',
        address: '1 Anvil Road',
        quantity: 30,
        email: customer.email,
      });
      expectError(unknownName, 404, 'Tool not found');

      const tool = await createTestTool(app);
      await app.tools.removeTool(tool.id);
      expectError(await postOrder(app, customer, orderBody(customer, tool)), 404, 'Tool not found');
      const byName = await postOrder(
        app,
        customer,
        orderBody(customer, tool, { toolId: undefined }),
      );
      expectError(byName, 404, 'Tool not found');
    });

    it('answers 400 for a malformed tool id', async ({ app, customer }) => {
      const response = await postOrder(
        app,
        customer,
        orderBody(customer, { id: 'not-a-uuid', name: 'x' }),
      );
      expect(response.statusCode).toBe(400);
    });

    it('answers 409 when the client’s price is not the catalog’s, and reserves nothing', async ({
      app,
      customer,
    }) => {
      const tool = await createTestTool(app, { priceCents: 2450 });
      const response = await postOrder(app, customer, orderBody(customer, tool, { price: 19.99 }));
      expectError(
        response,
        409,
        'The price of this tool has changed to $24.50. Please review your order.',
      );
      expect(await availableOf(app, tool.id)).toBe(500);
    });

    it.for([
      ['at the minimum', 10],
      ['below the minimum', 3],
      ['zero', 0],
      ['negative', -5],
      ['at the available quantity', 500],
      ['above the available quantity', 501],
      ['far above any stock', 1e12],
    ])(
      'answers 400 with the spec message for a quantity %s (%d)',
      async ([, quantity], { app, customer }) => {
        const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
        const response = await postOrder(app, customer, orderBody(customer, tool, { quantity }));
        expectError(response, 400, QUANTITY_MESSAGE);
        expect(await availableOf(app, tool.id)).toBe(500);
      },
    );

    it('accepts the quantities just inside the range', async ({ app, customer }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
      await placeTestOrder(app, customer, tool, { phone: '+44 114 496 0000', quantity: 11 });
      expect(await availableOf(app, tool.id)).toBe(489);
      await placeTestOrder(app, customer, tool, { phone: '+44 114 496 0000', quantity: 488 });
      expect(await availableOf(app, tool.id)).toBe(1);
      // Nothing can be ordered now: any quantity above the minimum is above what is left.
      const response = await postOrder(app, customer, orderBody(customer, tool, { quantity: 11 }));
      expectError(response, 400, QUANTITY_MESSAGE);
    });

    it('answers 400 for a quantity that is not a whole number', async ({ app, customer }) => {
      const tool = await createTestTool(app);
      const fraction = await postOrder(
        app,
        customer,
        orderBody(customer, tool, { quantity: 20.5 }),
      );
      expectError(fraction, 400, 'quantity must be a whole number');
      const text = await postOrder(app, customer, orderBody(customer, tool, { quantity: 'many' }));
      expectError(text, 400, 'quantity must be a number');
    });

    it.for([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
    ])(
      'answers 400 "address is required" when the address is %s',
      async ([, address], { app, customer }) => {
        const { tool, response } = await postOrderOfNewTool(app, customer, { address });
        expectError(response, 400, 'address is required');
        expect(await availableOf(app, tool.id)).toBe(500);
      },
    );

    it('ignores fields it does not know (a client cannot set status or owner)', async ({
      app,
      customer,
      otherCustomer,
    }) => {
      const { response } = await postOrderOfNewTool(app, customer, {
        status: 'paid',
        paid: true,
        userId: otherCustomer.userId,
      });
      expect(response.statusCode).toBe(200);
      const { order } = PlaceOrderResponseSchema.parse(response.json());
      expect(order).toMatchObject({ status: 'unpaid', paid: false, email: customer.email });
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row?.userId).toBe(customer.userId);
    });
  });

  describe('GET /api/orders?email=', () => {
    it('lists the caller’s own orders, newest first, and nobody else’s', async ({
      app,
      otherCustomer,
    }) => {
      const account = await signUpTestAccount(app);
      const tool = await createTestTool(app);
      const first = await placeTestOrder(app, account, tool, {
        phone: '+44 114 496 0000',
        quantity: 20,
      });
      const second = await placeTestOrder(app, account, tool, {
        phone: '+44 114 496 0000',
        quantity: 30,
      });
      await placeTestOrder(app, otherCustomer, tool, { phone: '+44 114 496 0000', quantity: 40 });

      const response = await listOrders(app, account);
      expect(response.statusCode).toBe(200);
      const listed = OrderListSchema.parse(response.json());
      expect(listed.map((order) => order._id)).toEqual([second._id, first._id]);
      expect(listed[1]).toEqual(first);
    });

    it('answers an empty list to a customer without orders', async ({ app }) => {
      const account = await signUpTestAccount(app);
      const response = await listOrders(app, account);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('answers 403 for anyone else’s e-mail, admins included', async ({
      app,
      customer,
      otherCustomer,
      admin,
    }) => {
      expectError(
        await listOrders(app, customer, otherCustomer.email),
        403,
        texts.identityErrors.otherUsersEmail,
      );
      expectError(
        await listOrders(app, admin, customer.email),
        403,
        texts.identityErrors.otherUsersEmail,
      );
    });

    it('answers 400 without an e-mail', async ({ app, customer }) => {
      const response = await app.inject({ url: '/api/orders', headers: bearer(customer.token) });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('DELETE /api/deleteOrder/:id', () => {
    it('lets the owner remove an unpaid order and returns its stock at once', async ({ app }) => {
      const account = await signUpTestAccount(app);
      const { tool, order } = await orderOfNewTool(app, account);
      expect(await availableOf(app, tool.id)).toBe(460);

      const response = await deleteOrder(app, account, order._id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });
      expect(await availableOf(app, tool.id)).toBe(500);
      expect(OrderListSchema.parse((await listOrders(app, account)).json())).toEqual([]);

      // Removing it again finds nothing and returns nothing.
      expectError(await deleteOrder(app, account, order._id), 404, 'Order not found');
      expect(await availableOf(app, tool.id)).toBe(500);
    });

    it.for(['paid', 'shipped'] as const)(
      'answers 409 to the owner of a %s order and keeps it',
      async (status, { app, customer }) => {
        const { tool, order } = await orderOfNewTool(app, customer);
        await setStatus(app, order._id, status);

        expectError(
          await deleteOrder(app, customer, order._id),
          409,
          'A paid order cannot be removed',
        );
        const listed = OrderListSchema.parse((await listOrders(app, customer)).json());
        expect(listed.find((o) => o._id === order._id)).toMatchObject({
          status,
          paid: true,
          transectionId: `txn_${order._id.slice(0, 8)}`,
        });
        expect(await availableOf(app, tool.id)).toBe(460);
      },
    );

    it('answers 404 for another user’s order, and leaves it and its stock alone', async ({
      app,
      customer,
      otherCustomer,
    }) => {
      const { tool, order } = await orderOfNewTool(app, customer);
      expectError(await deleteOrder(app, otherCustomer, order._id), 404, 'Order not found');
      const listed = OrderListSchema.parse((await listOrders(app, customer)).json());
      expect(listed.some((o) => o._id === order._id)).toBe(true);
      expect(await availableOf(app, tool.id)).toBe(460);
    });

    it.for(['not-a-uuid', '12345', "1' or '1'='1", '3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10'])(
      'answers 404 for the unknown or malformed id %s',
      async (id, { app, customer }) => {
        expectError(await deleteOrder(app, customer, id), 404, 'Order not found');
      },
    );

    it('lets an admin remove any customer’s unpaid order, returning its stock', async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, order } = await orderOfNewTool(app, customer);
      const response = await deleteOrder(app, admin, order._id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });
      expect(await availableOf(app, tool.id)).toBe(500);
    });

    it('refuses an admin the removal of a paid order (409: cancel it instead); its stock stays sold', async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, order } = await orderOfNewTool(app, customer);
      await setStatus(app, order._id, 'paid');
      expectError(
        await deleteOrder(app, admin, order._id),
        409,
        serverTexts.orderErrors.paidOrderCannotBeDeleted,
      );
      expect(await availableOf(app, tool.id)).toBe(460);
      const listed = OrderListSchema.parse((await listOrders(app, customer)).json());
      expect(listed.some((o) => o._id === order._id)).toBe(true);
    });

    it('returns the stock of an order whose tool was archived meanwhile', async ({
      app,
      customer,
    }) => {
      const { tool, order } = await orderOfNewTool(app, customer);
      await app.tools.removeTool(tool.id);
      expect((await deleteOrder(app, customer, order._id)).json()).toEqual({ deletedCount: 1 });
      const [row] = await app.database.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(row?.availableQuantity).toBe(500);
    });
  });
});

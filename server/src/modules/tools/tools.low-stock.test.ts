import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import {
  defaultLowStockThreshold,
  PlaceOrderResponseSchema,
  routes,
  serverTexts,
  texts,
  ToolStockListSchema,
  ToolStockSchema,
  type Order,
  type ToolStock,
} from '@tools-factory/contract';
import { signUpTestAccount, uniqueEmail, type TestAccount } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import { acceptQuote, offerQuote, requestQuote } from '../../testing/quotes.ts';
import { expectError, injectAs, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectAdminsOnly } from '../../testing/admins-only.ts';

const words = serverTexts.mail.lowStock;
const { fieldErrors } = texts;

// An admin address that never signed up hears of low stock too: ADMIN_EMAILS is the list.
const otherAdminEmail = uniqueEmail('stock-keeper');
const it = appTest({ config: { ...UNCAPPED_ORDERS, adminEmails: [otherAdminEmail] } })
  .extend('admins', { scope: 'file' }, ({ adminEmail }) => [adminEmail, otherAdminEmail])
  /** The tool's row of GET /api/manageTools/stock, as the admin reads it. */
  .extend('stockOf', ({ app, admin }) => async (toolId: string): Promise<ToolStock | undefined> => {
    const response = await injectAs(app, admin, { url: '/api/manageTools/stock' });
    expect(response.statusCode, response.body).toBe(200);
    return ToolStockListSchema.parse(response.json()).find((stock) => stock.toolId === toolId);
  });

describe('low-stock alerts: PUT /api/tool/:id/lowStockThreshold, GET /api/manageTools/stock, the e-mail', () => {
  /** A new tool on sale: $10.00, minimum 10 (default threshold 30), `available` in stock. */
  const newTool = (app: App, availableQuantity: number) =>
    createTestTool(app, {
      name: `Socket Set ${randomUUID().slice(0, 8)}`,
      priceCents: 1000,
      minOrderQuantity: 10,
      availableQuantity,
    });

  async function order(
    app: App,
    customer: TestAccount,
    tool: { id: string; name: string },
    quantity: number,
    buyer: TestAccount = customer,
  ): Promise<Order> {
    const response = await postOrder(app, buyer, tool, { quantity });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceOrderResponseSchema.parse(response.json()).order;
  }

  async function removeOrder(app: App, customer: TestAccount, placed: Order): Promise<void> {
    const response = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${placed._id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /**
   * The low-stock e-mails about this tool, per recipient, once every e-mail handed over so far
   * has been written: `{ [address]: count }` (addresses without one are left out).
   */
  async function alertsAbout(app: App, tool: { name: string }): Promise<Record<string, number>> {
    await app.outbox.idle();
    const counts: Record<string, number> = {};
    for (const mail of await readOutbox(app)) {
      if (mail.headers.subject !== words.subject(tool.name)) continue;
      const to = mail.headers.to ?? '';
      counts[to] = (counts[to] ?? 0) + 1;
    }
    return counts;
  }

  /** `count` e-mails about the tool to each admin address. */
  const eachAdmin = (admins: string[], count: number) =>
    Object.fromEntries(admins.map((to) => [to, count]));

  function putThreshold(
    app: App,
    account: TestAccount | undefined,
    toolId: string,
    payload: unknown,
  ) {
    return injectAs(app, account, {
      method: 'PUT',
      url: `/api/tool/${encodeURIComponent(toolId)}/lowStockThreshold`,
      payload: payload as object,
    });
  }

  async function setThreshold(
    app: App,
    admin: TestAccount,
    toolId: string,
    lowStockThreshold: number | null,
  ) {
    const response = await putThreshold(app, admin, toolId, { lowStockThreshold });
    expect(response.statusCode, response.body).toBe(200);
    return ToolStockSchema.parse(response.json());
  }

  describe('the crossing and its e-mail (POST /api/order)', () => {
    it('the default threshold is 3 x the minimum: the order that takes the stock below it e-mails each admin once', async ({
      app,
      customer,
      admin,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 40);
      expect(await stockOf(tool.id)).toEqual({
        toolId: tool.id,
        availableQuantity: 40,
        lowStockThreshold: defaultLowStockThreshold(10),
        custom: false,
        low: false,
      });
      expect(defaultLowStockThreshold(10)).toBe(30);

      // 40 -> 29: below 30.
      await order(app, customer, tool, 11);
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 29, low: true });

      const mail = (await readOutbox(app)).find(
        (sent) =>
          sent.headers.subject === words.subject(tool.name) && sent.headers.to === admin.email,
      );
      const manageTools = `${app.config.publicUrl}${routes.dashboardManageTools}`;
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain(tool.name);
        expect(part).toContain(manageTools);
      }
      expect(mail?.text).toContain(`${words.available}: 29\n`);
      expect(mail?.text).toContain(`${words.threshold}: 30\n`);
    });

    it('the orders after it, below the threshold, send none', async ({ app, customer, admins }) => {
      const tool = await newTool(app, 60);
      await order(app, customer, tool, 35); // 60 -> 25: crosses
      await order(app, customer, tool, 11); // 25 -> 14
      await order(app, customer, tool, 11); // 14 -> 3
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });

    it('an order that leaves the stock at the threshold, or above it, sends none', async ({
      app,
      customer,
      admins,
    }) => {
      const tool = await newTool(app, 52);
      await order(app, customer, tool, 11); // 52 -> 41
      await order(app, customer, tool, 11); // 41 -> 30: at the threshold, not below
      expect(await alertsAbout(app, tool)).toEqual({});
      await order(app, customer, tool, 11); // 30 -> 19: from exactly the threshold to below it
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });

    it('a removed unpaid order that brings the stock back at or above the threshold re-arms it', async ({
      app,
      customer,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 40);
      const first = await order(app, customer, tool, 11); // 40 -> 29: crosses
      const second = await order(app, customer, tool, 11); // 29 -> 18
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));

      await removeOrder(app, customer, second); // back to 29: still below
      await order(app, customer, tool, 11); // 29 -> 18: no crossing
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));

      await removeOrder(app, customer, first); // 18 + 11 = 29: below
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 29, low: true });
      // Stock comes back above the threshold (the expiry sweep gives it back the same way).
      const swept = await app.orders.sweepExpiredOrders(new Date(Date.now() + 365 * 86_400_000));
      expect(swept.returnedUnits).toBeGreaterThanOrEqual(11);
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 40, low: false });

      await order(app, customer, tool, 11); // 40 -> 29: crosses again
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 2));
    });

    it('concurrent orders that cross together send exactly one e-mail to each admin', async ({
      app,
      customer,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 100);
      // Five customers: one account's orders queue on its placement lock; these meet only at
      // the tool's row lock.
      const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => signUpTestAccount(app)));
      // 100 -> 20 in any order of these five: exactly one of them takes it from >= 30 to < 30.
      const placed = await Promise.all(
        buyers.map((buyer) => order(app, customer, tool, 16, buyer)),
      );
      expect(placed).toHaveLength(5);
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 20, low: true });
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });

    it('an order refused after its reservation (409: the price changed) is rolled back and sends none', async ({
      app,
      customer,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 40);
      const response = await postOrder(app, customer, tool, { quantity: 11, price: 9.5 });
      expectError(response, 409, serverTexts.orderErrors.priceChanged(10));
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 40, low: false });
      expect(await alertsAbout(app, tool)).toEqual({});
      // The crossing is still there for the next order that makes it.
      await order(app, customer, tool, 11);
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });
  });

  describe('quote acceptance', () => {
    /** 280 of the tool quoted to the customer, offered at $8 by the admin, accepted: the order. */
    async function quoteAndAccept(
      app: App,
      customer: TestAccount,
      admin: TestAccount,
      tool: { id: string },
    ): Promise<Order> {
      const quote = await requestQuote(app, customer, tool.id, { quantity: 280 });
      await offerQuote(app, admin, quote._id, { price: 8, validUntil: '2099-12-31' });
      return (await acceptQuote(app, customer, quote._id, 8)).order;
    }

    it('the accepted quote whose reservation takes the stock below the threshold sends one', async ({
      app,
      customer,
      admin,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 300);
      const placed = await quoteAndAccept(app, customer, admin, tool);
      expect(placed.madeToOrder).toBe(false);
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 20, low: true });
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });

    it('a made-to-order acceptance (the stock was short) takes nothing and sends none', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await newTool(app, 100);
      const placed = await quoteAndAccept(app, customer, admin, tool);
      expect(placed.madeToOrder).toBe(true);
      expect(await alertsAbout(app, tool)).toEqual({});
    });
  });

  describe('PUT /api/tool/:id/lowStockThreshold', () => {
    it('sets a threshold of its own: 200 with the stock; the next crossing of it alerts', async ({
      app,
      customer,
      admin,
      admins,
      stockOf,
    }) => {
      const tool = await newTool(app, 200);
      expect(await setThreshold(app, admin, tool.id, 150)).toEqual({
        toolId: tool.id,
        availableQuantity: 200,
        lowStockThreshold: 150,
        custom: true,
        low: false,
      });
      expect(await stockOf(tool.id)).toMatchObject({ lowStockThreshold: 150, custom: true });
      await order(app, customer, tool, 40); // 200 -> 160
      expect(await alertsAbout(app, tool)).toEqual({});
      await order(app, customer, tool, 40); // 160 -> 120: below 150 (far above the default 30)
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
      const mail = (await readOutbox(app)).find(
        (sent) =>
          sent.headers.subject === words.subject(tool.name) && sent.headers.to === admin.email,
      );
      expect(mail?.text).toContain(`${words.threshold}: 150\n`);
    });

    it('null restores the default (3 x the minimum)', async ({ app, customer, admin, admins }) => {
      const tool = await newTool(app, 200);
      await setThreshold(app, admin, tool.id, 150);
      expect(await setThreshold(app, admin, tool.id, null)).toEqual({
        toolId: tool.id,
        availableQuantity: 200,
        lowStockThreshold: 30,
        custom: false,
        low: false,
      });
      await order(app, customer, tool, 80); // 200 -> 120: below the 150 it had, not below 30
      expect(await alertsAbout(app, tool)).toEqual({});
      await order(app, customer, tool, 100); // 120 -> 20
      expect(await alertsAbout(app, tool)).toEqual(eachAdmin(admins, 1));
    });

    it('0 turns the alert off: no order ever crosses it', async ({
      app,
      customer,
      admin,
      stockOf,
    }) => {
      const tool = await newTool(app, 40);
      expect(await setThreshold(app, admin, tool.id, 0)).toMatchObject({
        lowStockThreshold: 0,
        low: false,
      });
      await order(app, customer, tool, 11); // 40 -> 29
      await order(app, customer, tool, 11); // 29 -> 18
      await order(app, customer, tool, 11); // 18 -> 7
      expect(await stockOf(tool.id)).toMatchObject({ availableQuantity: 7, low: false });
      expect(await alertsAbout(app, tool)).toEqual({});
    });

    it('a threshold set above what is available shows it low now, and sends nothing until a crossing', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await newTool(app, 100);
      expect(await setThreshold(app, admin, tool.id, 500)).toMatchObject({
        low: true,
        custom: true,
      });
      await order(app, customer, tool, 11);
      expect(await alertsAbout(app, tool)).toEqual({});
    });

    const field = 'low-stock threshold';
    it.for([
      ['a negative number', { lowStockThreshold: -1 }, fieldErrors.tooSmall(field, 0)],
      ['a fraction', { lowStockThreshold: 2.5 }, fieldErrors.notWhole(field)],
      ['a word', { lowStockThreshold: 'lots' }, fieldErrors.notANumber(field)],
      ['nothing', {}, fieldErrors.required(field)],
      ['a boolean', { lowStockThreshold: true }, fieldErrors.notANumber(field)],
    ] as const)(
      'answers 400 in words to %s, and the threshold stays',
      async ([_case, payload, message], { app, admin, stockOf }) => {
        const tool = await newTool(app, 100);
        await setThreshold(app, admin, tool.id, 45);
        expectError(await putThreshold(app, admin, tool.id, payload), 400, message);
        expect(await stockOf(tool.id)).toMatchObject({ lowStockThreshold: 45, custom: true });
      },
    );

    it('answers 404 for an unknown, a removed and a malformed id', async ({
      app,
      admin,
      stockOf,
    }) => {
      const removed = await newTool(app, 100);
      const removal = await injectAs(app, admin, {
        method: 'DELETE',
        url: `/api/deleteTols/${removed.id}`,
      });
      expect(removal.json()).toEqual({ deletedCount: 1 });
      for (const id of [randomUUID(), removed.id, 'not-an-id']) {
        expectError(
          await putThreshold(app, admin, id, { lowStockThreshold: 5 }),
          404,
          serverTexts.apiErrors.toolNotFound,
        );
      }
      expect(await stockOf(removed.id)).toBeUndefined();
    });

    it('answers 401 without a token and 403 to a customer, and the threshold stays', async ({
      app,
      customer,
      stockOf,
    }) => {
      const tool = await newTool(app, 100);
      const change = { lowStockThreshold: 5 };
      await expectAdminsOnly(customer, (sender) => putThreshold(app, sender, tool.id, change));
      expect(await stockOf(tool.id)).toMatchObject({ lowStockThreshold: 30, custom: false });
    });
  });

  describe('GET /api/manageTools/stock', () => {
    it('lists every tool on sale, with its threshold and whether it is low now', async ({
      app,
      admin,
    }) => {
      const low = await newTool(app, 25);
      const fine = await newTool(app, 500);
      const response = await injectAs(app, admin, { url: '/api/manageTools/stock' });
      expect(response.statusCode).toBe(200);
      const stock = ToolStockListSchema.parse(response.json());
      expect(stock.find((entry) => entry.toolId === low.id)).toMatchObject({
        availableQuantity: 25,
        lowStockThreshold: 30,
        low: true,
      });
      expect(stock.find((entry) => entry.toolId === fine.id)).toMatchObject({ low: false });
      const catalog = (await app.inject('/api/parts')).json<{ _id: string }[]>();
      expect(stock.map((entry) => entry.toolId)).toEqual(catalog.map((tool) => tool._id));
    });

    it('answers 401 without a token and 403 to a customer', async ({ app, customer }) => {
      await expectAdminsOnly(customer, (sender) =>
        injectAs(app, sender, { url: '/api/manageTools/stock' }),
      );
    });
  });
});

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
import { acceptQuote, offeredQuote } from '../../testing/quotes.ts';
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
  /**
   * A new tool on sale ($10.00, minimum 10, `available` in stock, and a threshold of its own when
   * given, else the default, 30), with the calls the tests make about it.
   */
  .extend(
    'newTool',
    ({ app, admin, customer, admins }) =>
      async (
        availableQuantity: number,
        lowStockThreshold: number | null = null,
      ): Promise<ToolUnderTest> => {
        const tool = await createTestTool(app, {
          name: `Socket Set ${randomUUID().slice(0, 8)}`,
          priceCents: 1000,
          minOrderQuantity: 10,
          availableQuantity,
          lowStockThreshold,
        });
        return {
          ...tool,
          async stock() {
            const response = await injectAs(app, admin, { url: '/api/manageTools/stock' });
            expect(response.statusCode, response.body).toBe(200);
            const list = ToolStockListSchema.parse(response.json());
            return list.find((stock) => stock.toolId === tool.id);
          },
          async order(quantity, buyer = customer) {
            const response = await postOrder(app, buyer, tool, { quantity });
            expect(response.statusCode, response.body).toBe(200);
            return PlaceOrderResponseSchema.parse(response.json()).order;
          },
          async expectAlerts(perAdmin) {
            await app.outbox.idle();
            const counts: Record<string, number> = {};
            for (const mail of await readOutbox(app)) {
              if (mail.headers.subject !== words.subject(tool.name)) continue;
              const to = mail.headers.to ?? '';
              counts[to] = (counts[to] ?? 0) + 1;
            }
            expect(counts).toEqual(
              perAdmin === 0 ? {} : Object.fromEntries(admins.map((to) => [to, perAdmin])),
            );
          },
          async setThreshold(threshold) {
            const response = await putThreshold(app, admin, tool.id, {
              lowStockThreshold: threshold,
            });
            expect(response.statusCode, response.body).toBe(200);
            return ToolStockSchema.parse(response.json());
          },
        };
      },
  )
  /** The customer removes their unpaid order: 200 expected. */
  .extend('removeOrder', ({ app, customer }) => async (placed: Order): Promise<void> => {
    const response = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${placed._id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

/** A tool of the file's tests and what they do with it. */
type ToolUnderTest = Awaited<ReturnType<typeof createTestTool>> & {
  /** Its row of GET /api/manageTools/stock, as the admin reads it. */
  stock(): Promise<ToolStock | undefined>;
  /** An order of it by the customer (or `buyer`): 200 expected. */
  order(quantity: number, buyer?: TestAccount): Promise<Order>;
  /**
   * Expects `perAdmin` low-stock e-mails about it to each admin address (none to anyone for 0),
   * once every e-mail handed over so far has been written.
   */
  expectAlerts(perAdmin: number): Promise<void>;
  /** The admin sets its threshold (null: the default again): 200 expected, the stock. */
  setThreshold(lowStockThreshold: number | null): Promise<ToolStock>;
};

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

describe('low-stock alerts: PUT /api/tool/:id/lowStockThreshold, GET /api/manageTools/stock, the e-mail', () => {
  describe('the crossing and its e-mail (POST /api/order)', () => {
    it('the default threshold is 3 x the minimum: the order that takes the stock below it e-mails each admin once', async ({
      app,
      admin,
      newTool,
    }) => {
      const tool = await newTool(40);
      expect(await tool.stock()).toEqual({
        toolId: tool.id,
        availableQuantity: 40,
        lowStockThreshold: defaultLowStockThreshold(10),
        custom: false,
        low: false,
      });
      expect(defaultLowStockThreshold(10)).toBe(30);

      // 40 -> 29: below 30.
      await tool.order(11);
      await tool.expectAlerts(1);
      expect(await tool.stock()).toMatchObject({ availableQuantity: 29, low: true });

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

    it('the orders after it, below the threshold, send none', async ({ newTool }) => {
      const tool = await newTool(60);
      await tool.order(35); // 60 -> 25: crosses
      await tool.order(11); // 25 -> 14
      await tool.order(11); // 14 -> 3
      await tool.expectAlerts(1);
    });

    it('an order that leaves the stock at the threshold, or above it, sends none', async ({
      newTool,
    }) => {
      const tool = await newTool(52);
      await tool.order(11); // 52 -> 41
      await tool.order(11); // 41 -> 30: at the threshold, not below
      await tool.expectAlerts(0);
      await tool.order(11); // 30 -> 19: from exactly the threshold to below it
      await tool.expectAlerts(1);
    });

    it('a removed unpaid order that brings the stock back at or above the threshold re-arms it', async ({
      app,
      newTool,
      removeOrder,
    }) => {
      const tool = await newTool(40);
      const first = await tool.order(11); // 40 -> 29: crosses
      const second = await tool.order(11); // 29 -> 18
      await tool.expectAlerts(1);

      await removeOrder(second); // back to 29: still below
      await tool.order(11); // 29 -> 18: no crossing
      await tool.expectAlerts(1);

      await removeOrder(first); // 18 + 11 = 29: below
      expect(await tool.stock()).toMatchObject({ availableQuantity: 29, low: true });
      // Stock comes back above the threshold (the expiry sweep gives it back the same way).
      const swept = await app.orders.sweepExpiredOrders(new Date(Date.now() + 365 * 86_400_000));
      expect(swept.returnedUnits).toBeGreaterThanOrEqual(11);
      expect(await tool.stock()).toMatchObject({ availableQuantity: 40, low: false });

      await tool.order(11); // 40 -> 29: crosses again
      await tool.expectAlerts(2);
    });

    it('concurrent orders that cross together send exactly one e-mail to each admin', async ({
      app,
      newTool,
    }) => {
      const tool = await newTool(100);
      // Five customers: one account's orders queue on its placement lock; these meet only at
      // the tool's row lock.
      const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => signUpTestAccount(app)));
      // 100 -> 20 in any order of these five: exactly one of them takes it from >= 30 to < 30.
      const placed = await Promise.all(buyers.map((buyer) => tool.order(16, buyer)));
      expect(placed).toHaveLength(5);
      expect(await tool.stock()).toMatchObject({ availableQuantity: 20, low: true });
      await tool.expectAlerts(1);
    });

    it('an order refused after its reservation (409: the price changed) is rolled back and sends none', async ({
      app,
      customer,
      newTool,
    }) => {
      const tool = await newTool(40);
      const response = await postOrder(app, customer, tool, { quantity: 11, price: 9.5 });
      expectError(response, 409, serverTexts.orderErrors.priceChanged(10));
      expect(await tool.stock()).toMatchObject({ availableQuantity: 40, low: false });
      await tool.expectAlerts(0);
      // The crossing is still there for the next order that makes it.
      await tool.order(11);
      await tool.expectAlerts(1);
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
      const quote = await offeredQuote(app, { customer, admin }, tool.id, {
        quantity: 280,
        price: 8,
      });
      return (await acceptQuote(app, customer, quote._id, 8)).order;
    }

    it('the accepted quote whose reservation takes the stock below the threshold sends one', async ({
      app,
      customer,
      admin,
      newTool,
    }) => {
      const tool = await newTool(300);
      const placed = await quoteAndAccept(app, customer, admin, tool);
      expect(placed.madeToOrder).toBe(false);
      expect(await tool.stock()).toMatchObject({ availableQuantity: 20, low: true });
      await tool.expectAlerts(1);
    });

    it('a made-to-order acceptance (the stock was short) takes nothing and sends none', async ({
      app,
      customer,
      admin,
      newTool,
    }) => {
      const tool = await newTool(100);
      const placed = await quoteAndAccept(app, customer, admin, tool);
      expect(placed.madeToOrder).toBe(true);
      await tool.expectAlerts(0);
    });
  });

  describe('PUT /api/tool/:id/lowStockThreshold', () => {
    it('sets a threshold of its own: 200 with the stock; the next crossing of it alerts', async ({
      app,
      admin,
      newTool,
    }) => {
      const tool = await newTool(200);
      expect(await tool.setThreshold(150)).toEqual({
        toolId: tool.id,
        availableQuantity: 200,
        lowStockThreshold: 150,
        custom: true,
        low: false,
      });
      expect(await tool.stock()).toMatchObject({ lowStockThreshold: 150, custom: true });
      await tool.order(40); // 200 -> 160
      await tool.expectAlerts(0);
      await tool.order(40); // 160 -> 120: below 150 (far above the default 30)
      await tool.expectAlerts(1);
      const mail = (await readOutbox(app)).find(
        (sent) =>
          sent.headers.subject === words.subject(tool.name) && sent.headers.to === admin.email,
      );
      expect(mail?.text).toContain(`${words.threshold}: 150\n`);
    });

    it('null restores the default (3 x the minimum)', async ({ newTool }) => {
      const tool = await newTool(200, 150);
      expect(await tool.setThreshold(null)).toEqual({
        toolId: tool.id,
        availableQuantity: 200,
        lowStockThreshold: 30,
        custom: false,
        low: false,
      });
      await tool.order(80); // 200 -> 120: below the 150 it had, not below 30
      await tool.expectAlerts(0);
      await tool.order(100); // 120 -> 20
      await tool.expectAlerts(1);
    });

    it('0 turns the alert off: no order ever crosses it', async ({ newTool }) => {
      const tool = await newTool(40);
      expect(await tool.setThreshold(0)).toMatchObject({
        lowStockThreshold: 0,
        low: false,
      });
      await tool.order(11); // 40 -> 29
      await tool.order(11); // 29 -> 18
      await tool.order(11); // 18 -> 7
      expect(await tool.stock()).toMatchObject({ availableQuantity: 7, low: false });
      await tool.expectAlerts(0);
    });

    it('a threshold set above what is available shows it low now, and sends nothing until a crossing', async ({
      newTool,
    }) => {
      const tool = await newTool(100);
      expect(await tool.setThreshold(500)).toMatchObject({
        low: true,
        custom: true,
      });
      await tool.order(11);
      await tool.expectAlerts(0);
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
      async ([_case, payload, message], { app, admin, newTool }) => {
        const tool = await newTool(100);
        await tool.setThreshold(45);
        expectError(await putThreshold(app, admin, tool.id, payload), 400, message);
        expect(await tool.stock()).toMatchObject({ lowStockThreshold: 45, custom: true });
      },
    );

    it('answers 404 for an unknown, a removed and a malformed id', async ({
      app,
      admin,
      newTool,
    }) => {
      const removed = await newTool(100);
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
      expect(await removed.stock()).toBeUndefined();
    });

    it('answers 401 without a token and 403 to a customer, and the threshold stays', async ({
      app,
      customer,
      newTool,
    }) => {
      const tool = await newTool(100);
      const change = { lowStockThreshold: 5 };
      await expectAdminsOnly(customer, (sender) => putThreshold(app, sender, tool.id, change));
      expect(await tool.stock()).toMatchObject({ lowStockThreshold: 30, custom: false });
    });
  });

  describe('GET /api/manageTools/stock', () => {
    it('lists every tool on sale, with its threshold and whether it is low now', async ({
      app,
      admin,
      newTool,
    }) => {
      const low = await newTool(25);
      const fine = await newTool(500);
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

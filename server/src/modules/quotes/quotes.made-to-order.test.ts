import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { ManagedOrderSchema, serverTexts, texts } from '@tools-factory/contract';
import { signUpTestAccount } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { payOrder } from '../../testing/payments.ts';
import {
  acceptQuote,
  offeredQuote,
  offeredQuoteOfNewTool,
  postAccept,
  postQuoteRequest,
} from '../../testing/quotes.ts';
import { expectError, injectAs, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { orders } from '../orders/orders.table.ts';
import { tools } from '../tools/tools.table.ts';
import { quotes } from './quotes.table.ts';
import { availableOf } from '../../testing/orders.ts';
import { removeTool } from '../../testing/catalog-calls.ts';

const HOUR_MS = 60 * 60 * 1000;
const HOLD_HOURS = 48;

const itMadeToOrder = appTest({
  config: { ...UNCAPPED_ORDERS, orderHoldHours: HOLD_HOURS },
})
  /** A quote of `quantity` for `toolId`, offered at $9 and accepted: its order. */
  .extend(
    'acceptedOrder',
    ({ app, customer, admin }) =>
      async (toolId: string, quantity: number) => {
        const quote = await offeredQuote(app, { customer, admin }, toolId, { quantity, price: 9 });
        return (await acceptQuote(app, customer, quote._id, 9)).order;
      },
  );

describe('an accepted quote whose quantity is not in stock: made to order', () => {
  itMadeToOrder(
    'reserves the stock when exactly the quantity is available; one short, takes none',
    async ({ app, customer, adminEmail, acceptedOrder }) => {
      const exact = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 250 });
      const reserved = await acceptedOrder(exact.id, 250);
      expect(reserved.madeToOrder).toBe(false);
      expect(await availableOf(app, exact.id)).toBe(0);

      const short = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 249 });
      const made = await acceptedOrder(short.id, 250);
      expect(made).toMatchObject({ madeToOrder: true, quantity: 250, price: 9, status: 'unpaid' });
      expect(await availableOf(app, short.id)).toBe(249);

      const customerMail = await latestOutboxMail(app, customer.email, made.reference);
      expect(customerMail.text).toContain(serverTexts.mail.quoteAccepted.madeToOrder);
      const adminMail = await latestOutboxMail(app, adminEmail, made.reference);
      expect(adminMail.text).toContain(serverTexts.mail.quoteAcceptedForAdmins.madeToOrder);
    },
  );

  itMadeToOrder(
    'takes no stock from a tool withdrawn from the catalog between offer and acceptance',
    async ({ app, customer, admin }) => {
      const { tool, quote } = await offeredQuoteOfNewTool(
        app,
        { customer, admin },
        { quantity: 100, price: 9 },
      );
      await removeTool(app, admin, tool.id);

      const { order } = await acceptQuote(app, customer, quote._id, 9);
      expect(order).toMatchObject({ madeToOrder: true, quantity: 100, price: 9, status: 'unpaid' });
      const [stored] = await app.database.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(stored).toMatchObject({ availableQuantity: 1000 });
      expect(stored?.archivedAt).not.toBeNull();
    },
  );

  itMadeToOrder(
    'gives no stock back when a made-to-order order is removed, by its customer or an admin',
    async ({ app, customer, admin, acceptedOrder }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 100 });
      for (const remover of [customer, admin]) {
        const order = await acceptedOrder(tool.id, 500);
        expect(order.madeToOrder).toBe(true);
        const removed = await injectAs(app, remover, {
          method: 'DELETE',
          url: `/api/deleteOrder/${order._id}`,
        });
        expect(removed.statusCode, removed.body).toBe(200);
        expect(await availableOf(app, tool.id)).toBe(100);
      }
      // An order that reserved its stock still gives it back.
      const reserved = await acceptedOrder(tool.id, 60);
      expect(await availableOf(app, tool.id)).toBe(40);
      await injectAs(app, customer, { method: 'DELETE', url: `/api/deleteOrder/${reserved._id}` });
      expect(await availableOf(app, tool.id)).toBe(100);
    },
  );

  itMadeToOrder(
    'gives no stock back when a made-to-order order expires',
    async ({ app, acceptedOrder }) => {
      // The orders of the other tests here were placed just now: only these two are old enough.
      const now = new Date();
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 100 });
      const made = await acceptedOrder(tool.id, 300);
      const reserved = await acceptedOrder(tool.id, 30);
      expect(await availableOf(app, tool.id)).toBe(70);
      const longAgo = new Date(now.getTime() - (HOLD_HOURS + 1) * HOUR_MS);
      for (const order of [made, reserved]) {
        await app.database.db
          .update(orders)
          .set({ createdAt: longAgo })
          .where(eq(orders.id, order._id));
      }
      const swept = await app.orders.sweepExpiredOrders(now);
      expect(swept).toEqual({ expiredOrders: 2, returnedUnits: 30 });
      expect(await availableOf(app, tool.id)).toBe(100);
      // Kept, expired (issue 44: no order is deleted).
      const left = await app.database.db.select().from(orders).where(eq(orders.toolId, tool.id));
      expect(left.map((row) => row.status)).toEqual(['expired', 'expired']);
    },
  );

  itMadeToOrder(
    'is paid and shipped as any order',
    async ({ app, customer, admin, acceptedOrder }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 5 });
      const order = await acceptedOrder(tool.id, 1000);
      const paid = await payOrder(app, customer, order);
      expect(paid).toMatchObject({ status: 'paid', madeToOrder: true });
      const shipped = await injectAs(app, admin, {
        method: 'PATCH',
        url: `/api/manageOrders/${order._id}/ship`,
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(ManagedOrderSchema.parse(shipped.json())).toMatchObject({
        status: 'shipped',
        madeToOrder: true,
        quoteId: order.quoteId,
      });
      expect(await availableOf(app, tool.id)).toBe(5);
    },
  );
});

const itCapped = appTest({ config: { maxUnpaidOrders: 2, orderRateLimit: 3 } });

describe("an acceptance counts against the account's caps, as POST /order does", () => {
  itCapped(
    'refuses to accept past MAX_UNPAID_ORDERS, and leaves the quote and the stock as they were',
    async ({ app, admin }) => {
      const customer = await signUpTestAccount(app);
      const { tool, quote } = await offeredQuoteOfNewTool(
        app,
        { customer, admin },
        { quantity: 100, price: 9 },
      );
      for (let index = 0; index < 2; index += 1) {
        const placed = await postOrder(app, customer, tool, { quantity: 20 });
        expect(placed.statusCode, placed.body).toBe(200);
      }
      expect(await availableOf(app, tool.id)).toBe(960);

      expectError(
        await postAccept(app, customer, quote._id, 9),
        409,
        texts.orders.tooManyUnpaidOrders(2),
      );
      const [stored] = await app.database.db.select().from(quotes).where(eq(quotes.id, quote._id));
      expect(stored?.status).toBe('offered');
      expect(await availableOf(app, tool.id)).toBe(960);
      const ofQuote = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.quoteId, quote._id));
      expect(ofQuote).toEqual([]);
    },
  );

  itCapped('limits quote requests per account a minute (ORDER_RATE_LIMIT)', async ({ app }) => {
    const customer = await signUpTestAccount(app);
    const other = await signUpTestAccount(app);
    const tool = await createTestTool(app);
    for (let index = 0; index < 3; index += 1) {
      expect((await postQuoteRequest(app, customer, tool.id)).statusCode).toBe(200);
    }
    expectError(
      await postQuoteRequest(app, customer, tool.id),
      429,
      texts.quotes.tooManyRequestsAtOnce,
    );
    // Counted per account: another customer is not held back.
    expect((await postQuoteRequest(app, other, tool.id)).statusCode).toBe(200);
  });
});

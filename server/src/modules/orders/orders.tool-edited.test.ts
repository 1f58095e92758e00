import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest, instanceOnDatabase } from '../../testing/app-fixtures.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { listOwnOrders, storedAvailableOf } from '../../testing/orders.ts';
import { expectError, postOrder } from '../../testing/requests.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import { tools } from '../tools/tools.table.ts';

/**
 * POST /order's reservation is its read of the tool (order-pipeline.ts): the order copies what the
 * UPDATE ... RETURNING found under the row lock, so an admin's edit that lands while the order
 * waits for the row is what it is placed at. Here one does: a second connection holds the tool's
 * row (FOR NO KEY UPDATE, as an edit of the row does), the order (page shown at 7.50) waits on
 * its reservation; the edit sets 9.00 and commits; the reservation then prices the quantity at
 * 9.00. The order must not be placed at the price the client saw.
 *
 * PostgreSQL only: on PGlite each transaction runs alone, so nothing lands between two statements.
 */
// The app on the file's `database`, whose URL the second connection opens.
const it = appTest({
  tool: { priceCents: 750, minOrderQuantity: 10, availableQuantity: 500 },
}).extend('app', { scope: 'file' }, instanceOnDatabase());

const START_STOCK = 500;

/** Until a backend of this database waits on a lock (the order's reservation, on the held row). */
async function untilAnOrderWaits(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no order came to wait on the tool row');
}

/**
 * Sends the order while a second connection holds the tool's row, waits until the order waits on
 * it, then commits the price edit: the order's answer.
 */
async function orderDuringPriceEdit(
  app: App,
  databaseUrl: string,
  customer: TestAccount,
  tool: { id: string; name: string },
  order: Record<string, unknown>,
) {
  const editor = new pg.Client({ connectionString: databaseUrl });
  await editor.connect();
  try {
    await editor.query('begin');
    await editor.query('select id from tools where id = $1 for no key update', [tool.id]);
    const answer = postOrder(app, customer, tool, order);
    await untilAnOrderWaits(editor);
    await editor.query('update tools set price_cents = 900, name = $2 where id = $1', [
      tool.id,
      `${tool.name} (edited)`,
    ]);
    await editor.query('commit');
    return await answer;
  } finally {
    await editor.query('rollback').catch(() => {});
    await editor.end();
  }
}

async function mailsTo(app: App, email: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email));
  return rows.length;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an order whose tool is edited between its read and its reservation (PostgreSQL)',
  () => {
    it('answers 409 at the new price to a client that sent the old one, and keeps nothing', async ({
      app,
      customer,
      tool,
      database,
    }) => {
      const answer = await orderDuringPriceEdit(app, database.url!, customer, tool, {
        quantity: 20,
        price: 7.5,
      });
      expectError(answer, 409, serverTexts.orderErrors.priceChanged(9));
      expect(await listOwnOrders(app, customer)).toEqual([]);
      expect(await storedAvailableOf(app, tool.id)).toBe(START_STOCK);
      // No e-mail either: the refusal rolled the transaction back.
      expect(await mailsTo(app, customer.email)).toBe(0);
    });

    it('places an order that named no price at the price the reservation found, once', async ({
      app,
      otherCustomer,
      tool,
      database,
    }) => {
      // Back to 7.50 and its name (the first test's edit changed both), so that the edit changes
      // them again.
      await app.database.db
        .update(tools)
        .set({ priceCents: 750, name: tool.name })
        .where(eq(tools.id, tool.id));
      const answer = await orderDuringPriceEdit(app, database.url!, otherCustomer, tool, {
        quantity: 20,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const [placed, ...more] = await listOwnOrders(app, otherCustomer);
      expect(more).toEqual([]);
      // The snapshot is the tool as the reservation returned it: its new name too.
      expect(placed).toMatchObject({ quantity: 20, price: 9, name: `${tool.name} (edited)` });
      expect(await storedAvailableOf(app, tool.id)).toBe(START_STOCK - 20);
      // Its e-mail, written from the order as the reservation priced it.
      expect(await mailsTo(app, otherCustomer.email)).toBe(1);
      const mail = await latestOutboxMail(app, otherCustomer.email);
      expect(mail.text).toContain('$9.00');
      expect(mail.text).not.toContain('$7.50');
    });
  },
);

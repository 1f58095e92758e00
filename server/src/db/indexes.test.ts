import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { App } from '../app.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { readersQuery } from '../modules/identity/staff-notifications.ts';
import { revenuePerDayQuery } from '../modules/orders/order-figures.repository.ts';
import { checkoutsPageQuery } from '../modules/orders/orders-admin.repository.ts';
import { ordersPageByCheckoutQuery } from '../modules/orders/orders-csv.repository.ts';

const it = appTest();

/**
 * The plan of `query` with sequential scans priced out: the planner still picks one when no index
 * can serve the statement, so a "Seq Scan on <table>" here means the index it needs is missing
 * (whatever the table's size: a test database is too small for the planner's own choice to say).
 */
async function planOf(app: App, query: SQLWrapper): Promise<string> {
  return app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

/**
 * Statements that run on every order or over a year of them read an index (issue 43): a
 * sequential scan of the orders or the accounts in any of them fails here, not at a million rows.
 */
describe('the statements that must never scan a whole table', () => {
  it("Sales' window of paid lines reads orders by paid_at", async ({ app }) => {
    const plan = await planOf(app, revenuePerDayQuery({ from: '2026-01-01', to: '2026-12-31' }));
    expect(plan).toContain('orders_paid_at_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });

  it("the orders CSV's keyset page reads orders by (created_at, checkout_id, id)", async ({
    app,
  }) => {
    const first = ordersPageByCheckoutQuery(app.database.db, undefined, 500);
    const next = ordersPageByCheckoutQuery(
      app.database.db,
      {
        createdAt: '2026-06-01T00:00:00.000000Z',
        checkoutId: crypto.randomUUID(),
        id: crypto.randomUUID(),
      },
      500,
    );
    for (const plan of [await planOf(app, first), await planOf(app, next)]) {
      expect(plan).toContain('orders_created_at_checkout_id_id_idx');
      // Whether the planner then sorts the few rows it found is its choice at this size.
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  });

  it("Manage Orders' keyset page reads orders by (created_at, checkout_id)", async ({ app }) => {
    const first = checkoutsPageQuery(app.database.db, undefined, { limit: 200, offset: 0 });
    const next = checkoutsPageQuery(app.database.db, undefined, {
      limit: 200,
      offset: 0,
      after: { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() },
    });
    for (const plan of [await planOf(app, first), await planOf(app, next)]) {
      expect(plan).toContain('orders_created_at_checkout_id_id_idx');
      // As the CSV's: whether the planner sorts the few rows it found is its choice at this size.
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  });

  it("every order's e-mail readers are read by index, not by a scan of the accounts", async ({
    app,
  }) => {
    const plan = await planOf(app, readersQuery(app.database.db, ['buyer@example.com']));
    expect(plan).toContain('users_lower_email_idx');
    expect(plan).toContain('users_staff_readers_idx');
    expect(plan).not.toMatch(/Seq Scan on users/);
  });
});

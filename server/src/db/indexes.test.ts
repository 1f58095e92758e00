import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  MANAGE_TOOLS_COUNT_CAP,
  MANAGED_MESSAGES_COUNT_CAP,
  MANAGED_REVIEWS_COUNT_CAP,
  ORDER_STATUSES,
  type OrderStatus,
} from '@tools-factory/contract';
import type { App } from '../app.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { createTestTool } from '../testing/factories.ts';
import { readersQuery } from '../modules/identity/staff-notifications.ts';
import { revenuePerDayQuery, topToolsQuery } from '../modules/orders/order-figures.repository.ts';
import { usersPageQuery } from '../modules/identity/identity.repository.ts';
import {
  checkoutsPageQuery,
  matchesCountQuery,
  ordersOfCompany,
  searchCondition,
} from '../modules/orders/orders-admin.repository.ts';
import { checkoutsPageOfUserQuery } from '../modules/orders/orders-of-checkouts.repository.ts';
import { ordersPageByCheckoutQuery } from '../modules/orders/orders-csv.repository.ts';
import {
  heldAccountsCountQuery,
  heldAccountsPageQuery,
} from '../modules/orders/held-accounts.repository.ts';
import {
  awaitingOrdersOfCompanyQuery,
  spentThisMonthQuery,
} from '../modules/orders/orders.repository.ts';
import {
  countQuoteHeadsQuery,
  managedQuotesPageQuery,
  ownQuotesPageQuery,
} from '../modules/quotes/quote-pages.repository.ts';
import { folderCountQuery, messagesPageQuery } from '../modules/contact/contact.repository.ts';
import { reviewsPageQuery } from '../modules/reviews/reviews.repository.ts';
import { reviews } from '../modules/reviews/reviews.table.ts';
import { manageToolsCountQuery, manageToolsPageQuery } from '../modules/tools/tools.repository.ts';
import { cappedCountQuery } from './capped-count.ts';

const it = appTest();

/**
 * The plan of `query` with sequential (and bitmap) scans priced out: the planner still picks one when no index
 * can serve the statement, so a "Seq Scan on <table>" here means the index it needs is missing
 * (whatever the table's size: a test database is too small for the planner's own choice to say).
 * Without `bitmapScans`, bitmap scans are priced out too: a bitmap scan of a whole index and a
 * sort of what it found are cheap only while the table is a test's, and would hide which index
 * reads a list in its order. (An OR of two indexes needs them.)
 */
async function planOf(
  app: App,
  query: SQLWrapper,
  options: { bitmapScans: boolean } = { bitmapScans: true },
): Promise<string> {
  return app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!options.bitmapScans) await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

const filled = new WeakMap<App, Promise<void>>();

/** 3,000 quotes of one tool and 1,000 requests of two lines, of 100 accounts, analysed: once. */
function fillQuotes(app: App): Promise<void> {
  const once = filled.get(app) ?? insertQuotes(app);
  filled.set(app, once);
  return once;
}

async function insertQuotes(app: App): Promise<void> {
  const tool = await createTestTool(app);
  await app.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email)
      select 'plan-' || n, 'Plan ' || n, 'plan-' || n || '@example.com'
      from generate_series(1, 100) as n`);
    await tx.execute(sql`
      insert into quotes (user_id, email, tool_id, tool_name, tool_image, quantity, needed_by, status, requested_at)
      select 'plan-' || (n % 100 + 1), 'plan@example.com', ${tool.id}, 'Plan', 'plan.png', 10, '2030-01-01',
        case when n % 20 = 0 then 'requested' else 'refused' end, now() - n * interval '1 minute'
      from generate_series(1, 3000) as n`);
    await tx.execute(sql`
      insert into quote_requests (id, user_id, requested_at)
      select md5('plan-request-' || n)::uuid, 'plan-' || (n % 100 + 1), now() - n * interval '1 minute'
      from generate_series(1, 1000) as n`);
    await tx.execute(sql`
      insert into quotes (user_id, email, tool_id, tool_name, tool_image, quantity, needed_by, status, requested_at, request_id, line_number)
      select r.user_id, 'plan@example.com', ${tool.id}, 'Plan', 'plan.png', 10, '2030-01-01',
        'refused', r.requested_at, r.id, line
      from quote_requests r cross join generate_series(1, 2) as line
      where r.user_id like 'plan-%'`);
  });
  await app.database.db.execute(sql`analyze quotes`);
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

  it("Sales' top tools read the window, then each listed tool's latest name, by paid_at", async ({
    app,
  }) => {
    const plan = await planOf(app, topToolsQuery({ from: '2026-01-01', to: '2026-12-31' }, 5));
    expect(plan.match(/orders_paid_at_idx/g)?.length).toBeGreaterThanOrEqual(2);
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

  it("GET /checkouts's stream reads an account's orders by (user_id, created_at, checkout_id)", async ({
    app,
  }) => {
    const of = { userId: crypto.randomUUID() };
    const first = ordersPageByCheckoutQuery(app.database.db, undefined, 500, of);
    const next = ordersPageByCheckoutQuery(
      app.database.db,
      {
        createdAt: '2026-06-01T00:00:00.000000Z',
        checkoutId: crypto.randomUUID(),
        id: crypto.randomUUID(),
      },
      500,
      of,
    );
    for (const plan of [await planOf(app, first), await planOf(app, next)]) {
      expect(plan).toContain('orders_user_id_created_at_checkout_id_idx');
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
    for (const plan of [
      await planOf(app, first, { bitmapScans: false }),
      await planOf(app, next, { bitmapScans: false }),
    ]) {
      expect(plan).toContain('orders_created_at_checkout_id_id_idx');
      // As the CSV's: whether the planner sorts the few rows it found is its choice at this size.
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  });

  it('Manage Orders filtered by a status reads orders by the status shown, newest first', async ({
    app,
  }) => {
    const db = app.database.db;
    const after = { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() };
    // Refunded and cancelled read the refunded amount too (issue 42): one range each all the same.
    for (const status of ['paid', 'refunded', 'cancelled'] as const) {
      const where = searchCondition({ status });
      for (const query of [
        checkoutsPageQuery(db, where, { limit: 200, offset: 0 }),
        checkoutsPageQuery(db, where, { limit: 200, offset: 0, after }),
        matchesCountQuery(db, where, 10_000),
      ]) {
        const plan = await planOf(app, query, { bitmapScans: false });
        expect(plan, status).toContain('orders_shown_status_created_at_checkout_id_idx');
        expect(plan, status).not.toMatch(/Seq Scan on orders/);
      }
      // The count reads the index alone: the columns the status is made of are in it.
      const count = await planOf(app, matchesCountQuery(db, where, 10_000), { bitmapScans: false });
      expect(count, status).toContain(
        'Index Only Scan using orders_shown_status_created_at_checkout_id_idx',
      );
    }
  });

  it('Manage Orders names the status in its SQL, so that no generic plan forgets which it is', async ({
    app,
  }) => {
    // A prepared statement may be planned once for any parameter from its sixth run: the status
    // as a parameter then hides how few orders a rare status has (PGlite, 100,000 orders: a search
    // of the paid ones went from 21-30 ms to 80 ms from its seventh run).
    for (const status of ORDER_STATUSES) {
      const query = checkoutsPageQuery(app.database.db, searchCondition({ status }), {
        limit: 50,
        offset: 0,
      }).toSQL();
      expect(query.params, status).not.toContain(status);
      expect(query.sql, status).toContain(`= '${status}'`);
    }
    expect(() => searchCondition({ status: "paid' or true --" as OrderStatus })).toThrow(
      /not an order status/,
    );
  });

  it("Company Orders' keyset page reads the company's orders by (company_id, created_at, checkout_id)", async ({
    app,
  }) => {
    const db = app.database.db;
    const companyId = crypto.randomUUID();
    for (const scope of [
      ordersOfCompany(companyId),
      ordersOfCompany(companyId, crypto.randomUUID()),
    ]) {
      for (const after of [
        undefined,
        { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() },
      ]) {
        const where = searchCondition({ scope });
        const page = checkoutsPageQuery(db, where, { limit: 20, offset: 0, after });
        for (const plan of [
          await planOf(app, page, { bitmapScans: false }),
          await planOf(app, matchesCountQuery(db, where, 10_000), { bitmapScans: false }),
        ]) {
          expect(plan).toContain('orders_company_id_created_at_checkout_id_idx');
          expect(plan).not.toMatch(/Seq Scan on orders/);
        }
      }
    }
  });

  it("My Orders' keyset page reads the account's orders by (user_id, created_at, checkout_id)", async ({
    app,
  }) => {
    const db = app.database.db;
    const userId = crypto.randomUUID();
    for (const query of [
      checkoutsPageOfUserQuery(db, userId, { limit: 20 }),
      checkoutsPageOfUserQuery(db, userId, {
        limit: 20,
        after: { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() },
      }),
    ]) {
      const plan = await planOf(app, query, { bitmapScans: false });
      expect(plan).toContain('orders_user_id_created_at_checkout_id_idx');
      // Read in the index's order: no sort of the account's whole history.
      expect(plan).not.toMatch(/Sort/);
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  });

  it("ALL USERS' keyset page reads the accounts by (created_at, id)", async ({ app }) => {
    const db = app.database.db;
    for (const query of [
      usersPageQuery(db, undefined, { limit: 100 }),
      usersPageQuery(db, undefined, {
        limit: 100,
        after: { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() },
      }),
    ]) {
      const plan = await planOf(app, query, { bitmapScans: false });
      expect(plan).toContain('users_created_at_id_idx');
      expect(plan).not.toMatch(/Seq Scan on users/);
    }
  });

  it("My Quotes' keyset pages read the account's quotes and requests by (user_id, requested_at)", async ({
    app,
  }) => {
    // On empty tables every index costs alike, and the time index filtered by the account
    // could win by its place in the list: a few thousand quotes of many accounts, analysed,
    // make the account's own index the cheaper, as it is at any real size.
    await fillQuotes(app);
    const db = app.database.db;
    const userId = 'plan-7';
    // An hour back: most of the quotes (two days of them) come after it.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString().replace('Z', '000Z');
    const after = { createdAt: anHourAgo, id: crypto.randomUUID() };
    const indexOf = {
      single: 'quotes_single_user_requested_at_idx',
      request: 'quotes_request_head_user_requested_at_idx',
    };
    for (const kind of ['single', 'request'] as const) {
      for (const query of [
        ownQuotesPageQuery(db, kind, userId, { limit: 20 }),
        ownQuotesPageQuery(db, kind, userId, { limit: 20, after }),
        countQuoteHeadsQuery(db, kind, userId),
      ]) {
        const plan = await planOf(app, query, { bitmapScans: false });
        expect(plan, kind).toContain(indexOf[kind]);
        expect(plan, kind).not.toMatch(/Sort/);
        expect(plan, kind).not.toMatch(/Seq Scan on quotes/);
      }
    }
  });

  it("Quotes' keyset pages read the open quotes by status, the rest by requested_at", async ({
    app,
  }) => {
    await fillQuotes(app);
    const db = app.database.db;
    const after = { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() };
    const indexOf = {
      single: {
        open: 'quotes_single_open_status_requested_at_idx',
        other: 'quotes_single_requested_at_idx',
      },
      request: {
        open: 'quotes_request_head_open_status_requested_at_idx',
        other: 'quotes_request_head_requested_at_idx',
      },
    };
    for (const kind of ['single', 'request'] as const) {
      for (const group of ['requested', 'offered', 'other'] as const) {
        for (const page of [{ limit: 20 }, { limit: 20, after }]) {
          const query = managedQuotesPageQuery(db, kind, group, '2026-06-01', page);
          const plan = await planOf(app, query, { bitmapScans: false });
          const index = indexOf[kind][group === 'other' ? 'other' : 'open'];
          expect(plan, `${kind} ${group}`).toContain(index);
          expect(plan, `${kind} ${group}`).not.toMatch(/Sort/);
          expect(plan, `${kind} ${group}`).not.toMatch(/Seq Scan on quotes/);
        }
      }
      // Any of the list's partial indexes counts it (each holds every one of its rows).
      const count = await planOf(app, countQuoteHeadsQuery(db, kind), { bitmapScans: false });
      expect(count, kind).toMatch(/Index Only Scan using quotes_(single|request_head)_/);
      expect(count, kind).not.toMatch(/Seq Scan on quotes/);
    }
  });

  it("Stock holds' pages read only the unpaid orders, off their partial index", async ({ app }) => {
    const db = app.database.db;
    for (const query of [
      heldAccountsPageQuery(db, { limit: 20 }),
      heldAccountsPageQuery(db, { limit: 20, after: { totalCents: 12_500, userId: 'abc' } }),
      heldAccountsCountQuery(db),
    ]) {
      const plan = await planOf(app, query, { bitmapScans: false });
      expect(plan).toMatch(/orders_held_(user_id|created)_idx/);
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  });

  it("a buyer's spending this month and a company's approvals are read off their indexes", async ({
    app,
  }) => {
    const db = app.database.db;
    const spent = await planOf(app, spentThisMonthQuery(db, ['user-a', 'user-b']), {
      bitmapScans: false,
    });
    expect(spent).toContain('orders_user_id_created_at_checkout_id_idx');
    expect(spent).not.toMatch(/Seq Scan on orders/);
    const waiting = await planOf(
      app,
      awaitingOrdersOfCompanyQuery(db, '00000000-0000-4000-8000-000000000001'),
      { bitmapScans: false },
    );
    expect(waiting).toContain('orders_awaiting_company_id_idx');
    expect(waiting).not.toMatch(/Seq Scan on orders/);
  });

  it("every order's e-mail readers are read by index, not by a scan of the accounts", async ({
    app,
  }) => {
    const plan = await planOf(app, readersQuery(app.database.db, ['buyer@example.com']));
    expect(plan).toContain('users_lower_email_idx');
    expect(plan).toContain('users_staff_readers_idx');
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it("Manage Tools' keyset page reads the tools on sale in the catalog's order", async ({
    app,
  }) => {
    const db = app.database.db;
    const after = {
      createdAt: '2026-06-01T00:00:00.000000Z',
      name: 'Claw Hammer',
      id: crypto.randomUUID(),
    };
    for (const query of [
      manageToolsPageQuery(db, { words: [], limit: 50 }),
      manageToolsPageQuery(db, { words: [], limit: 50, after }),
      manageToolsCountQuery(db, [], MANAGE_TOOLS_COUNT_CAP),
    ]) {
      const plan = await planOf(app, query, { bitmapScans: false });
      expect(plan).toContain('tools_live_created_at_name_id_idx');
      // Read in the index's order: no sort of the whole catalog.
      expect(plan).not.toMatch(/Sort/);
      expect(plan).not.toMatch(/Seq Scan on tools/);
    }
  });

  it("Manage Tools' search reads indexes only, never the whole catalog", async ({ app }) => {
    const db = app.database.db;
    for (const query of [
      manageToolsPageQuery(db, { words: ['hammer', 'srch-1'], limit: 50 }),
      manageToolsCountQuery(db, ['hammer'], MANAGE_TOOLS_COUNT_CAP),
    ]) {
      // The planner's choice, by how many tools the words find: the tools in the catalog's order,
      // each looked up in tool_search, until a page is full (a common word), or the few that
      // tool_search's trigrams find, then sorted (a rare one). Never a scan of either table.
      const plan = await planOf(app, query);
      expect(plan).toMatch(/tool_search_content_idx|tools_live_created_at_name_id_idx/);
      expect(plan).not.toMatch(/Seq Scan on (tools|tool_search)/);
    }
  });

  it("Reviews' keyset page reads the reviews by (created_at, id), newest first", async ({
    app,
  }) => {
    const db = app.database.db;
    for (const query of [
      reviewsPageQuery(db, { limit: 50 }),
      reviewsPageQuery(db, {
        limit: 50,
        after: { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() },
      }),
    ]) {
      const plan = await planOf(app, query, { bitmapScans: false });
      expect(plan).toContain('reviews_created_at_id_idx');
      expect(plan).not.toMatch(/Sort/);
      expect(plan).not.toMatch(/Seq Scan on reviews/);
    }
    // The count (of every review) reads an index, and stops one row past the cap.
    const count = await planOf(
      app,
      cappedCountQuery(db, reviews, undefined, MANAGED_REVIEWS_COUNT_CAP),
    );
    expect(count).toMatch(/Limit/);
    expect(count).not.toMatch(/Seq Scan on reviews/);
  });

  it("Messages' keyset page reads a folder's own index by (created_at, id), newest first", async ({
    app,
  }) => {
    const db = app.database.db;
    const after = { createdAt: '2026-06-01T00:00:00.000000Z', id: crypto.randomUUID() };
    for (const folder of ['inbox', 'archive'] as const) {
      for (const query of [
        messagesPageQuery(db, { folder, limit: 50 }),
        messagesPageQuery(db, { folder, limit: 50, after }),
      ]) {
        const plan = await planOf(app, query, { bitmapScans: false });
        expect(plan, folder).toContain(`contact_messages_${folder}_created_at_id_idx`);
        expect(plan, folder).not.toMatch(/Sort/);
        expect(plan, folder).not.toMatch(/Seq Scan on contact_messages/);
      }
      const count = await planOf(app, folderCountQuery(db, folder, MANAGED_MESSAGES_COUNT_CAP), {
        bitmapScans: false,
      });
      expect(count, folder).toContain(`contact_messages_${folder}_created_at_id_idx`);
      expect(count, folder).not.toMatch(/Seq Scan on contact_messages/);
    }
  });
});

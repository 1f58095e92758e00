import {
  INVOICE_NUMBER_PATTERN,
  ManagedOrderDetailSchema,
  ManagedOrdersPageSchema,
  OrderSchema,
  SalesOverviewSchema,
  skuSchema,
  ToolSchema,
} from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { App } from '../app.ts';
import type { Executor } from '../db/client.ts';
import { demoTools } from '../modules/seed.ts';
import { signInTestAccount } from '../testing/accounts.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { injectAs } from '../testing/requests.ts';
import { scaleFamilies, scaleToolCapacity, scaleToolSpecs } from './families.ts';
import { seedScale, ScaleSeedRefused, type SeedScaleResult } from './seed-scale.ts';
import { planScaleTools } from './tools.ts';

/** Shipping charged below $1,000 of goods, so that the shipping's rows are written too. */
const it = appTest({
  config: {
    shippingRates: {
      kind: 'charged',
      bands: [
        { from: 0, charge: 25 },
        { from: 1000, charge: 0 },
      ],
    },
  },
}).extend('scale', { scope: 'file' }, async ({ app }): Promise<SeedScaleResult> => {
  const result = await seedScale(app.database.db, {
    tools: 300,
    customers: 40,
    orders: 3_000,
    shop: app.config,
  });
  // Written behind the app's back, as any seed: the catalog snapshot is rebuilt.
  await app.catalog.invalidate();
  return result;
});

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>, row: z.ZodType<T>) {
  const result = (await executor.execute(query)) as unknown as { rows: unknown[] };
  return z.array(row).parse(result.rows);
}

const countOf = async (app: App, query: ReturnType<typeof sql>) =>
  (await rowsOf(app.database.db, query, z.object({ count: z.number() })))[0]!.count;

/** Today and the day 365 days before it, UTC, as the Sales range takes them. */
function lastYear(): { from: string; to: string } {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: day(Date.now() - 365 * 86_400_000), to: day(Date.now()) };
}

describe('seedScale: scale data the app reads as its own', () => {
  it('writes the sizes asked for, in every table the orders touch', async ({ scale }) => {
    expect(scale.rows.tools).toBe(300);
    expect(scale.rows.users).toBe(41);
    expect(scale.rows.orders).toBe(3_000);
    for (const table of ['payments', 'invoices', 'shipments', 'credit_notes', 'order_events']) {
      expect(scale.rows[table], table).toBeGreaterThan(0);
    }
    expect(scale.rows.reviews).toBe(10);
  });

  it('puts the tools on sale on GET /api/parts, each with a valid SKU', async ({ app, scale }) => {
    expect(scale.rows.tools).toBe(300);
    const response = await app.inject({ url: '/api/parts' });
    expect(response.statusCode).toBe(200);
    const parts = z.array(ToolSchema).parse(response.json());
    const onSale = await rowsOf(
      app.database.db,
      sql`select sku from tools where archived_at is null order by sku`,
      z.object({ sku: z.string() }),
    );
    expect(parts.map((tool) => tool.sku).sort()).toEqual(onSale.map((row) => row.sku).sort());
    for (const tool of parts) expect(skuSchema.safeParse(tool.sku).success, tool.sku).toBe(true);
  });

  it('lets a customer sign in with the printed password and see their orders', async ({
    app,
    scale,
  }) => {
    const customer = await signInTestAccount(app, {
      email: scale.sampleCustomerEmail,
      password: scale.password,
    });
    const response = await injectAs(app, customer, {
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const mine = z.array(OrderSchema).parse(response.json());
    const stored = await countOf(
      app,
      sql`select count(*)::int as count from orders where user_id = ${customer.userId}`,
    );
    expect(mine.length).toBe(stored);
    expect(mine.length).toBeGreaterThan(0);
  });

  it("lists every order on the admin's Manage Orders, each with its timeline", async ({
    app,
    scale,
  }) => {
    const admin = await signInTestAccount(app, {
      email: scale.adminEmail,
      password: scale.password,
    });
    const response = await injectAs(app, admin, {
      url: '/api/manageOrders/search?page=1&pageSize=50',
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = ManagedOrdersPageSchema.parse(response.json());
    expect(page.total).toBe(3_000);
    // A shipped order and a refunded one, as the admin's order page shows them.
    const [shipped, cancelled] = await Promise.all(
      ['shipped', 'cancelled'].map(
        async (status) =>
          (
            await rowsOf(
              app.database.db,
              sql`select id from orders where status = ${status} order by created_at limit 1`,
              z.object({ id: z.string() }),
            )
          )[0]!.id,
      ),
    );
    const shippedPage = ManagedOrderDetailSchema.parse(
      (await injectAs(app, admin, { url: `/api/manageOrders/${shipped}` })).json(),
    );
    expect(shippedPage.events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['placed', 'paid', 'shipped', 'email']),
    );
    const invoice = await injectAs(app, admin, { url: `/api/orders/${shipped}/invoice.pdf` });
    expect(invoice.statusCode).toBe(200);
    const cancelledPage = ManagedOrderDetailSchema.parse(
      (await injectAs(app, admin, { url: `/api/manageOrders/${cancelled}` })).json(),
    );
    expect(cancelledPage.events.map((event) => event.kind)).toContain('cancelled');
  });

  it('adds up on Sales for the last 365 days as the paid orders do', async ({ app, scale }) => {
    const admin = await signInTestAccount(app, {
      email: scale.adminEmail,
      password: scale.password,
    });
    const { from, to } = lastYear();
    const response = await injectAs(app, admin, { url: `/api/manageSales?from=${from}&to=${to}` });
    expect(response.statusCode, response.body).toBe(200);
    const sales = SalesOverviewSchema.parse(response.json());
    const revenueCents = sales.days.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0);
    const [kept] = await rowsOf(
      app.database.db,
      sql`select
          (select coalesce(sum(unit_price_cents::bigint * quantity - refunded_cents), 0)
             from orders where status <> 'unpaid')::text as lines,
          (select coalesce(sum(shipping_cents - shipping_refunded_cents), 0)
             from checkouts c
             where exists (select 1 from orders o where o.checkout_id = c.id and o.paid_at is not null)
          )::text as shipping`,
      z.object({ lines: z.string(), shipping: z.string() }),
    );
    expect(revenueCents).toBe(Number(kept!.lines) + Number(kept!.shipping));
    expect(Number(kept!.shipping)).toBeGreaterThan(0);
  });

  it('numbers invoices and credit notes without gap or double, in time order', async ({ app }) => {
    const numbers = await rowsOf(
      app.database.db,
      sql`select number, year, sequence from invoices order by paid_at, sequence`,
      z.object({ number: z.string(), year: z.number(), sequence: z.number() }),
    );
    expect(new Set(numbers.map((row) => row.number)).size).toBe(numbers.length);
    for (const row of numbers) expect(row.number).toMatch(INVOICE_NUMBER_PATTERN);
    const byYear = Map.groupBy(numbers, (row) => row.year);
    for (const rows of byYear.values()) {
      expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    }
    const gaps = await countOf(
      app,
      sql`select count(*)::int as count from (
            select year, count(*) as notes, max(sequence) as last from credit_notes group by year
          ) as years
          left join credit_note_sequences s using (year)
          where years.notes <> years.last or s.last_sequence is distinct from years.last`,
    );
    expect(gaps).toBe(0);
  });

  it('makes the same SKUs from the same seed, others from another', () => {
    const skus = (seed: number) => planScaleTools(300, seed, new Date()).map((tool) => tool.sku);
    expect(skus(1)).toEqual(skus(1));
    expect(skus(2)).not.toEqual(skus(1));
    const range = scaleToolSpecs(scaleToolCapacity, 1);
    expect(new Set(range.map((tool) => tool.sku.toLowerCase())).size).toBe(scaleToolCapacity);
    expect(new Set(range.map((tool) => tool.name.toLowerCase())).size).toBe(scaleToolCapacity);
    const demo = new Set(demoTools.map((tool) => tool.sku.toLowerCase()));
    expect(range.some((tool) => demo.has(tool.sku.toLowerCase()))).toBe(false);
    expect(scaleFamilies.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses a database with orders unless reset, then starts again', async ({ app }) => {
    const small = { tools: 20, customers: 10, orders: 50, shop: app.config };
    await expect(seedScale(app.database.db, small)).rejects.toThrow(ScaleSeedRefused);
    const again = await seedScale(app.database.db, { ...small, reset: true });
    expect(again.rows.orders).toBe(50);
    expect(await countOf(app, sql`select count(*)::int as count from orders`)).toBe(50);
  });
});

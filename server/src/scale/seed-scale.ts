import { dollarsToCents } from '@tools-factory/contract';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import * as tables from '../modules/tables.ts';
import {
  insertScaleAccounts,
  planScaleCustomers,
  scaleAdmin,
  SCALE_ADMIN_EMAIL,
} from './customers.ts';
import { scaleToolCapacity } from './families.ts';
import { writeCheckouts, type TableTimer } from './orders.ts';
import { planOrders } from './orders-plan.ts';
import { insertScaleReviews } from './reviews.ts';
import { insertScaleTools, planScaleTools } from './tools.ts';

/*
 * Scale data for the benchmark and the index and plan tests (`npm run seed:scale`): a catalog of
 * tens of thousands of tools, thousands of verified customers and a year of orders in every state
 * the app puts them in, written as its services write them. Deterministic from the seed (and
 * `now`): the same options make the same shop, ids included, but for the order events' ids,
 * which the database draws as it does for the app's. Written in one transaction, so a run that
 * fails leaves the database as it was; then VACUUM (ANALYZE), so that the planner sees the new
 * sizes and index-only scans need not read the table.
 */

/** The password every generated account has, unless the caller gives one. */
export const SCALE_PASSWORD = 'anvil-ledger-scale-42';

/** Checkouts written per chunk: a few MB of JSON per statement. */
const CHUNK_CHECKOUTS = 2_000;

export type SeedScaleOptions = {
  tools: number;
  orders: number;
  /** Default: a customer per five tools, at least 10. */
  customers?: number;
  /** Default: a customer in four writes one, from 10 to 500. */
  reviews?: number;
  /** Default 1. */
  seed?: number;
  password?: string;
  /** Empties every table of the shop first (not the gallery): required when it has orders. */
  reset?: boolean;
  /** The end of the year of orders (default: now). */
  now?: Date;
  /** The shop's settings the orders are placed under, as the server reads them. */
  shop: Pick<
    Config,
    | 'orderHoldHours'
    | 'maxUnpaidOrders'
    | 'unpaidHoldLimit'
    | 'taxRateBasisPoints'
    | 'shippingRates'
  >;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
};

export type SeedScaleResult = {
  /** Rows written per table. */
  rows: Record<string, number>;
  /** Seconds spent per table (its statements across chunks), planning and ANALYZE included. */
  seconds: Record<string, number>;
  totalSeconds: number;
  adminEmail: string;
  password: string;
  /** A customer who placed orders, to sign in with. */
  sampleCustomerEmail: string;
};

/** Thrown when the database has orders already and no reset was asked for. */
export class ScaleSeedRefused extends Error {}

/** The shop's tables a reset empties: all but the home page's gallery and the readiness row. */
function shopTables(): PgTable[] {
  const kept = new Set<unknown>([tables.galleryItems, tables.readinessHeartbeat]);
  const every: unknown[] = Object.values(tables);
  return every.filter((value): value is PgTable => is(value, PgTable) && !kept.has(value));
}

async function countOf(executor: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await executor.execute(query)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

/** Words for why the seed will not run here, or undefined when it may. */
async function refusalOf(db: Database, reset: boolean): Promise<string | undefined> {
  if (reset) return undefined;
  const orderCount = await countOf(db, sql`select count(*)::int as count from ${tables.orders}`);
  const adminCount = await countOf(
    db,
    sql`select count(*)::int as count from ${tables.users} where email = ${SCALE_ADMIN_EMAIL}`,
  );
  if (orderCount === 0 && adminCount === 0) return undefined;
  const what =
    orderCount > 0 ? `${orderCount.toLocaleString('en-US')} orders` : `the scale admin already`;
  return (
    `This database has ${what}: scale data would be mixed with them (and its SKUs and accounts ` +
    'would clash with an earlier run). Use --reset to delete every tool, account, order, invoice, ' +
    'review, quote, cart and message first (the gallery is kept), or point DATABASE_URL or ' +
    'DATA_DIR at an empty database.'
  );
}

function checkOptions(options: SeedScaleOptions, customers: number): void {
  const problems: string[] = [];
  const whole = (name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
    }
  };
  whole('tools', options.tools, 20, scaleToolCapacity);
  whole('orders', options.orders, 0);
  whole('customers', customers, 10);
  if (options.reviews !== undefined) whole('reviews', options.reviews, 0);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
}

/**
 * Generates the scale data into `db` (see the file's comment). Refuses (ScaleSeedRefused, in
 * words) a database with orders unless `reset`. Resolves to the rows and seconds per table.
 */
export async function seedScale(db: Database, options: SeedScaleOptions): Promise<SeedScaleResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const customerCount = options.customers ?? Math.max(10, Math.round(options.tools / 5));
  checkOptions(options, customerCount);
  const refusal = await refusalOf(db, options.reset ?? false);
  if (refusal) throw new ScaleSeedRefused(refusal);

  const rows: Record<string, number> = {};
  const seconds: Record<string, number> = {};
  const time: TableTimer = async (table, write) => {
    const start = performance.now();
    const written = await write();
    seconds[table] = (seconds[table] ?? 0) + (performance.now() - start) / 1000;
    rows[table] = (rows[table] ?? 0) + written;
    return written;
  };

  const planStart = performance.now();
  const catalog = planScaleTools(options.tools, seed, now);
  const customers = planScaleCustomers(customerCount, seed, now);
  const admin = scaleAdmin(seed, now);
  const plan = planOrders({
    orders: options.orders,
    seed,
    now,
    tools: catalog,
    customers,
    orderHoldHours: options.shop.orderHoldHours,
    maxUnpaidCheckouts: options.shop.maxUnpaidOrders,
    unpaidHoldLimitCents: dollarsToCents(options.shop.unpaidHoldLimit),
    shippingRates: options.shop.shippingRates,
  });
  seconds.plan = (performance.now() - planStart) / 1000;
  log(
    `planned ${plan.checkouts.length.toLocaleString('en-US')} checkouts in ${seconds.plan.toFixed(1)} s`,
  );

  await db.transaction(async (tx) => {
    // One long transaction of large statements: the server's bounds are for requests.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    if (options.reset) {
      const names = shopTables().map((table) => sql.identifier(getTableConfig(table).name));
      await time('reset', async () => {
        await tx.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
        return 0;
      });
      log('emptied the shop tables');
    }
    await time('tools', async () => {
      const written = await insertScaleTools(tx, catalog);
      rows.tool_price_breaks = written.tool_price_breaks;
      return written.tools;
    });
    log(`tools: ${catalog.length.toLocaleString('en-US')} in ${seconds.tools!.toFixed(1)} s`);

    await time('users', async () => {
      const accounts = await insertScaleAccounts(
        tx,
        customers,
        admin,
        options.password ?? SCALE_PASSWORD,
        seed,
      );
      rows.accounts = accounts.accounts;
      return accounts.users;
    });
    log(`customers: ${customers.length.toLocaleString('en-US')} and the admin`);

    const context = {
      seed,
      adminId: admin.id,
      taxRateBasisPoints: options.shop.taxRateBasisPoints,
    };
    const ordersStart = performance.now();
    let lastReport = ordersStart;
    for (let start = 0; start < plan.checkouts.length; start += CHUNK_CHECKOUTS) {
      await writeCheckouts(tx, plan.checkouts.slice(start, start + CHUNK_CHECKOUTS), context, time);
      const done = Math.min(start + CHUNK_CHECKOUTS, plan.checkouts.length);
      if (performance.now() - lastReport > 5_000 || done === plan.checkouts.length) {
        lastReport = performance.now();
        const share = Math.round((100 * done) / plan.checkouts.length);
        const elapsed = ((lastReport - ordersStart) / 1000).toFixed(0);
        log(
          `orders: ${(rows.orders ?? 0).toLocaleString('en-US')} of ${options.orders.toLocaleString('en-US')} ` +
            `(${share}% of the checkouts) in ${elapsed} s`,
        );
      }
    }

    await time('reviews', () =>
      insertScaleReviews(
        tx,
        options.reviews ?? Math.min(500, Math.max(10, Math.round(customerCount / 4))),
        plan.checkouts,
        seed,
        now,
      ),
    );
    await time('sequences', async () => {
      // The next invoice, credit note and shipment continue the numbers used.
      for (const [year, last] of plan.invoiceSequences) {
        await tx.execute(sql`insert into ${tables.invoiceSequences} (year, last_sequence)
          values (${year}, ${last}) on conflict (year) do update set last_sequence = excluded.last_sequence`);
      }
      for (const [year, last] of plan.creditNoteSequences) {
        await tx.execute(sql`insert into ${tables.creditNoteSequences} (year, last_sequence)
          values (${year}, ${last}) on conflict (year) do update set last_sequence = excluded.last_sequence`);
      }
      if (plan.lastShipmentSequence > 0) {
        await tx.execute(sql`select setval('shipment_number_seq', ${plan.lastShipmentSequence})`);
      } else if (options.reset) {
        await tx.execute(sql`select setval('shipment_number_seq', 1, false)`);
      }
      return 0;
    });
  });

  await time('analyze', async () => {
    // As autovacuum (PostgreSQL) or the server's upkeep (PGlite) would: the statistics, and the
    // pages marked all-visible that index-only scans need.
    await db.execute(sql`vacuum (analyze)`);
    return 0;
  });
  log(`vacuumed and analyzed in ${seconds.analyze!.toFixed(1)} s`);

  const sample = plan.checkouts.find((checkout) => checkout.payment)?.customer ?? customers[0]!;
  return {
    rows,
    seconds,
    totalSeconds: (performance.now() - started) / 1000,
    adminEmail: admin.email,
    password: options.password ?? SCALE_PASSWORD,
    sampleCustomerEmail: sample.email,
  };
}

import { HELD_STATUSES, REVENUE_STATUSES } from '@tools-factory/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
// A day's shipping (issue 42) is summed in the statement of the revenue it is part of, from the
// checkouts whose lines were paid that day: the one read of the checkouts' table here.
// eslint-disable-next-line import-x/no-restricted-paths -- that one sum
import { checkouts } from '../checkouts/checkouts.table.ts';
import { orders, shownStatusSql } from './orders.table.ts';

/*
 * The sums the sales module reports (issue 13), read from the orders table in SQL (the orders
 * module owns every statement on its table, decision 012): a report reads many rows
 * and answers a few, so the database adds them up (no row travels to Node). A line's total is
 * cast to bigint before the multiplication: unit_price_cents and quantity are int4 and their
 * product may not fit one. Sums travel as text (PGlite answers a bigint or numeric as a number,
 * pg as a string). The table is named through its Drizzle definition (orders.table.ts).
 */

/** A status list as SQL: `(s1, s2, ...)`. */
function statusList(statuses: readonly string[]): SQL {
  return sql`(${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}

/**
 * The statuses of orders that still stand (REVENUE_STATUSES, contract/src/order-status.ts): paid,
 * shipped, disputed. A cancelled or refunded order is counted apart; its money counts as far as
 * it was kept (KEPT_CENTS).
 */
const STANDING = statusList(REVENUE_STATUSES);

/**
 * What a paid line brought in, in cents (issue 42): what it was charged (its amount and, issue 45,
 * the tax added on top of it: the money, as a tax-inclusive price is) less what was given back
 * for it (partial refunds, a cancellation's refund, the gateway's refund in full). A line
 * cancelled without a refund keeps its money; one refunded in full brings 0.
 */
const KEPT_CENTS = sql`(o.unit_price_cents::bigint * o.quantity + o.tax_cents - o.refunded_cents)`;

/** Not held: paid at some point, whatever came after (wasPaid). */
const PAID = sql`o.status not in ${statusList(HELD_STATUSES)}`;

/** The window: 'YYYY-MM-DD' days, `from` and `to` included (UTC calendar days). */
export type DayWindow = { from: string; to: string };

/** Rows of a raw query (both drivers answer `{ rows }`), each checked by `row`. */
async function selectRows<T>(executor: Executor, query: SQL, row: z.ZodType<T>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: unknown[] };
  return z.array(row).parse(result.rows);
}

/**
 * Which transactions the database has committed, as PostgreSQL's snapshot text ('xmin:xmax:' and
 * the ids still running): two equal texts see exactly the same committed transactions, in every
 * table and from any instance, while reads (which take no transaction id) leave it as it was. Any
 * write anywhere changes it, so it says "nothing changed" only when nothing did.
 */
export async function selectCommittedState(executor: Executor): Promise<string> {
  const [row] = await selectRows(
    executor,
    sql`select pg_current_snapshot()::text as state`,
    z.object({ state: z.string() }),
  );
  if (!row) throw new Error('pg_current_snapshot() answered no row');
  return row.state;
}

/** `paid_at` within the window: from `from` 00:00 UTC up to (not including) the day after `to`. */
function paidWithin(window: DayWindow): SQL {
  return sql`o.paid_at >= (${window.from}::date::timestamp at time zone 'UTC')
    and o.paid_at < ((${window.to}::date + 1)::timestamp at time zone 'UTC')`;
}

const DayRowSchema = z.object({
  date: z.string(),
  revenue_cents: z.string(),
  orders: z.number().int(),
  refunded_cents: z.string(),
  refunded_lines: z.number().int(),
  shipping_cents: z.string(),
  shipping_refunded_cents: z.string(),
});
export type RevenueDayRow = z.infer<typeof DayRowSchema>;

/**
 * Every day of the window, oldest first: of the lines paid then, the revenue (cents, net of what
 * was given back), how many still stand (not cancelled or refunded), and what was given back of
 * them (cents, and how many lines had some). Revenue and refunds add up to what was paid. Beside
 * them the shipping of the checkouts paid that day (issue 42): what was kept, what went back
 * (with the tax added on top of it, issue 45, as the lines' revenue has theirs).
 */
export function selectRevenuePerDay(
  executor: Executor,
  window: DayWindow,
): Promise<RevenueDayRow[]> {
  return selectRows(executor, revenuePerDayQuery(window), DayRowSchema);
}

/**
 * selectRevenuePerDay's statement. One pass over the window's paid lines, grouped by their UTC
 * day, then the days without any joined in: a year at a million orders is one range scan of
 * orders_paid_at_idx, where a join per day of the series ran a scan per day (issue 43's probe:
 * 96.8 s, then 503). Apart, so that a test can read its plan (indexes.test.ts).
 */
export function revenuePerDayQuery(window: DayWindow): SQL {
  return sql`
      with lines as (
        select (o.paid_at at time zone 'UTC')::date as day,
               sum(${KEPT_CENTS}) as revenue_cents,
               (count(*) filter (where o.status in ${STANDING}))::int as orders,
               sum(o.refunded_cents) as refunded_cents,
               (count(*) filter (where o.refunded_cents > 0))::int as refunded_lines
        from ${orders} o
        where ${PAID} and ${paidWithin(window)}
        group by 1
      ),
      shipping as (
        select c.day, sum(c.kept) as kept, sum(c.back) as back
        from (
          select (min(o.paid_at) at time zone 'UTC')::date as day,
                 max(coalesce(ch.shipping_cents, 0) + ch.shipping_tax_cents
                     - ch.shipping_refunded_cents)::bigint as kept,
                 max(ch.shipping_refunded_cents)::bigint as back
          from ${checkouts} ch
          join ${orders} o on o.checkout_id = ch.id
          where ${paidWithin(window)} and coalesce(ch.shipping_cents, 0) > 0
          group by ch.id
        ) c
        group by c.day
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
             coalesce(l.revenue_cents, 0)::text as revenue_cents,
             coalesce(l.orders, 0)::int as orders,
             coalesce(l.refunded_cents, 0)::text as refunded_cents,
             coalesce(l.refunded_lines, 0)::int as refunded_lines,
             coalesce(s.kept, 0)::text as shipping_cents,
             coalesce(s.back, 0)::text as shipping_refunded_cents
      from generate_series(${window.from}::date, ${window.to}::date, interval '1 day') as d(day)
      left join lines l on l.day = d.day::date
      left join shipping s on s.day = d.day::date
      order by d.day`;
}

const StatusRowSchema = z.object({ status: z.string(), count: z.number().int() });

/**
 * How many orders stand in each status now, every status of `statuses` (0 included), in order;
 * each counted as it reads (shownStatus, issue 42): a cancelled order whose money went back is
 * refunded.
 */
export function selectOrderCountsByStatus(
  executor: Executor,
  statuses: readonly string[],
): Promise<z.infer<typeof StatusRowSchema>[]> {
  const listed = sql.join(
    statuses.map((status, index) => sql`(${status}::text, ${index}::int)`),
    sql`, `,
  );
  // Counted by status first, then matched to the list: one pass that groups a million rows
  // into a few (a join of each row to the list took 0.63 s at a million orders, this 0.39 s).
  return selectRows(
    executor,
    sql`
      select s.status, coalesce(c.count, 0)::int as count
      from (values ${listed}) as s(status, position)
      left join (
        select ${shownStatusSql(sql`o.status`, sql`o.refunded_cents`)} as status,
               count(*) as count
        from ${orders} o
        group by 1
      ) c on c.status = s.status
      order by s.position`,
    StatusRowSchema,
  );
}

const TopToolRowSchema = z.object({
  tool_id: z.string(),
  name: z.string(),
  revenue_cents: z.string(),
  quantity: z.string(),
});
export type TopToolRow = z.infer<typeof TopToolRowSchema>;

/**
 * The `limit` tools with the highest revenue from orders paid within the window (net of what was
 * given back; units of the orders that still stand), highest first,
 * ties by name: each named as its latest such order recorded it (a snapshot: the tool may have
 * been renamed or archived since).
 */
export function selectTopTools(
  executor: Executor,
  window: DayWindow,
  limit: number,
): Promise<TopToolRow[]> {
  return selectRows(executor, topToolsQuery(window, limit), TopToolRowSchema);
}

/**
 * selectTopTools' statement. The window's paid lines are summed by tool in one pass (a hash of
 * the tools, no sort), with when each tool was last paid for; only the tools that can make the
 * list (a revenue at least the `limit`th highest, ties kept) have their latest name read, each
 * from the orders paid at that moment (orders_paid_at_idx). Naming every tool by sorting its
 * lines (`array_agg(... order by paid_at desc)`) sorted the whole window: a year of 100,000
 * orders took PGlite 206-224 ms. Apart, so that a test can read its plan (indexes.test.ts).
 */
export function topToolsQuery(window: DayWindow, limit: number): SQL {
  const listed = Math.max(0, Math.trunc(limit));
  return sql`
      with sums as (
        select o.tool_id,
               sum(${KEPT_CENTS}) as revenue_cents,
               coalesce(sum(o.quantity) filter (where o.status in ${STANDING}), 0) as quantity,
               max(o.paid_at) as last_paid_at
        from ${orders} o
        where ${PAID} and ${paidWithin(window)}
        group by o.tool_id
      ),
      earning as (select * from sums where revenue_cents > 0),
      cut as (
        select revenue_cents from earning
        order by revenue_cents desc offset ${Math.max(0, listed - 1)} limit 1
      )
      select t.tool_id::text as tool_id, latest.tool_name as name,
             t.revenue_cents::text as revenue_cents, t.quantity::text as quantity
      from earning t
      cross join lateral (
        select o.tool_name from ${orders} o
        where o.paid_at = t.last_paid_at and o.tool_id = t.tool_id and ${PAID}
        order by o.id desc
        limit 1
      ) latest
      where t.revenue_cents >= coalesce((select revenue_cents from cut), 0)
      order by t.revenue_cents desc, latest.tool_name asc, t.tool_id asc
      limit ${listed}`;
}

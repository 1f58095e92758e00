import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.ts';
import { LIVE_STATUSES } from './order-status.ts';

/** The Sales page's window: revenue per day over the last this many days, today included (UTC). */
export const SALES_DAYS = 30;
/** The longest range GET /manageSales answers, in days (a leap year, both ends included). */
export const MAX_SALES_RANGE_DAYS = 366;

/**
 * The oldest figures the Sales page is given while newer ones of the same range are being added
 * up for another admin (GET /manageSales's `asOf`).
 */
export const SALES_MAX_AGE_SECONDS = 60;

/** A calendar day as the API takes it: 'YYYY-MM-DD'. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is 'YYYY-MM-DD' and a real calendar day (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** Days from `from` to `to`, both included ('2026-01-01' to '2026-01-31' is 31). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * GET /manageSales and /manageSales.csv: the range, first and last UTC days, both included.
 * Without `to`, today; without `from`, SALES_DAYS days ending on `to`. Checked by the server
 * (400 in words): real days, `from` not after `to`, at most MAX_SALES_RANGE_DAYS days.
 */
export const SalesRangeQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});
export type SalesRangeQuery = z.infer<typeof SalesRangeQuerySchema>;

/** How many tools the Sales page ranks by revenue. */
export const TOP_TOOLS_COUNT = 5;

/**
 * One day of the window (UTC calendar day, 'YYYY-MM-DD'), of the orders paid that day: the
 * revenue (dollars, net of what was given back since), how many still stand (not cancelled or
 * refunded), and what was given back of them (issue 42: dollars, and how many lines had some).
 * Revenue plus refunded is what was paid that day. Days without a payment are there, at 0.
 */
export const SalesDaySchema = z.object({
  date: z.string(),
  /** Dollars. Not MoneySchema: a large sum need not be a float's exact multiple of 0.01. */
  revenue: z.number().nonnegative(),
  orders: z.number().int().nonnegative(),
  refunded: z.number().nonnegative(),
  refundedLines: z.number().int().nonnegative(),
  /** Issue 42: the shipping charged on the checkouts paid that day and kept (part of `revenue`). */
  shipping: z.number().nonnegative(),
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

/**
 * How many orders stand in each status now (every status, 0 included), in the statuses' order;
 * not the removed and expired ones (never sold: issue 44).
 */
export const LiveStatusSchema = z.enum(LIVE_STATUSES);
export const StatusCountSchema = z.object({
  status: LiveStatusSchema,
  count: z.number().int().nonnegative(),
});
export type StatusCount = z.infer<typeof StatusCountSchema>;

/** A tool's paid orders within the window: revenue (dollars) and units. */
export const TopToolSchema = z.object({
  toolId: IdSchema,
  /** The tool's name as its latest paid order in the window recorded it. */
  name: z.string(),
  revenue: z.number().nonnegative(),
  quantity: z.number().int().nonnegative(),
});
export type TopTool = z.infer<typeof TopToolSchema>;

/**
 * GET /manageSales (admins): the Sales page's figures, every sum computed by the database.
 * `from` and `to` are the window's first and last days (UTC, 'YYYY-MM-DD'; the range asked for,
 * by default the last SALES_DAYS days);
 * `days` has one entry per day of it, oldest first; `topTools` at most TOP_TOOLS_COUNT, by
 * revenue, highest first (ties by name).
 */
export const SalesOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * When the figures were read (ISO 8601): now, unless another admin's read of the same range
   * was under way (seconds for a year of a million orders), when the last figures of that range,
   * at most SALES_MAX_AGE_SECONDS old, are given at once instead.
   */
  asOf: z.string(),
  days: z.array(SalesDaySchema),
  ordersByStatus: z.array(StatusCountSchema),
  topTools: z.array(TopToolSchema),
  /**
   * Invoices on account (issue 45), as of now whatever the range: what is open (issued, not yet
   * received nor credited) and what of it is past its due date.
   */
  receivables: z.object({ open: MoneySchema, overdue: MoneySchema }),
});
export type SalesOverview = z.infer<typeof SalesOverviewSchema>;

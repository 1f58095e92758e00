import { z } from 'zod';
import { IdSchema } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** The Sales page's window: revenue per day over the last this many days, today included (UTC). */
export const SALES_DAYS = 30;
/** How many tools the Sales page ranks by revenue. */
export const TOP_TOOLS_COUNT = 5;

/**
 * One day of the window (UTC calendar day, 'YYYY-MM-DD'): the revenue of the orders paid that
 * day (paid or shipped since; dollars) and how many they were. Days without a payment are there,
 * at 0.
 */
export const SalesDaySchema = z.object({
  date: z.string(),
  /** Dollars. Not MoneySchema: a large sum need not be a float's exact multiple of 0.01. */
  revenue: z.number().nonnegative(),
  orders: z.number().int().nonnegative(),
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

/** How many orders stand in each status now (every status, 0 included), in the statuses' order. */
export const StatusCountSchema = z.object({
  status: OrderStatusSchema,
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
 * `from` and `to` are the window's first and last days (UTC, 'YYYY-MM-DD', SALES_DAYS days);
 * `days` has one entry per day of it, oldest first; `topTools` at most TOP_TOOLS_COUNT, by
 * revenue, highest first (ties by name).
 */
export const SalesOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(SalesDaySchema),
  ordersByStatus: z.array(StatusCountSchema),
  topTools: z.array(TopToolSchema),
});
export type SalesOverview = z.infer<typeof SalesOverviewSchema>;

import {
  centsToDollars,
  OrderStatusSchema,
  SALES_DAYS,
  TOP_TOOLS_COUNT,
  todayUtc,
  type SalesOverview,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import {
  selectOrderCountsByStatus,
  selectRevenuePerDay,
  selectTopTools,
  type SalesWindow,
} from './orders-sales.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last SALES_DAYS UTC days up to the clock's today, both ends included. */
function salesWindow(now: Date): SalesWindow {
  const to = todayUtc(now);
  const from = todayUtc(new Date(Date.parse(`${to}T00:00:00Z`) - (SALES_DAYS - 1) * DAY_MS));
  return { from, to };
}

/** A sum of cents the database sent as text (a bigint), in dollars. */
function dollarsOf(centsText: string): number {
  return centsToDollars(Number(centsText));
}

/**
 * The admins' Sales page (issue 13): revenue per day, orders by status and the top tools, all
 * summed by the database. `now` is the app's clock: "today" is its UTC day.
 */
export function createSalesService(options: { db: Database; now: () => Date }) {
  const { db, now } = options;
  return {
    async overview(): Promise<SalesOverview> {
      const window = salesWindow(now());
      // One snapshot for the three reads, so that a payment landing between them cannot make
      // the figures disagree (a day's revenue counting an order the status counts do not). One
      // after the other: a transaction is one connection, which runs one query at a time.
      const { days, statuses, topTools } = await db.transaction(
        async (tx) => ({
          days: await selectRevenuePerDay(tx, window),
          statuses: await selectOrderCountsByStatus(tx, OrderStatusSchema.options),
          topTools: await selectTopTools(tx, window, TOP_TOOLS_COUNT),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return {
        ...window,
        days: days.map((day) => ({
          date: day.date,
          revenue: dollarsOf(day.revenue_cents),
          orders: day.orders,
        })),
        ordersByStatus: statuses.map((row) => ({
          status: OrderStatusSchema.parse(row.status),
          count: row.count,
        })),
        topTools: topTools.map((tool) => ({
          toolId: tool.tool_id,
          name: tool.name,
          revenue: dollarsOf(tool.revenue_cents),
          quantity: Number(tool.quantity),
        })),
      };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;

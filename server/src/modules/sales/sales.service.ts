import { stringify } from 'csv-stringify/sync';
import {
  centsToDollars,
  daysInRange,
  isCalendarDay,
  MAX_SALES_RANGE_DAYS,
  LiveStatusSchema,
  SALES_MAX_AGE_SECONDS,
  SALES_DAYS,
  serverTexts,
  texts,
  TOP_TOOLS_COUNT,
  todayUtc,
  type SalesDay,
  type SalesOverview,
  type SalesRangeQuery,
} from '@tools-factory/contract';
import { badRequest } from '../../http-errors.ts';
import type { DayWindow, OrderFigures } from '../orders/order-figures.ts';
import { createLatestAnswers } from './latest-answers.ts';

/** What the orders module sums for a range. */
type SalesFigures = Awaited<ReturnType<OrderFigures['read']>>['value'];

const DAY_MS = 24 * 60 * 60 * 1000;

const errors = serverTexts.salesErrors;

/**
 * The range asked for (issue 25), both ends included: `to` defaults to the clock's UTC today,
 * `from` to SALES_DAYS days ending on `to` (so no parameter is the last 30 days, as before).
 * A day that is not 'YYYY-MM-DD' (or not on the calendar), `from` after `to` or a range above
 * MAX_SALES_RANGE_DAYS: 400 in words.
 */
export function salesWindow(now: Date, query: SalesRangeQuery = {}): DayWindow {
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !isCalendarDay(day)) throw badRequest(errors.badDay(field, day));
  }
  const to = query.to ?? todayUtc(now);
  const from =
    query.from ?? todayUtc(new Date(Date.parse(`${to}T00:00:00Z`) - (SALES_DAYS - 1) * DAY_MS));
  if (from > to) throw badRequest(errors.fromAfterTo(from, to));
  const days = daysInRange(from, to);
  if (days > MAX_SALES_RANGE_DAYS) throw badRequest(errors.tooLong(days, MAX_SALES_RANGE_DAYS));
  return { from, to };
}

/** Cents as dollars with two decimals and no sign, as Manage Orders' CSV writes them. */
function dollarsText(dollars: number): string {
  return dollars.toFixed(2);
}

const csvWords = texts.sales.csv;

/**
 * The Sales page's figures as CSV (GET /manageSales.csv), the same numbers: one row per day
 * (orders paid, revenue) and the range's total; then the top tools; then the orders by status.
 * RFC 4180 with CRLF, UTF-8 with a byte order mark (Excel reads accents right), formulas
 * escaped (a tool's name is typed by an admin).
 */
export function salesCsv(overview: SalesOverview): string {
  const cents = (dollars: (day: SalesDay) => number) =>
    overview.days.reduce((sum, day) => sum + Math.round(dollars(day) * 100), 0);
  const count = (of: (day: SalesDay) => number) =>
    overview.days.reduce((sum, day) => sum + of(day), 0);
  const rows: string[][] = [
    [
      csvWords.date,
      csvWords.orders,
      csvWords.revenue,
      csvWords.refundedLines,
      csvWords.refunded,
      csvWords.shipping,
    ],
    ...overview.days.map((day) => [
      day.date,
      String(day.orders),
      dollarsText(day.revenue),
      String(day.refundedLines),
      dollarsText(day.refunded),
      dollarsText(day.shipping),
    ]),
    [
      csvWords.total,
      String(count((day) => day.orders)),
      dollarsText(cents((day) => day.revenue) / 100),
      String(count((day) => day.refundedLines)),
      dollarsText(cents((day) => day.refunded) / 100),
      dollarsText(cents((day) => day.shipping) / 100),
    ],
    [],
    [csvWords.tool, csvWords.units, csvWords.revenue],
    ...overview.topTools.map((tool) => [
      tool.name,
      String(tool.quantity),
      dollarsText(tool.revenue),
    ]),
    [],
    [csvWords.status, csvWords.count],
    ...overview.ordersByStatus.map((row) => [row.status, String(row.count)]),
  ];
  return stringify(rows, { bom: true, record_delimiter: 'windows', escape_formulas: true });
}

/** Two sums of cents the database sent as text, added (as text, for dollarsOf). */
function addCents(a: string, b: string): string {
  return String(Number(a) + Number(b));
}

/** A sum of cents the database sent as text (a bigint), in dollars. */
function dollarsOf(centsText: string): number {
  return centsToDollars(Number(centsText));
}

/**
 * The admins' Sales page (issue 13): revenue per day, orders by status and the top tools, all
 * summed by the database in the orders module (`figures`). `now` is the app's clock: "today" is
 * its UTC day.
 */
export function createSalesService(options: {
  figures: Pick<OrderFigures, 'read' | 'version'>;
  /** What the open invoices on account ask for, and what of it is overdue (issue 45). */
  receivables: (now: Date) => Promise<{ openCents: number; overdueCents: number }>;
  now: () => Date;
}) {
  const { figures, receivables, now } = options;
  const answers = createLatestAnswers<SalesFigures>({
    maxKeys: 50,
    maxAgeMs: SALES_MAX_AGE_SECONDS * 1000,
    now,
    version: figures.version,
  });
  return {
    /**
     * GET /manageSales: the figures of the range (by default the last SALES_DAYS days), read
     * once at a time per range (latest-answers.ts): a year at a million orders takes the
     * database seconds, and admins asking meanwhile get the last figures with their `asOf`.
     * Figures read since the database last committed a write are given again without a read.
     */
    async overview(query: SalesRangeQuery = {}): Promise<SalesOverview> {
      const at = now();
      const window = salesWindow(at, query);
      const [{ value, asOf }, open] = await Promise.all([
        answers.get(`${window.from}/${window.to}`, () => figures.read(window, TOP_TOOLS_COUNT)),
        // Read every time: one small sum off the open invoices' index, as of now.
        receivables(at),
      ]);
      const { days, statuses, topTools } = value;
      return {
        ...window,
        asOf: asOf.toISOString(),
        // The shipping kept is revenue, the shipping given back a refund (issue 42).
        days: days.map((day) => ({
          date: day.date,
          revenue: dollarsOf(addCents(day.revenue_cents, day.shipping_cents)),
          orders: day.orders,
          refunded: dollarsOf(addCents(day.refunded_cents, day.shipping_refunded_cents)),
          refundedLines: day.refunded_lines,
          shipping: dollarsOf(day.shipping_cents),
        })),
        ordersByStatus: statuses.map((row) => ({
          status: LiveStatusSchema.parse(row.status),
          count: row.count,
        })),
        topTools: topTools.map((tool) => ({
          toolId: tool.tool_id,
          name: tool.name,
          revenue: dollarsOf(tool.revenue_cents),
          quantity: Number(tool.quantity),
        })),
        receivables: {
          open: centsToDollars(open.openCents),
          overdue: centsToDollars(open.overdueCents),
        },
      };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;

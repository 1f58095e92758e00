import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  routes,
  texts,
  type SalesOverview as Overview,
} from '@tools-factory/contract';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CardSection } from '../../../components/ui/card-section';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatDay } from '../../../lib/format';
import { useSalesOverview, type SalesRange } from '../api/get-sales';
import { SalesRangeForm } from './sales-range-form';
import { OrdersByStatusTable, RevenuePerDayTable, TopToolsTable } from './sales-tables';

// Chart.js comes in its own chunk once the figures are in: the tables show without waiting.
const loadCharts = () => import('./sales-charts');
const RevenueChart = lazy(() => loadCharts().then((charts) => ({ default: charts.RevenueChart })));
const StatusChart = lazy(() => loadCharts().then((charts) => ({ default: charts.StatusChart })));
const TopToolsChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.TopToolsChart })),
);

/** A chart's place while its script arrives, as tall as the chart. */
function ChartPending({ height }: { height: string }) {
  return (
    <div className={`flex items-center justify-center ${height}`}>
      <Spinner label={texts.sales.loadingCharts} className="py-0" />
    </div>
  );
}

/** One chart with its table, in a card under its heading. */
function FiguresCard({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <CardSection title={title} className={`min-w-0 ${className}`} bodyClassName="gap-4 p-4 sm:p-6">
      {children}
    </CardSection>
  );
}

/**
 * The whole window's figures: its revenue (net of refunds), the shipping kept within it and what
 * was given back of its payments (issue 42), each added up in cents without a float's drift, and
 * the counts.
 */
function windowTotals(days: Overview['days']) {
  const sumOf = (figure: (day: Overview['days'][number]) => number) =>
    days.reduce((sum, day) => sum + figure(day), 0);
  return {
    revenue: centsToDollars(sumOf((day) => dollarsToCents(day.revenue))),
    orders: sumOf((day) => day.orders),
    refunded: centsToDollars(sumOf((day) => dollarsToCents(day.refunded))),
    refundedLines: sumOf((day) => day.refundedLines),
    shipping: centsToDollars(sumOf((day) => dollarsToCents(day.shipping))),
  };
}

/**
 * Issue 45: what the invoices on account still ask for and what of it is overdue, as of now
 * whatever the range, with the way to the Receivables page.
 */
function ReceivablesFigures({ receivables }: { receivables: Overview['receivables'] }) {
  return (
    <div className="mt-3 mb-6 flex flex-wrap items-end gap-x-6 gap-y-2">
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <div>
          <dt className="text-base-content/80 text-sm">{texts.sales.receivables}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(receivables.open)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80 text-sm">{texts.sales.receivablesOverdue}</dt>
          <dd
            className={`text-lg font-semibold tabular-nums ${receivables.overdue > 0 ? 'text-error' : ''}`}
          >
            {formatMoney(receivables.overdue)}
          </dd>
        </div>
      </dl>
      <p className="text-base-content/80 text-sm">
        {texts.sales.receivablesNote}
        {' · '}
        <Link to={routes.dashboardReceivables} className="link">
          {texts.sales.seeReceivables}
        </Link>
      </p>
    </div>
  );
}

function SalesFigures({
  overview,
  range,
  onRange,
}: {
  overview: Overview;
  range: SalesRange;
  onRange: (range: SalesRange) => void;
}) {
  const { days, ordersByStatus, topTools } = overview;
  const totals = windowTotals(days);
  const daysLabelId = useId();
  return (
    <>
      {/* Keyed by the range shown: Last 30 days puts the server's days back in the inputs. */}
      <SalesRangeForm
        key={`${overview.from}/${overview.to}`}
        shown={{ from: overview.from, to: overview.to }}
        isDefault={range === null}
        onChange={onRange}
      />
      <p className="text-base-content/80 text-sm">
        {texts.sales.window(formatDay(overview.from), formatDay(overview.to))}
      </p>
      <p className="text-base-content/80 text-xs">
        {texts.sales.asOf(formatDateTime(overview.asOf))}
      </p>
      <p className="mt-1 text-lg font-semibold">
        {texts.sales.revenueTotal(formatMoney(totals.revenue), totals.orders)}
      </p>
      {/* Part of the revenue above, said only where shipping was charged. */}
      {totals.shipping > 0 ? (
        <p className="text-base-content/80 text-sm">
          {texts.shipping.line}: {formatMoney(totals.shipping)}
        </p>
      ) : null}
      <p className="text-base-content/80 text-sm">
        {texts.sales.refundedTotal(formatMoney(totals.refunded), totals.refundedLines)}
      </p>
      <ReceivablesFigures receivables={overview.receivables} />
      <div className="grid gap-6">
        <FiguresCard title={texts.sales.revenuePerDay}>
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <Suspense fallback={<ChartPending height="h-64 md:h-72" />}>
                <RevenueChart days={days} />
              </Suspense>
            </div>
            {/* A row a day: a box of the chart's height that scrolls, reachable by keyboard. */}
            <div
              role="region"
              aria-labelledby={daysLabelId}
              tabIndex={0}
              className="border-base-300 rounded-box max-h-72 overflow-y-auto border"
            >
              <span id={daysLabelId} className="sr-only">
                {texts.sales.revenuePerDay}
              </span>
              <RevenuePerDayTable days={days} />
            </div>
          </div>
        </FiguresCard>
        <div className="grid gap-6 lg:grid-cols-2">
          <FiguresCard title={texts.sales.ordersByStatus}>
            <Suspense fallback={<ChartPending height="h-56" />}>
              <StatusChart counts={ordersByStatus} />
            </Suspense>
            <OrdersByStatusTable counts={ordersByStatus} />
          </FiguresCard>
          <FiguresCard title={texts.sales.topTools}>
            {topTools.length === 0 ? (
              <p>{texts.sales.noTopTools}</p>
            ) : (
              <>
                <Suspense fallback={<ChartPending height="h-56" />}>
                  <TopToolsChart tools={topTools} />
                </Suspense>
                <TopToolsTable tools={topTools} />
              </>
            )}
          </FiguresCard>
        </div>
      </div>
    </>
  );
}

/**
 * Sales (admins): the figures of GET /api/manageSales as charts, each with its table, for the
 * last 30 days or the range the admin asks for.
 */
export function SalesOverview() {
  const [range, setRange] = useState<SalesRange>(null);
  const sales = useSalesOverview(range);
  return (
    <QueryBoundary query={sales}>
      {(overview) => <SalesFigures overview={overview} range={range} onRange={setRange} />}
    </QueryBoundary>
  );
}

import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import {
  formatMoney,
  texts,
  type LiveStatus,
  type SalesDay,
  type StatusCount,
  type TopTool,
} from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';

// Only the pieces these three charts draw: the rest of Chart.js stays out of the bundle. This
// module is loaded by the Sales page alone (React.lazy), never by the first page.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Tooltip,
  Legend,
);
// The page's own (system) fonts, not Chart.js's Helvetica.
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;

/**
 * A colour of the daisyUI theme (`--color-<name>`, an oklch() value) as rgb(): Chart.js derives
 * hover shades with a colour parser that knows no oklch. The browser converts it by painting one
 * pixel.
 */
function themeColor(name: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`);
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!value || !context) return 'gray';
  context.fillStyle = value.trim();
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  return `rgb(${red}, ${green}, ${blue})`;
}

/** The theme's colours, read once the page (and its stylesheet) is there. */
function chartColors() {
  return {
    text: themeColor('base-content'),
    grid: themeColor('base-300'),
    revenue: themeColor('primary'),
    tools: themeColor('accent'),
    status: {
      unpaid: themeColor('secondary'),
      // Held like an unpaid order, not payable until its company approves it (issue 44).
      awaiting_approval: themeColor('accent'),
      // On account, its invoice open (issue 45).
      invoiced: themeColor('info'),
      paid: themeColor('warning'),
      partly_shipped: themeColor('info'),
      shipped: themeColor('success'),
      cancelled: themeColor('neutral'),
      refunded: themeColor('neutral'),
      disputed: themeColor('error'),
    } satisfies Record<LiveStatus, string>,
  };
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Ticks of a money axis: '$3K', '$30M' (the tables and tooltips have the exact sums). */
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
});

/** A day of the window on the axis: 'Mar 15' (UTC, as the window is). */
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A long tool name cut on the axis (the table beside it has it whole). */
function axisName(name: string): string {
  return name.length > 18 ? `${name.slice(0, 17)}…` : name;
}

/** What every chart here shares: fills its box, no motion when motion is unwelcome. */
function baseOptions<T extends 'bar' | 'doughnut'>(): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    ...(prefersReducedMotion() ? { animation: false } : {}),
  } as ChartOptions<T>;
}

/**
 * A chart's box: hidden from screen readers, which read the table under it (the same figures);
 * `relative` and a height of its own, so Chart.js sizes the canvas to it.
 */
function ChartBox({ height, children }: { height: string; children: ReactNode }) {
  return (
    <div className={`relative w-full min-w-0 ${height}`} aria-hidden="true">
      {children}
    </div>
  );
}

export function RevenueChart({ days }: { days: SalesDay[] }) {
  const colors = chartColors();
  const options: ChartOptions<'bar'> = {
    ...baseOptions<'bar'>(),
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => formatMoney(item.parsed.y ?? 0) } },
    },
    scales: {
      x: {
        ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 8 },
        grid: { display: false },
      },
      y: {
        beginAtZero: true,
        ticks: { color: colors.text, callback: (value) => compactDollars.format(Number(value)) },
        grid: { color: colors.grid },
      },
    },
  };
  return (
    <ChartBox height="h-64 md:h-72">
      <Bar
        options={options}
        data={{
          labels: days.map((day) => shortDay.format(new Date(`${day.date}T00:00:00Z`))),
          datasets: [
            {
              label: texts.sales.columns.revenue,
              data: days.map((day) => day.revenue),
              backgroundColor: colors.revenue,
              borderRadius: 2,
            },
          ],
        }}
      />
    </ChartBox>
  );
}

export function StatusChart({ counts }: { counts: StatusCount[] }) {
  const colors = chartColors();
  const options: ChartOptions<'doughnut'> = {
    ...baseOptions<'doughnut'>(),
    plugins: {
      legend: { position: 'bottom', labels: { color: colors.text } },
    },
  };
  return (
    <ChartBox height="h-56">
      <Doughnut
        options={options}
        data={{
          labels: counts.map((count) => texts.sales.statusNames[count.status]),
          datasets: [
            {
              label: texts.sales.columns.count,
              data: counts.map((count) => count.count),
              backgroundColor: counts.map((count) => colors.status[count.status]),
            },
          ],
        }}
      />
    </ChartBox>
  );
}

export function TopToolsChart({ tools }: { tools: TopTool[] }) {
  const colors = chartColors();
  const options: ChartOptions<'bar'> = {
    ...baseOptions<'bar'>(),
    indexAxis: 'y',
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => tools[items[0]?.dataIndex ?? 0]?.name ?? '',
          label: (item) => formatMoney(item.parsed.x ?? 0),
        },
      },
    },
    scales: {
      x: {
        beginAtZero: true,
        ticks: {
          color: colors.text,
          maxTicksLimit: 5,
          callback: (value) => compactDollars.format(Number(value)),
        },
        grid: { color: colors.grid },
      },
      y: { ticks: { color: colors.text }, grid: { display: false } },
    },
  };
  return (
    <ChartBox height="h-56">
      <Bar
        options={options}
        data={{
          labels: tools.map((tool) => axisName(tool.name)),
          datasets: [
            {
              label: texts.sales.columns.revenue,
              data: tools.map((tool) => tool.revenue),
              backgroundColor: colors.tools,
              borderRadius: 2,
              // One or two tools would otherwise get bars as thick as the whole chart.
              maxBarThickness: 28,
            },
          ],
        }}
      />
    </ChartBox>
  );
}

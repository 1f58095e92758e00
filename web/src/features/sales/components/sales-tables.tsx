import {
  formatMoney,
  texts,
  type SalesDay,
  type StatusCount,
  type TopTool,
} from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { formatCount, formatDay } from '../../../lib/format';

const columns = texts.sales.columns;

/**
 * A chart's figures as a real table (compact, and read by screen readers in the chart's place):
 * its caption names it, each column and row header has its scope.
 */
function FiguresTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  /** Column headers; the first names the rows' headers, the others are figures. */
  headers: string[];
  children: ReactNode;
}) {
  return (
    <table className="table-zebra table-xs sm:table-sm table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header, index) => (
            <th key={header} scope="col" className={index === 0 ? '' : 'text-right'}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const figure = 'text-right tabular-nums';

/** Each day's revenue (net of refunds), paid orders, and what went back of them (issue 42). */
export function RevenuePerDayTable({ days }: { days: SalesDay[] }) {
  return (
    <FiguresTable
      caption={texts.sales.revenuePerDay}
      headers={[columns.date, columns.revenue, columns.orders, columns.refunded]}
    >
      {days.map((day) => (
        <tr key={day.date}>
          <th scope="row" className="font-normal whitespace-nowrap">
            {formatDay(day.date)}
          </th>
          <td className={figure}>{formatMoney(day.revenue)}</td>
          <td className={figure}>{formatCount(day.orders)}</td>
          <td className={figure}>{formatMoney(day.refunded)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

export function OrdersByStatusTable({ counts }: { counts: StatusCount[] }) {
  return (
    <FiguresTable caption={texts.sales.ordersByStatus} headers={[columns.status, columns.count]}>
      {counts.map((count) => (
        <tr key={count.status}>
          <th scope="row" className="font-normal">
            {texts.sales.statusNames[count.status]}
          </th>
          <td className={figure}>{formatCount(count.count)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

export function TopToolsTable({ tools }: { tools: TopTool[] }) {
  return (
    <FiguresTable
      caption={texts.sales.topTools}
      headers={[columns.tool, columns.revenue, columns.quantity]}
    >
      {tools.map((tool) => (
        <tr key={tool.toolId}>
          <th scope="row" className="font-normal break-words">
            {tool.name}
          </th>
          <td className={figure}>{formatMoney(tool.revenue)}</td>
          <td className={figure}>{formatCount(tool.quantity)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

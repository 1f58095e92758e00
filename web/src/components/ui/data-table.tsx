import type { ReactNode } from 'react';

/**
 * Below this width (or always) each row is laid out as a card: header row hidden, each value
 * with its name.
 */
type CardsBelow = 'lg' | 'xl' | 'always';

interface CardLayout {
  scroll: string;
  table: string;
  head: string;
  body: string;
  label: string;
  /** A row laid out as its card: one column of values on a phone, two from md. */
  row: string;
  /** A value's cell on a card: its name (CardLabel) on the left, the value on the right. */
  cell: string;
}

// Whole class names, so Tailwind sees each one in the source.
const cardLayouts: Record<CardsBelow, CardLayout> = {
  lg: {
    scroll: 'lg:overflow-x-auto',
    table: 'table max-lg:block',
    head: 'max-lg:hidden',
    body: 'max-lg:divide-base-content/10 max-lg:block max-lg:divide-y',
    label: 'text-base-content/70 lg:hidden',
    row: 'max-md:flex max-md:flex-col max-lg:gap-y-1.5 max-lg:p-4 max-lg:*:border-0 max-lg:*:p-0 md:max-lg:grid md:max-lg:grid-cols-2 md:max-lg:gap-x-10',
    cell: 'max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-x-4',
  },
  xl: {
    scroll: 'xl:overflow-x-auto',
    table: 'table max-xl:block',
    head: 'max-xl:hidden',
    body: 'max-xl:divide-base-content/10 max-xl:block max-xl:divide-y',
    label: 'text-base-content/70 xl:hidden',
    row: 'max-md:flex max-md:flex-col max-xl:gap-y-1.5 max-xl:p-4 max-xl:*:border-0 max-xl:*:p-0 md:max-xl:grid md:max-xl:grid-cols-2 md:max-xl:gap-x-10',
    cell: 'max-xl:flex max-xl:items-baseline max-xl:justify-between max-xl:gap-x-4',
  },
  // A list too wide for a table beside the dashboard's menu even on a desktop: cards everywhere.
  always: {
    scroll: '',
    table: 'table block',
    head: 'hidden',
    body: 'divide-base-content/10 block divide-y',
    label: 'text-base-content/70',
    row: 'flex flex-col gap-y-1.5 p-4 *:border-0 *:p-0 md:grid md:grid-cols-2 md:gap-x-10',
    cell: 'flex items-baseline justify-between gap-x-4',
  },
};

interface DataColumn {
  label: string;
  /** A figure: right-aligned. */
  numeric?: boolean;
  /**
   * A long name over a short figure ('Spent this month' over '$0.00'): it may take two lines,
   * rather than widening its column (daisyUI keeps column names on one line).
   */
  wrap?: boolean;
}

interface DataTableProps {
  columns: DataColumn[];
  /** The rows (`<tr>`s). */
  children: ReactNode;
  /** Without it: one table that scrolls sideways inside its card, never the page. */
  cardsBelow?: CardsBelow;
  /** More classes of the card (when it shows). */
  className?: string;
}

/** A column name's classes: right-aligned over figures, over two lines when it may wrap. */
function headClasses(numeric = false, wrap = false): string | undefined {
  return (
    [numeric ? 'text-right' : null, wrap ? 'whitespace-normal' : null].filter(Boolean).join(' ') ||
    undefined
  );
}

/**
 * A table in a card, its column headers named for screen readers. With `cardsBelow`, narrower
 * screens get each row as a card (the rows lay themselves out), one line between cards; a very
 * long value can still widen the table, and then it scrolls inside its card.
 */
export function DataTable({ columns, children, cardsBelow, className = '' }: DataTableProps) {
  const layout = cardsBelow ? cardLayouts[cardsBelow] : undefined;
  return (
    <div className={`card bg-base-100 border-base-300 border shadow-sm ${className}`}>
      <div className={layout?.scroll ?? 'overflow-x-auto'}>
        <table className={layout?.table ?? 'table'}>
          <thead className={layout?.head}>
            <tr>
              {columns.map(({ label, numeric, wrap }) => (
                <th key={label} scope="col" className={headClasses(numeric, wrap)}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={layout?.body}>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The classes of a row of a table with `cardsBelow`, laid out as its card: one column of values
 * on a phone, two from md (a cell spans both with `md:max-<below>:col-span-2`).
 */
export function cardRow(below: CardsBelow): string {
  return cardLayouts[below].row;
}

/** A value's cell on such a card: its name (CardLabel) on the left, the value on the right. */
export function labelledCell(below: CardsBelow): string {
  return cardLayouts[below].cell;
}

/** A column's name beside its value, shown only while the row is a card. */
export function CardLabel({ below, children }: { below: CardsBelow; children: string }) {
  return <span className={cardLayouts[below].label}>{children}</span>;
}

/** A figure with a smaller grey note under it (a total, and the unit price it comes from). */
export function FigureWithNote({ figure, note }: { figure: string; note: string }) {
  return (
    <>
      <span className="font-semibold">{figure}</span>
      <span className="text-base-content/70 block text-xs">{note}</span>
    </>
  );
}

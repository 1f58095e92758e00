import type { ReactNode } from 'react';

/** Below this width each row is laid out as a card: header row hidden, each value with its name. */
type CardsBelow = 'lg' | 'xl';

// Whole class names, so Tailwind sees each one in the source.
const cardLayouts: Record<
  CardsBelow,
  { scroll: string; table: string; head: string; body: string; label: string }
> = {
  lg: {
    scroll: 'lg:overflow-x-auto',
    table: 'table max-lg:block',
    head: 'max-lg:hidden',
    body: 'max-lg:divide-base-content/10 max-lg:block max-lg:divide-y',
    label: 'text-base-content/70 lg:hidden',
  },
  xl: {
    scroll: 'xl:overflow-x-auto',
    table: 'table max-xl:block',
    head: 'max-xl:hidden',
    body: 'max-xl:divide-base-content/10 max-xl:block max-xl:divide-y',
    label: 'text-base-content/70 xl:hidden',
  },
};

interface DataColumn {
  label: string;
  /** A figure: right-aligned. */
  numeric?: boolean;
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
              {columns.map(({ label, numeric }) => (
                <th key={label} scope="col" className={numeric ? 'text-right' : undefined}>
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

import { Fragment, type ReactNode } from 'react';

export interface Figure {
  /** What the figure is ('minimum order'), in grey on the left. */
  term: string;
  /** The figure itself, right-aligned. */
  value: ReactNode;
  /** The figure the others add up to (an order's total): larger, and bold. */
  emphasized?: boolean;
}

interface FigureListProps {
  figures: readonly Figure[];
  /** More classes of the list (its text size). */
  className?: string;
}

/** Figures under their names, one a line: the name on the left, the figure right-aligned. */
export function FigureList({ figures, className = '' }: FigureListProps) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${className}`}>
      {figures.map(({ term, value, emphasized = false }) => (
        <Fragment key={term}>
          <dt className={`text-base-content/70 ${emphasized ? 'text-lg' : ''}`}>{term}</dt>
          <dd className={`text-right ${emphasized ? 'text-lg font-bold' : 'font-semibold'}`}>
            {value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';

interface CardGridProps<TItem extends { _id: string }> {
  items: TItem[];
  /** The columns from which width on (one below the first). */
  className: string;
  children: (item: TItem) => ReactNode;
}

/** A list of cards in one column on a phone, more on wider screens, each card as tall as its row. */
export function CardGrid<TItem extends { _id: string }>({
  items,
  className,
  children,
}: CardGridProps<TItem>) {
  return (
    <ul className={`grid grid-cols-1 gap-6 ${className}`}>
      {items.map((item) => (
        <li key={item._id} className="flex">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';

interface EmptyStateProps {
  message: string;
  /** The way on from an empty list (a link to where to add or find something). */
  children?: ReactNode;
}

/** An empty list said in words, in a card, with the way on when there is one. */
export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body items-center gap-4 text-center">
        <p className="text-lg font-semibold">{message}</p>
        {children}
      </div>
    </div>
  );
}

import { orderAdminTexts } from '@tools-factory/contract';
import type { ReactNode } from 'react';

/** Facts under their names: the name in grey above (a phone) or on the left (wider). */
export function OrderFacts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/70 max-sm:mt-1">{term}</dt>
          <dd className="min-w-0 wrap-break-word whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A fact's value, or a dash where the order has none. */
export const orDash = (value: string | null | undefined): string =>
  value && value.trim() !== '' ? value : orderAdminTexts.orderPage.noValue;

import type { TaxSummary } from '@tools-factory/contract';
import { taxNote } from '../../lib/tax';

/**
 * A small grey line under a total (issue 45): the tax within it, or that none is charged (a
 * reverse charge); nothing for tax added on top (a row of its own) or at 0 %.
 */
export function TaxNote({ tax, className = 'text-xs' }: { tax: TaxSummary; className?: string }) {
  const note = taxNote(tax);
  return note ? <p className={`text-base-content/70 ${className}`}>{note}</p> : null;
}

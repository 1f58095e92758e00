import { isHeld } from '@tools-factory/contract';
import type { OrderRow } from './orders.repository.ts';

export const HOUR_MS = 60 * 60 * 1000;

/**
 * The hold's ceiling (docs/architecture.md#orders): a payment under way extends a hold once, to an
 * hour ahead at most, and never past ORDER_HOLD_HOURS + 1 h after the order was placed.
 */
export function holdCeilingMs(holdHours: number): number {
  return (holdHours + 1) * HOUR_MS;
}

/**
 * When an unpaid order expires and its stock goes back: ORDER_HOLD_HOURS after it was placed (or
 * approved by its company), or
 * later while a payment holds it, never past the ceiling (the expiry sweep deletes on the same
 * terms: expiryCutoffs). Null once paid.
 */
export function holdUntilOf(row: OrderRow, holdHours: number): Date | null {
  if (!isHeld(row.status)) return null;
  // Held again from its approval, for an order its company approved (issue 44).
  const placed = (row.approvedAt ?? row.createdAt).getTime();
  const held = placed + holdHours * HOUR_MS;
  const extended = row.holdUntil ? Math.max(held, row.holdUntil.getTime()) : held;
  return new Date(Math.min(extended, placed + holdCeilingMs(holdHours)));
}

/**
 * What the expiry sweep ends at `now`: unpaid orders placed before `cutoff` whose hold is
 * over, and whatever their hold, those placed before `ceilingCutoff`.
 */
export function expiryCutoffs(now: Date, holdHours: number): { cutoff: Date; ceilingCutoff: Date } {
  return {
    cutoff: new Date(now.getTime() - holdHours * HOUR_MS),
    // Whatever its hold says, no order is kept past the ceiling.
    ceilingCutoff: new Date(now.getTime() - holdCeilingMs(holdHours)),
  };
}

import { describe, expect, it } from 'vitest';
import { expiryCutoffs, holdCeilingMs, holdUntilOf, HOUR_MS } from './order-hold.ts';
import type { OrderRow } from './orders.repository.ts';

const HOLD_HOURS = 48;
const PLACED = new Date('2026-03-01T10:00:00Z');

/** An order row with only what the hold reads set to something meaningful. */
function orderRow(changes: Partial<OrderRow>): OrderRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: 'user-1',
    email: 'customer@example.com',
    toolId: '00000000-0000-4000-8000-000000000002',
    toolName: 'Claw hammer',
    toolSku: 'HM-CLAW-16',
    checkoutId: '00000000-0000-4000-8000-000000000001',
    companyId: null,
    poNumber: '',
    lineNumber: 1,
    toolImage: 'https://example.com/hammer.png',
    unitPriceCents: 1999,
    quantity: 101,
    address: '1 Main Street',
    phone: '',
    status: 'unpaid',
    transactionId: null,
    paidAt: null,
    shippedQuantity: 0,
    refundedCents: 0,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    taxRateBasisPoints: 0,
    taxMode: 'included',
    taxCents: 0,
    cancelledAt: null,
    refundedAt: null,
    disputedAt: null,
    endedAt: null,
    createdAt: PLACED,
    approvedAt: null,
    holdUntil: null,
    holdExtended: false,
    idempotencyKey: null,
    requestDigest: null,
    madeToOrder: false,
    quoteId: null,
    ...changes,
  };
}

describe('the hold of an unpaid order (order-hold.ts)', () => {
  it('lasts ORDER_HOLD_HOURS after placing, and ends with the payment', () => {
    expect(holdUntilOf(orderRow({}), HOLD_HOURS)?.getTime()).toBe(
      PLACED.getTime() + HOLD_HOURS * HOUR_MS,
    );
    expect(holdUntilOf(orderRow({ status: 'paid' }), HOLD_HOURS)).toBeNull();
  });

  it('starts again when the company approves an order that awaited approval (issue 44)', () => {
    const approvedAt = new Date(PLACED.getTime() + 30 * HOUR_MS);
    const waiting = orderRow({ status: 'awaiting_approval' });
    expect(holdUntilOf(waiting, HOLD_HOURS)).toEqual(new Date(PLACED.getTime() + 48 * HOUR_MS));
    const approved = orderRow({ status: 'unpaid', approvedAt });
    expect(holdUntilOf(approved, HOLD_HOURS)).toEqual(
      new Date(approvedAt.getTime() + 48 * HOUR_MS),
    );
    expect(holdUntilOf(orderRow({ status: 'rejected', approvedAt: null }), HOLD_HOURS)).toBeNull();
  });

  it('is extended by a payment under way, never shortened, never past the ceiling', () => {
    const later = new Date(PLACED.getTime() + (HOLD_HOURS + 0.5) * HOUR_MS);
    expect(holdUntilOf(orderRow({ holdUntil: later }), HOLD_HOURS)).toEqual(later);
    const earlier = new Date(PLACED.getTime() + HOUR_MS);
    expect(holdUntilOf(orderRow({ holdUntil: earlier }), HOLD_HOURS)?.getTime()).toBe(
      PLACED.getTime() + HOLD_HOURS * HOUR_MS,
    );
    const beyond = new Date(PLACED.getTime() + 10 * HOLD_HOURS * HOUR_MS);
    expect(holdUntilOf(orderRow({ holdUntil: beyond }), HOLD_HOURS)?.getTime()).toBe(
      PLACED.getTime() + holdCeilingMs(HOLD_HOURS),
    );
  });

  it('gives the sweep the same two cutoffs', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    expect(expiryCutoffs(now, HOLD_HOURS)).toEqual({
      cutoff: new Date(now.getTime() - HOLD_HOURS * HOUR_MS),
      ceilingCutoff: new Date(now.getTime() - (HOLD_HOURS + 1) * HOUR_MS),
    });
  });
});

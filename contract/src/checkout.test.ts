import { describe, expect, it } from 'vitest';
import { checkoutReference, checkoutStatusOf } from './checkout.ts';
import type { OrderStatus } from './order-status.ts';

const lines = (...statuses: OrderStatus[]) => statuses.map((status) => ({ status }));

describe('checkoutStatusOf: where a checkout stands, from its lines', () => {
  it('is unpaid while any line is', () => {
    expect(checkoutStatusOf(lines('unpaid', 'unpaid'))).toBe('unpaid');
    expect(checkoutStatusOf(lines('paid', 'unpaid'))).toBe('unpaid');
  });
  it('is paid, partly shipped, then shipped as its lines ship', () => {
    expect(checkoutStatusOf(lines('paid', 'paid'))).toBe('paid');
    expect(checkoutStatusOf(lines('shipped', 'paid'))).toBe('partlyShipped');
    expect(checkoutStatusOf(lines('shipped', 'shipped'))).toBe('shipped');
  });
  it('is invoiced on account until something of it ships, then reads as shipping does (issue 45)', () => {
    expect(checkoutStatusOf(lines('invoiced', 'invoiced'))).toBe('invoiced');
    expect(checkoutStatusOf(lines('shipped', 'invoiced'))).toBe('partlyShipped');
    expect(checkoutStatusOf(lines('partly_shipped', 'invoiced'))).toBe('partlyShipped');
    expect(checkoutStatusOf(lines('shipped', 'shipped'))).toBe('shipped');
    expect(checkoutStatusOf(lines('invoiced', 'cancelled'))).toBe('invoiced');
  });
  it('counts only the lines still sold: a cancelled line neither ships nor keeps it open', () => {
    expect(checkoutStatusOf(lines('shipped', 'cancelled'))).toBe('shipped');
    expect(checkoutStatusOf(lines('paid', 'refunded'))).toBe('paid');
    expect(checkoutStatusOf(lines('disputed', 'shipped'))).toBe('partlyShipped');
    expect(checkoutStatusOf(lines('cancelled', 'refunded'))).toBe('closed');
    expect(checkoutStatusOf([])).toBe('closed');
  });
});

describe('checkoutReference', () => {
  it("is 'CO-' and the id's first eight hex digits in capitals", () => {
    expect(checkoutReference('968a6c2b-953c-429b-93ec-ee4c8e1c4143')).toBe('CO-968A6C2B');
  });
});

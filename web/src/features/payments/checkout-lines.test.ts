import type { Checkout, Order } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { makeCheckout, makeOrder } from '../../test/factories';
import { awaitsShippingQuote, invoicedOnAccount, unpaidTotal } from './checkout-lines';

const CHECKOUT_ID = '33333333-3333-4333-8333-333333333333';

/** A checkout of 200 hammers at $12.50 and 3 files at $0.10 ($2,500.30), its shipping as told. */
function checkout(shipping: number | null, status: Order['status'] = 'unpaid'): Checkout {
  const common = { checkoutId: CHECKOUT_ID, status, paid: status !== 'unpaid' };
  const lines = [
    makeOrder({ ...common, _id: '44444444-4444-4444-8444-444444444444' }),
    makeOrder({
      ...common,
      _id: '55555555-5555-4555-8555-555555555555',
      quantity: 3,
      price: 0.1,
    }),
  ];
  return makeCheckout(lines, { status: status === 'unpaid' ? 'unpaid' : 'paid', shipping });
}

describe('unpaidTotal: what the one payment of a checkout comes to', () => {
  it('adds the whole shipping to the unpaid lines, in cents (issue 42)', () => {
    expect(unpaidTotal(checkout(0))).toBe(2500.3);
    // $2,500.30 + $25.10 in cents: $2,525.40, not a float's drift.
    expect(unpaidTotal(checkout(25.1))).toBe(2525.4);
  });

  it('is nothing once no line is left to pay, shipping or not', () => {
    expect(unpaidTotal(checkout(25, 'paid'))).toBe(0);
  });

  it('counts the lines alone while the shipping is still to be quoted, which cannot be paid', () => {
    expect(unpaidTotal(checkout(null))).toBe(2500.3);
    expect(awaitsShippingQuote(checkout(null))).toBe(true);
    expect(awaitsShippingQuote(checkout(25))).toBe(false);
    expect(awaitsShippingQuote(checkout(null, 'cancelled'))).toBe(false);
  });
});

describe('invoicedOnAccount: a checkout on account whose invoice is open (issue 45)', () => {
  it('is invoiced while a line is, and while a line shipped before its money has no transaction id', () => {
    expect(invoicedOnAccount(checkout(0, 'invoiced'))).toBe(true);
    const shipped = checkout(0, 'shipped');
    const unsettled = {
      ...shipped,
      lines: shipped.lines.map((l) => ({ ...l, transectionId: null })),
    };
    expect(invoicedOnAccount(unsettled)).toBe(true);
    const settled = {
      ...shipped,
      lines: shipped.lines.map((l) => ({ ...l, transectionId: 'TRF-2030-0042' })),
    };
    expect(invoicedOnAccount(settled)).toBe(false);
  });
});

import {
  centsToDollars,
  dollarsToCents,
  orderTotal,
  type Checkout,
  type Order,
} from '@tools-factory/contract';

/*
 * What went back of a line and what the shop keeps of it (issue 42), added and taken away in
 * whole cents: in dollars, 0.1 + 0.2 is not 0.3, and a refund's figures must add up to the cent.
 */

/** What is left to give back of a line: its total less what was refunded of it, never below 0. */
export function leftToRefund(line: { total: number; tax: number; refunded: number }): number {
  // What it was charged, the tax added on top included (issue 45), less what went back.
  const chargedCents = dollarsToCents(line.total) + dollarsToCents(line.tax);
  return centsToDollars(Math.max(0, chargedCents - dollarsToCents(line.refunded)));
}

/**
 * What a checkout charged for shipping and gave back of it (issue 42; null: still to quote), and
 * its tax when known (issue 45: tax added on top is part of what it charged).
 */
export type ShippingCharge = Pick<Checkout, 'shipping' | 'shippingRefunded'> &
  Partial<Pick<Checkout, 'tax'>>;

/** Whether a checkout charges shipping, or will once quoted; false while it is unknown. */
export function chargesShipping(charge: ShippingCharge | undefined): boolean {
  return charge !== undefined && charge.shipping !== 0;
}

/**
 * A checkout's lines summed up for its head: what it is worth now (each line's total less what
 * was refunded of it; a line cancelled without a refund keeps its money, so it counts whole)
 * and what went back of it in all; with its shipping, when known, counted the same way, and the
 * tax added on top of it (issue 45: what went back of a line counts its part of that tax).
 */
export function checkoutAmounts(
  lines: readonly Pick<Order, 'price' | 'quantity' | 'refunded'>[],
  charge: ShippingCharge = { shipping: 0, shippingRefunded: 0 },
): {
  kept: number;
  refunded: number;
} {
  let totalCents = dollarsToCents(charge.shipping ?? 0);
  if (charge.tax?.mode === 'added') totalCents += dollarsToCents(charge.tax.amount);
  let refundedCents = dollarsToCents(charge.shippingRefunded);
  for (const line of lines) {
    totalCents += dollarsToCents(orderTotal(line.price, line.quantity));
    refundedCents += dollarsToCents(line.refunded);
  }
  return {
    kept: centsToDollars(totalCents - refundedCents),
    refunded: centsToDollars(refundedCents),
  };
}

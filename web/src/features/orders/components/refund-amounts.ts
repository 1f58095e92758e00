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
export function leftToRefund(line: { total: number; refunded: number }): number {
  return centsToDollars(Math.max(0, dollarsToCents(line.total) - dollarsToCents(line.refunded)));
}

/** What a checkout charged for shipping and gave back of it (issue 42); null: still to quote. */
export type ShippingCharge = Pick<Checkout, 'shipping' | 'shippingRefunded'>;

/** Whether a checkout charges shipping, or will once quoted; false while it is unknown. */
export function chargesShipping(charge: ShippingCharge | undefined): boolean {
  return charge !== undefined && charge.shipping !== 0;
}

/**
 * A checkout's lines summed up for its head: what it is worth now (each line's total less what
 * was refunded of it; a line cancelled without a refund keeps its money, so it counts whole)
 * and what went back of it in all; with its shipping, when known, counted the same way.
 */
export function checkoutAmounts(
  lines: readonly Pick<Order, 'price' | 'quantity' | 'refunded'>[],
  charge: ShippingCharge = { shipping: 0, shippingRefunded: 0 },
): {
  kept: number;
  refunded: number;
} {
  let totalCents = dollarsToCents(charge.shipping ?? 0);
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

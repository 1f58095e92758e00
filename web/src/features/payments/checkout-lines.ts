import {
  centsToDollars,
  dollarsToCents,
  isPayable,
  type Checkout,
  type Order,
} from '@tools-factory/contract';

/** The lines one payment pays: those still unpaid (a paid checkout has none). */
export function unpaidLines(checkout: Checkout): Order[] {
  return checkout.lines.filter((line) => isPayable(line.status));
}

/** What the unpaid lines come to, added in cents as the server adds them. */
export function unpaidTotal(checkout: Checkout): number {
  return centsToDollars(
    unpaidLines(checkout).reduce(
      (sum, line) => sum + dollarsToCents(line.price) * line.quantity,
      0,
    ),
  );
}

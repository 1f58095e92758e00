import {
  centsToDollars,
  dollarsToCents,
  isAwaitingApproval,
  isInvoiced,
  isPartlyShipped,
  isPayable,
  isShipped,
  type Checkout,
  type Order,
} from '@tools-factory/contract';

/** The lines one payment pays: those still unpaid (a paid checkout has none). */
export function unpaidLines(checkout: Checkout): Order[] {
  return checkout.lines.filter((line) => isPayable(line.status));
}

/**
 * What the one payment comes to, added in cents as the server adds them: the unpaid lines and,
 * while any is unpaid, the whole shipping (issue 42: a checkout is paid once, its shipping with
 * it). Nothing is added for a shipping still to be quoted: such a checkout cannot be paid yet.
 */
export function unpaidTotal(checkout: Checkout): number {
  const lines = unpaidLines(checkout);
  if (lines.length === 0) return 0;
  // Each line and the tax added on top of it, the shipping and its own (issue 45).
  const linesCents = lines.reduce(
    (sum, line) => sum + dollarsToCents(line.price) * line.quantity + dollarsToCents(line.tax),
    0,
  );
  const shippingCents =
    dollarsToCents(checkout.shipping ?? 0) + dollarsToCents(checkout.shippingTax);
  return centsToDollars(linesCents + shippingCents);
}

/** Lines are left to pay but their shipping is not quoted yet (issue 42): nothing can be paid. */
export function awaitsShippingQuote(checkout: Checkout): boolean {
  return checkout.shipping === null && unpaidLines(checkout).length > 0;
}

/**
 * Its lines wait for the buyer's company to approve them (issue 44): nothing can be paid until an
 * admin does.
 */
export function awaitsApproval(checkout: Checkout): boolean {
  return checkout.lines.some((line) => isAwaitingApproval(line.status));
}

/**
 * Placed on account (issue 45) and its invoice not settled: nothing to pay by card. A line still
 * invoiced says so; one shipped before its money came has no transaction id yet.
 */
export function invoicedOnAccount(checkout: Checkout): boolean {
  return checkout.lines.some(
    (line) =>
      isInvoiced(line.status) ||
      ((isShipped(line.status) || isPartlyShipped(line.status)) && line.transectionId === null),
  );
}

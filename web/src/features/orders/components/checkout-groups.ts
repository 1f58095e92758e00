import { isInvoiced, wasPaid, type Order } from '@tools-factory/contract';

/** The lines of one checkout as My Orders and Manage Orders list them, in the list's order. */
export interface CheckoutGroup<Line extends Order = Order> {
  checkoutId: string;
  reference: string;
  poNumber: string;
  lines: Line[];
}

/**
 * Orders grouped by the checkout that placed them (docs/architecture.md#business-buyers), in the
 * order of each checkout's first line in the list (GET /orders answers newest first, and a
 * checkout's lines share its moment, so they come together; Manage Orders' search answers them
 * checkout by checkout).
 */
export function groupByCheckout<Line extends Order>(
  orders: readonly Line[],
): CheckoutGroup<Line>[] {
  const groups = new Map<string, CheckoutGroup<Line>>();
  for (const order of orders) {
    const group = groups.get(order.checkoutId);
    if (group) group.lines.push(order);
    else {
      groups.set(order.checkoutId, {
        checkoutId: order.checkoutId,
        reference: order.checkoutReference,
        poNumber: order.poNumber,
        lines: [order],
      });
    }
  }
  return [...groups.values()];
}

/**
 * The line whose invoice is the checkout's one invoice (every line on it): one paid, or one placed
 * on account (issue 45: its invoice issued at once, nothing paid yet); undefined before either.
 */
export function invoicedLine<Line extends Order>(group: CheckoutGroup<Line>): Line | undefined {
  return group.lines.find((line) => wasPaid(line.status) || isInvoiced(line.status));
}

/** A checkout shown as a group: several lines, or a PO number the buyer gave it. */
export function isShownAsGroup(group: CheckoutGroup<Order>): boolean {
  return group.lines.length > 1 || group.poNumber !== '';
}

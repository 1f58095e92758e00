import type { Order } from '@tools-factory/contract';

/** The lines of one checkout as My Orders lists them, in the list's order. */
export interface CheckoutGroup {
  checkoutId: string;
  reference: string;
  poNumber: string;
  lines: Order[];
}

/**
 * The customer's orders grouped by the checkout that placed them (docs/architecture.md#business-buyers), in
 * the order of each checkout's first line in the list (GET /orders answers newest first, and a
 * checkout's lines share its moment, so they come together).
 */
export function groupByCheckout(orders: readonly Order[]): CheckoutGroup[] {
  const groups = new Map<string, CheckoutGroup>();
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

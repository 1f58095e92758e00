import { checkoutReference, type Order } from '@tools-factory/contract';
import type { CheckoutHead } from '../../mail/templates/orders.ts';

/** What the checkout e-mails name of a checkout: its lines carry it (the Checkout DTO's fields). */
export function checkoutHeadOf(line: Order, shipping?: number | null): CheckoutHead {
  return {
    _id: line.checkoutId,
    shipping,
    reference: checkoutReference(line.checkoutId),
    poNumber: line.poNumber,
    address: line.address,
  };
}

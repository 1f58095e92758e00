import { checkoutReference, type Order } from '@tools-factory/contract';
import type { CheckoutHead } from '../../mail/templates/orders.ts';

/** What the checkout e-mails name of a checkout: its lines carry it (the Checkout DTO's fields). */
export function checkoutHeadOf(line: Order): CheckoutHead {
  return {
    _id: line.checkoutId,
    reference: checkoutReference(line.checkoutId),
    poNumber: line.poNumber,
    address: line.address,
  };
}

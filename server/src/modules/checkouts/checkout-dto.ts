import {
  centsToDollars,
  checkoutReference,
  checkoutStatusOf,
  type Checkout,
  type CheckoutResponse,
  texts,
  type Order,
} from '@tools-factory/contract';
import type { CheckoutRow } from './checkouts.repository.ts';
import {
  inBuyersOrder,
  type OrderLinesOfCheckouts,
  type OrderRow,
} from '../orders/orders-of-checkouts.ts';

/**
 * The checkout DTOs, given the order DTO mapper (which knows ORDER_HOLD_HOURS) and the orders'
 * port the lines are read through.
 */
export function createCheckoutDtos(
  orderDto: (row: OrderRow) => Order,
  orderLines: Pick<OrderLinesOfCheckouts, 'linesOf'>,
) {
  function checkoutDto(checkout: CheckoutRow, lines: readonly OrderRow[]): Checkout {
    const goodsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const shippingCents = checkout.shippingCents;
    return {
      _id: checkout.id,
      reference: checkoutReference(checkout.id),
      poNumber: checkout.poNumber,
      companyName: checkout.companyName,
      taxNumber: checkout.taxNumber,
      address: checkout.address,
      phone: checkout.phone,
      createdAt: checkout.createdAt.toISOString(),
      status: checkoutStatusOf(lines),
      shipping: shippingCents === null ? null : centsToDollars(shippingCents),
      shippingRefunded: centsToDollars(checkout.shippingRefundedCents),
      total: centsToDollars(goodsCents + (shippingCents ?? 0)),
      lines: [...lines].sort(inBuyersOrder).map(orderDto),
    };
  }
  return {
    orderDto,
    checkoutDto,
    linesOf: orderLines.linesOf,
    checkoutResponse(
      checkout: CheckoutRow,
      lines: readonly OrderRow[],
      priceChanges: CheckoutResponse['priceChanges'],
    ): CheckoutResponse {
      return {
        checkout: checkoutDto(checkout, lines),
        priceChanges,
        message:
          priceChanges.length > 0
            ? texts.checkout.priceChanged(checkoutReference(checkout.id))
            : null,
      };
    },
  };
}

export type CheckoutDtos = ReturnType<typeof createCheckoutDtos>;

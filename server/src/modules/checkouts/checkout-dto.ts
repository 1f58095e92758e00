import {
  centsToDollars,
  checkoutReference,
  checkoutStatusOf,
  type Checkout,
  type CheckoutResponse,
  taxSummaryOf,
  texts,
  type Order,
  type TaxTerms,
} from '@tools-factory/contract';
import type { CheckoutRow } from './checkouts.repository.ts';
import {
  chargeOf,
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
    // What it is charged: its lines and the tax added on top of them, its shipping and its tax.
    const goodsCents = lines.reduce((sum, line) => sum + chargeOf(line), 0);
    const shippingCents = checkout.shippingCents;
    const totalCents = goodsCents + (shippingCents ?? 0) + checkout.shippingTaxCents;
    const addedTaxCents =
      lines.reduce((sum, line) => sum + line.taxCents, 0) + checkout.shippingTaxCents;
    const [first] = lines;
    const terms: TaxTerms = first
      ? { mode: first.taxMode, rateBasisPoints: first.taxRateBasisPoints }
      : { mode: 'included', rateBasisPoints: 0 };
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
      shippingTax: centsToDollars(checkout.shippingTaxCents),
      shippingRefunded: centsToDollars(checkout.shippingRefundedCents),
      total: centsToDollars(totalCents),
      tax: taxSummaryOf(terms, totalCents, addedTaxCents),
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

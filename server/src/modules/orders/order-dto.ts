import {
  centsToDollars,
  checkoutReference,
  orderReference,
  orderTotal,
  type ManagedOrder,
  type Order,
  type PlaceOrderResponse,
  wasPaid,
} from '@tools-factory/contract';
import { holdUntilOf } from './order-hold.ts';
import type { OrderRow } from './orders.repository.ts';

/** An order as the payments module sees it: whose it is, what it costs, where it stands. */
export type PayableOrder = {
  order: Order;
  /** Null once the customer's account was removed: the order stays, owned by nobody. */
  userId: string | null;
  /** Unit price times quantity, in cents. */
  totalCents: number;
  /** The tax added on top of it (issue 45: tax `added`; else 0): it is charged total plus this. */
  taxCents: number;
};

/** An order as the API shows it to its customer (My Orders, the payment page). */
export function toOrderDto(row: OrderRow, holdHours: number): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    name: row.toolName,
    sku: row.toolSku,
    checkoutId: row.checkoutId,
    checkoutReference: checkoutReference(row.checkoutId),
    poNumber: row.poNumber,
    img: row.toolImage,
    address: row.address,
    phone: row.phone,
    quantity: row.quantity,
    shippedQuantity: row.shippedQuantity,
    refunded: centsToDollars(row.refundedCents),
    email: row.email,
    price: centsToDollars(row.unitPriceCents),
    tax: centsToDollars(row.taxCents),
    // Its money in (issue 45): a line on account ships before its invoice is paid, and reads
    // unpaid until the payment that settles it gives it its transaction id.
    paid: wasPaid(row.status) && row.transactionId !== null,
    status: row.status,
    transectionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    reference: orderReference(row.id),
    holdUntil: holdUntilOf(row, holdHours)?.toISOString() ?? null,
    madeToOrder: row.madeToOrder,
    quoteId: row.quoteId,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
  };
}

/** An order for Manage Orders: with its total and the times it was shipped and cancelled. */
export function toManagedOrderDto(row: OrderRow, holdHours: number): ManagedOrder {
  const order = toOrderDto(row, holdHours);
  return {
    ...order,
    total: orderTotal(order.price, order.quantity),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function toPayableOrder(row: OrderRow, holdHours: number): PayableOrder {
  return {
    order: toOrderDto(row, holdHours),
    userId: row.userId,
    totalCents: row.unitPriceCents * row.quantity,
    taxCents: row.taxCents,
  };
}

/** POST /order's answer (the spec's acknowledged and insertedId, and the order). */
export function toPlaceOrderResponse(row: OrderRow, holdHours: number): PlaceOrderResponse {
  return placeOrderAnswer(toOrderDto(row, holdHours));
}

/** POST /order's answer for an order already mapped (toOrderDto). */
export function placeOrderAnswer(order: Order): PlaceOrderResponse {
  return { acknowledged: true, insertedId: order._id, order };
}

/** The mappings above with ORDER_HOLD_HOURS given once. */
export function createOrderDtos(holdHours: number) {
  return {
    orderDto: (row: OrderRow) => toOrderDto(row, holdHours),
    managedOrderDto: (row: OrderRow) => toManagedOrderDto(row, holdHours),
    payableOrder: (row: OrderRow) => toPayableOrder(row, holdHours),
    placeOrderResponse: (row: OrderRow) => toPlaceOrderResponse(row, holdHours),
  };
}

export type OrderDtos = ReturnType<typeof createOrderDtos>;

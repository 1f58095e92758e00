import {
  orderTotal,
  type Checkout,
  type MyCheckoutsPage,
  type Order,
} from '@tools-factory/contract';
import { makeOrder } from '../../../test/factories';

/** Where My Orders asks for the first page of Maria's checkouts (issue 43). */
export const MY_ORDERS_URL = '/api/checkouts/page';

/**
 * The checkout of `lines` (one checkout's, in their order) as GET /api/checkouts/page answers
 * it: unpaid, its shipping free unless told (issue 42).
 */
export function checkoutOf(
  lines: Order[],
  shipping: number | null = 0,
  shippingRefunded = 0,
): Checkout {
  const [first] = lines;
  if (!first) throw new Error('a checkout has lines');
  return {
    _id: first.checkoutId,
    reference: first.checkoutReference,
    poNumber: first.poNumber,
    companyName: '',
    taxNumber: '',
    address: first.address,
    phone: first.phone,
    createdAt: first.createdAt,
    status: 'unpaid',
    shipping,
    shippingRefunded,
    shippingTax: 0,
    total: lines.reduce((sum, line) => sum + orderTotal(line.price, line.quantity), shipping ?? 0),
    tax: { mode: 'included', rate: 0, amount: 0 },
    lines,
  };
}

/**
 * One page holding `orders` by their checkouts, in the order of each checkout's first line;
 * a checkout of `checkouts` stands for its own (its shipping), the others are checkoutOf theirs.
 */
export function pageOf(orders: Order[], checkouts: Checkout[] = []): MyCheckoutsPage {
  const lines = new Map<string, Order[]>();
  for (const order of orders) {
    lines.set(order.checkoutId, [...(lines.get(order.checkoutId) ?? []), order]);
  }
  const given = new Map(checkouts.map((checkout) => [checkout._id, checkout]));
  const page = [...lines.values()].map((own) => given.get(own[0]!.checkoutId) ?? checkoutOf(own));
  return { checkouts: page, total: page.length, next: null };
}

/** Maria's orders: 200 hammers unpaid, 150 wrenches at $20 paid, saws shipped. */
export const unpaid = makeOrder({
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Claw Hammer',
});
export const paid = makeOrder({
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Pipe Wrench',
  quantity: 150,
  price: 20,
  paid: true,
  status: 'paid',
  transectionId: 'pi_3PaidOrder42',
});
export const shipped = makeOrder({
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Hand Saw',
  paid: true,
  status: 'shipped',
  transectionId: 'pi_3ShippedOrder7',
});

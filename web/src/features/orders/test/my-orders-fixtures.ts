import { type Checkout, type MyCheckoutsPage, type Order } from '@tools-factory/contract';
import { makeCheckout, makeOrder } from '../../../test/factories';

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
  return makeCheckout(lines, { shipping, shippingRefunded });
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

/**
 * Maria's checkout of two lines, unpaid: 150 hammers at $12.50 and 300 files at $4.00, $3,075.00
 * of goods.
 */
export const twoLines = (() => {
  const id = '7c1d2e3f-4444-4555-8666-777788889999';
  return {
    id,
    hammer: makeOrder({
      _id: '21111111-1111-4111-8111-111111111111',
      checkoutId: id,
      quantity: 150,
    }),
    file: makeOrder({
      _id: '31111111-1111-4111-8111-111111111111',
      checkoutId: id,
      name: 'Metal File',
      sku: 'FL-MET-8',
      quantity: 300,
      price: 4,
    }),
  };
})();

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

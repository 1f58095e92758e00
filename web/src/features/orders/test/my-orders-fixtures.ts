import { makeOrder } from '../../../test/factories';

/** Where My Orders asks for Maria's orders. */
export const ORDERS_URL = '/api/orders?email=maria%40example.com';

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

import { shipToTown, texts, type ManagedOrder } from '@tools-factory/contract';
import { fakeIdentityServer } from '../../../test/identity';
import { type Answer, type ApiRequest } from '../../../test/fake-api';
import { makeManagedOrder } from '../../../test/factories';
import { jsonResponse } from '../../../test/render';

/** Olga's order of 200 hammers at $12.50 ($2500), unpaid unless told otherwise. */
export function managedOrder(overrides: Partial<ManagedOrder> = {}): ManagedOrder {
  return makeManagedOrder({
    address: '12 Harbour Road, Chattogram',
    email: 'olga@example.com',
    createdAt: '2025-03-04T10:30:00.000Z',
    ...overrides,
  });
}

/** Pavel's paid order of 150 pipe wrenches at $20 ($3,000), waiting to be shipped. */
export function paidManagedOrder(overrides: Partial<ManagedOrder> = {}): ManagedOrder {
  return managedOrder({
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Pipe Wrench',
    email: 'pavel@example.com',
    quantity: 150,
    price: 20,
    paid: true,
    status: 'paid',
    transectionId: 'pi_3PaidOrder42',
    createdAt: '2025-03-03T08:00:00.000Z',
    ...overrides,
  });
}

/**
 * The admin calls of Manage Orders on the orders held here, as the server answers them (admins
 * only, so every call here is an admin's). `answer` sees each call first and may answer it
 * otherwise (a refusal, a call that never ends).
 */
export function managedOrdersServer({
  orders: initialOrders = [],
  answer = () => undefined,
}: {
  orders?: ManagedOrder[];
  answer?: (request: ApiRequest) => Answer;
} = {}) {
  const store = { orders: [...initialOrders] };
  const { server } = fakeIdentityServer({
    answer: async (request) => {
      const special = await answer(request);
      if (special) return special;
      const { method, url } = request;
      if (method === 'GET' && url === '/api/manageOrders') return jsonResponse(store.orders);
      if (method === 'GET' && url.startsWith('/api/manageOrders/search')) {
        // The search's answer on the orders held here: the status and words kept, one page.
        const query = new URLSearchParams(url.split('?')[1] ?? '');
        const status = query.get('status');
        const q = query.get('q')?.toLowerCase();
        const page = Number(query.get('page') ?? 1);
        const pageSize = Number(query.get('pageSize') ?? 200);
        const found = store.orders.filter(
          (order) =>
            (!status || order.status === status) &&
            (!q ||
              [order.reference, order.email, order.name].some((text) =>
                text.toLowerCase().includes(q),
              )),
        );
        return jsonResponse({
          orders: found
            .slice((page - 1) * pageSize, page * pageSize)
            .map((order) => ({ ...order, customerName: null, town: shipToTown(order.address) })),
          total: found.length,
          // Each order here is a checkout of its own (its id is its checkout's).
          checkouts: new Set(found.map((order) => order.checkoutId)).size,
          page,
          pageSize,
        });
      }
      const shipId = /^\/api\/manageOrders\/(.+)\/ship$/.exec(url)?.[1];
      if (method === 'PATCH' && shipId) {
        const order = store.orders.find((candidate) => candidate._id === shipId);
        if (!order) return jsonResponse({ message: 'Order not found', statusCode: 404 }, 404);
        if (order.status === 'unpaid') {
          const message = texts.adminErrors.unpaidOrderCannotBeShipped;
          return jsonResponse({ message, statusCode: 409 }, 409);
        }
        const shipped = {
          ...order,
          status: 'shipped' as const,
          shippedQuantity: order.quantity,
          shippedAt: '2025-03-05T09:00:00Z',
        };
        store.orders = store.orders.map((candidate) => (candidate === order ? shipped : candidate));
        return jsonResponse(shipped);
      }
      const orderId = /^\/api\/deleteOrder\/(.+)$/.exec(url)?.[1];
      if (method === 'DELETE' && orderId) {
        const before = store.orders.length;
        store.orders = store.orders.filter((order) => order._id !== orderId);
        return jsonResponse({ deletedCount: before - store.orders.length });
      }
      return undefined;
    },
  });
  return { server, store };
}

import {
  centsToDollars,
  checkoutReference,
  dollarsToCents,
  formatMoney,
  MANAGED_ORDERS_PAGE_SIZE,
  shipToTown,
  texts,
  type CancelOrderResponse,
  type ManagedCheckout,
  type ManagedOrder,
  type ManagedOrderDetail,
  type RefundOrderResponse,
} from '@tools-factory/contract';
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

/** An order's page as GET /manageOrders/{id} answers it: Pavel's, paid, nothing recorded. */
export function managedOrderDetail(order: ManagedOrder): ManagedOrderDetail {
  return {
    ...order,
    customerName: 'Pavel Novak',
    town: shipToTown(order.address),
    paidAt: order.paid ? order.createdAt : null,
    unshipUntil: null,
    events: [],
  };
}

/** A checkout's page as GET /manageCheckouts/{id} answers it: its lines, no shipment yet. */
function managedCheckout(checkoutId: string, lines: ManagedOrder[]): ManagedCheckout {
  const [first] = lines;
  return {
    _id: checkoutId,
    reference: checkoutReference(checkoutId),
    poNumber: first?.poNumber ?? '',
    email: first?.email ?? '',
    address: first?.address ?? '',
    phone: '',
    createdAt: first?.createdAt ?? '',
    shipping: 0,
    shippingRefunded: 0,
    lines,
    shipments: [],
  };
}

/** What is left to give back of an order, in cents (issue 42). */
const leftCents = (order: ManagedOrder) =>
  dollarsToCents(order.total) - dollarsToCents(order.refunded);

/**
 * The admin calls of Manage Orders on the orders held here, as the server answers them (admins
 * only, so every call here is an admin's): the list and its search, an order's page and its
 * checkout's, Ship, Remove, Cancel (refunding what is left, or not) and Refund part (issue 42),
 * each refund with the next credit note. `answer` sees each call first and may answer it
 * otherwise (a refusal, a call that never ends).
 */
export function managedOrdersServer({
  orders: initialOrders = [],
  answer = () => undefined,
}: {
  orders?: ManagedOrder[];
  answer?: (request: ApiRequest) => Answer;
} = {}) {
  const store = { orders: [...initialOrders], creditNotes: 0 };
  /** The order as it now stands, kept in the store. */
  const update = (order: ManagedOrder, changes: Partial<ManagedOrder>): ManagedOrder => {
    const changed = { ...order, ...changes };
    store.orders = store.orders.map((candidate) => (candidate === order ? changed : candidate));
    return changed;
  };
  const nextCreditNote = (cents: number) => {
    const sequence = String(++store.creditNotes).padStart(6, '0');
    return {
      id: `c0000000-0000-4000-8000-${sequence.padStart(12, '0')}`,
      number: `CN-2025-${sequence}`,
      amount: centsToDollars(cents),
    };
  };
  const { server } = fakeIdentityServer({
    answer: async (request) => {
      const special = await answer(request);
      if (special) return special;
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/manageOrders') return jsonResponse(store.orders);
      if (method === 'GET' && url.startsWith('/api/manageOrders/search')) {
        // The search's answer on the orders held here: the status and words kept, one page.
        const query = new URLSearchParams(url.split('?')[1] ?? '');
        const status = query.get('status');
        const q = query.get('q')?.toLowerCase();
        const page = Number(query.get('page') ?? 1);
        const pageSize = Number(query.get('pageSize') ?? MANAGED_ORDERS_PAGE_SIZE);
        // The server's cursor is opaque to the page: here, where the page starts.
        const after = query.get('after');
        const start = after ? Number(after.replace('from-', '')) : (page - 1) * pageSize;
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
            .slice(start, start + pageSize)
            .map((order) => ({ ...order, customerName: null, town: shipToTown(order.address) })),
          total: found.length,
          // Each order here is a checkout of its own (its id is its checkout's).
          checkouts: new Set(found.map((order) => order.checkoutId)).size,
          capped: false,
          page,
          pageSize,
          next: start + pageSize < found.length ? `from-${start + pageSize}` : null,
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
      const pageId = /^\/api\/manageOrders\/([^/]+)$/.exec(url)?.[1];
      const page = store.orders.find((candidate) => candidate._id === pageId);
      if (method === 'GET' && page) return jsonResponse(managedOrderDetail(page));
      const checkoutId = /^\/api\/manageCheckouts\/([^/]+)$/.exec(url)?.[1];
      if (method === 'GET' && checkoutId) {
        const lines = store.orders.filter((order) => order.checkoutId === checkoutId);
        return jsonResponse(managedCheckout(checkoutId, lines));
      }
      const cancelId = /^\/api\/manageOrders\/(.+)\/cancel$/.exec(url)?.[1];
      const toCancel = store.orders.find((candidate) => candidate._id === cancelId);
      if (method === 'POST' && toCancel) {
        // No body, or { refund: true }: what is left goes back, with a credit note.
        const keepMoney = (body as { refund?: boolean } | undefined)?.refund === false;
        const cents = keepMoney ? 0 : leftCents(toCancel);
        const order = update(toCancel, {
          status: 'cancelled',
          cancelledAt: '2025-03-05T09:00:00.000Z',
          refunded: centsToDollars(dollarsToCents(toCancel.refunded) + cents),
        });
        const creditNote = cents > 0 ? nextCreditNote(cents) : null;
        return jsonResponse({ order, creditNote } satisfies CancelOrderResponse);
      }
      const refundId = /^\/api\/manageOrders\/(.+)\/refunds$/.exec(url)?.[1];
      const toRefund = store.orders.find((candidate) => candidate._id === refundId);
      if (method === 'POST' && toRefund) {
        const cents = dollarsToCents((body as { amount: number }).amount);
        if (cents > leftCents(toRefund)) {
          const left = formatMoney(centsToDollars(leftCents(toRefund)));
          const message = texts.adminErrors.refundAboveLeft(left);
          return jsonResponse({ message, statusCode: 400 }, 400);
        }
        const refunded = centsToDollars(dollarsToCents(toRefund.refunded) + cents);
        const order = update(toRefund, { refunded });
        return jsonResponse({
          order,
          creditNote: nextCreditNote(cents),
        } satisfies RefundOrderResponse);
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

import { buffer } from 'node:stream/consumers';
import { describe, expect } from 'vitest';
import { ManagedOrderListSchema } from '@tools-factory/contract';
import { appTest } from '../../testing/app-fixtures.ts';
import { placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { injectAs } from '../../testing/requests.ts';

// An app of its own: the test reads every order there is.
const it = appTest({ config: UNCAPPED_ORDERS });

describe('GET /api/manageOrders streamed a page of orders at a time (issue 43)', () => {
  it('lists every order once, newest first, checkout by checkout, whatever the page size', async ({
    app,
    customer,
    otherCustomer,
    admin,
  }) => {
    const [saw, file, vise] = await Promise.all(
      ['Streamed Saw', 'Streamed File', 'Streamed Vise'].map((name) =>
        createTestTool(app, { name, availableQuantity: 100_000 }),
      ),
    );
    const lines = (quantity: number) => [vise!, saw!, file!].map((tool) => ({ tool, quantity }));
    const single = await placeTestOrder(app, customer, saw!, { quantity: 20 });
    const three = await placeTestCheckout(app, otherCustomer, lines(30));
    const two = await placeTestCheckout(app, customer, lines(40).slice(0, 2));

    const response = await injectAs(app, admin, { url: '/api/manageOrders' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = ManagedOrderListSchema.parse(response.json());

    // Newest first, each checkout's lines together in the buyer's order (the cart's).
    const checkoutOf = (id: string) => listed.find((order) => order._id === id)?.checkoutId;
    expect(listed.map((order) => order.checkoutId)).toEqual([
      two._id,
      two._id,
      three._id,
      three._id,
      three._id,
      checkoutOf(single._id),
    ]);
    // Each checkout's lines in the buyer's order, as the checkout itself lists them.
    expect(listed.slice(0, 5).map((order) => order._id)).toEqual(
      [...two.lines, ...three.lines].map((line) => line._id),
    );
    expect(listed[5]).toMatchObject({ _id: single._id, quantity: 20, email: customer.email });

    // Read a page at a time down to one order a page, the same bytes: a checkout a page ends in
    // is written once, whole.
    for (let pageSize = 1; pageSize <= listed.length + 1; pageSize += 1) {
      const streamed = await buffer(app.orders.streamAllOrders(pageSize));
      expect(streamed.toString('utf8'), `pages of ${pageSize}`).toBe(response.body);
    }
  });
});

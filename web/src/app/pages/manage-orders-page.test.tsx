import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shipToTown, texts } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer } from '../../test/identity';
import { callsTo } from '../../test/fake-api';
import { hammer } from '../../test/factories';
import { jsonResponse, renderRoutes, rowOf } from '../../test/render';
import {
  managedOrder,
  managedOrdersServer,
  paidManagedOrder,
} from '../../features/orders/test/managed-orders-server';
import {
  columnHeaders,
  neverAnswered,
  removeOrder,
} from '../../features/orders/test/order-list-steps';
import { signedInForEachTest } from '../../test/signed-in';
import { catchSavedFiles } from '../../features/orders/test/saved-files';
import { ManageOrders } from '../../features/orders/components/manage-orders';
import ManageOrdersPage from './manage-orders-page';

const unpaid = managedOrder();
const paid = paidManagedOrder();
const shipped = managedOrder({
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Hand Saw',
  paid: true,
  status: 'shipped',
  transectionId: 'pi_3ShippedOrder7',
  createdAt: '2025-03-01T08:00:00.000Z',
  shippedAt: '2025-03-02T08:00:00.000Z',
});

const LIST_URL = '/api/manageOrders/search';

function renderManageOrders() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/', element: <ManageOrdersPage /> }]);
  // The home page's list is in the cache: stock returned by a removal must show there.
  view.queryClient.setQueryData(['tools'], [hammer]);
  return { ...view, user };
}

describe('ManageOrders', () => {
  signedInForEachTest();

  it('shows a spinner while the orders load', () => {
    fakeIdentityServer({ answer: neverAnswered });
    renderManageOrders();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('marks an order made to order (from a quote, beyond the stock) and says what that means', async () => {
    const madeToOrder = managedOrder({
      _id: '44444444-4444-4444-8444-444444444444',
      name: 'Bench Vise',
      madeToOrder: true,
      quoteId: '55555555-5555-4555-8555-555555555555',
    });
    managedOrdersServer({ orders: [madeToOrder, paid] });
    renderManageOrders();
    await screen.findByRole('table');
    expect(rowOf('Bench Vise').getByRole('rowheader')).toHaveTextContent(
      'Bench ViseSKU HM-CLAW-16TF-44444444checkout CO-44444444ship to: Chattogrammade to orderMade for you: it ships when produced.',
    );
    expect(rowOf('Pipe Wrench').queryByText('made to order')).not.toBeInTheDocument();
  });

  it("shows each order's SKU, its checkout's reference and the buyer's PO number when given (issue 26)", async () => {
    const checkoutId = '66666666-6666-4666-8666-666666666666';
    const firstLine = managedOrder({
      checkoutId,
      checkoutReference: 'CO-66666666',
      poNumber: 'PO-4711',
    });
    const secondLine = managedOrder({
      _id: '77777777-7777-4777-8777-777777777777',
      name: 'Pipe Wrench',
      sku: 'WR-PIPE-18',
      checkoutId,
      checkoutReference: 'CO-66666666',
      poNumber: 'PO-4711',
    });
    const beforeSkus = managedOrder({ ...shipped, sku: '' });
    managedOrdersServer({ orders: [firstLine, secondLine, beforeSkus] });
    renderManageOrders();
    await screen.findByRole('table');
    // The checkout's facts once, on its head (issue 42); its lines under it, without them.
    expect(screen.getByRole('link', { name: 'Open checkout CO-66666666' })).toHaveAttribute(
      'href',
      `/dashborad/allorders/checkout/${checkoutId}`,
    );
    const head = screen.getByRole('link', { name: 'Open checkout CO-66666666' }).closest('p');
    expect(head).toHaveTextContent(
      /^Checkout CO-66666666 · 2 tools · PO PO-4711 · ship to: Chattogram · olga@example.com · Total \$[\d,.]+ · unpaid$/,
    );
    expect(rowOf('Claw Hammer').getByRole('rowheader')).toHaveTextContent(
      'Claw HammerSKU HM-CLAW-16TF-11111111',
    );
    expect(rowOf('Pipe Wrench').getByRole('rowheader')).toHaveTextContent(
      'Pipe WrenchSKU WR-PIPE-18TF-77777777',
    );
    expect(rowOf('Pipe Wrench').getByRole('rowheader')).not.toHaveTextContent('CO-66666666');
    // An order from before SKUs shows none, and a checkout without a PO number no PO.
    expect(rowOf('Hand Saw').getByRole('rowheader')).toHaveTextContent(
      'Hand SawTF-33333333checkout CO-33333333ship to: Chattogram',
    );
  });

  it('lists every order with its tool, customer, quantity, total, date and status', async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid, shipped] });
    renderManageOrders();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual([
      'tool',
      'customer',
      'quantity',
      'total',
      'date',
      'status',
      'action',
    ]);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);

    const row = rowOf('Claw Hammer');
    expect(row.getByRole('rowheader')).toHaveTextContent('Claw Hammer');
    expect(row.getByText('olga@example.com')).toBeInTheDocument();
    expect(row.getByText('200')).toBeInTheDocument();
    // The total is unit price times quantity, with the unit price under it.
    expect(row.getByText('$2,500.00')).toBeInTheDocument();
    expect(row.getByText('$12.50 each')).toBeInTheDocument();
    const date = screen
      .getByRole('row', { name: /Claw Hammer/ })
      .querySelector('time[datetime="2025-03-04T10:30:00.000Z"]');
    expect(date?.textContent).toMatch(/Mar \d, 2025/);

    expect(row.getByText('unpaid')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').getByText('panding')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').getByText('$3,000.00')).toBeInTheDocument();
    expect(rowOf('Hand Saw').getByText('shipped')).toBeInTheDocument();
    const [list] = callsTo(server.requests, 'GET', LIST_URL);
    expect(list?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('offers Ship for a paid order, Remove for an unpaid one, and neither once shipped; an invoice once paid, Cancel for a paid one', async () => {
    managedOrdersServer({ orders: [unpaid, paid, shipped] });
    renderManageOrders();
    await screen.findByRole('table');
    expect(rowOf('Pipe Wrench').getByRole('button', { name: 'Ship' })).toHaveAccessibleDescription(
      'Pipe Wrench',
    );
    expect(rowOf('Pipe Wrench').queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(rowOf('Claw Hammer').queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    // Shipped: its invoice, and Cancel (a refund and a credit note); no Ship, no Remove.
    expect(
      rowOf('Hand Saw')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Invoice', 'Cancel']);
    for (const [name, reference] of [
      ['Pipe Wrench', paid.reference],
      ['Hand Saw', shipped.reference],
    ] as const) {
      expect(
        rowOf(name).getByRole('button', {
          name: `Download the invoice of order ${reference} (PDF)`,
        }),
      ).toHaveTextContent('Invoice');
    }
    expect(rowOf('Claw Hammer').queryByRole('button', { name: /invoice/i })).toBeNull();
  });

  it("reads a cancelled order whose money went back 'refunded', and says what went back (issue 42)", async () => {
    managedOrdersServer({
      orders: [
        { ...paid, refunded: 120 },
        { ...shipped, status: 'cancelled', refunded: 2500 },
        managedOrder({
          ...paid,
          _id: '44444444-4444-4444-8444-444444444444',
          name: 'Bench Vise',
          status: 'cancelled',
        }),
      ],
    });
    renderManageOrders();
    await screen.findByRole('table');
    expect(rowOf('Pipe Wrench').getByText('panding')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').getByText('$120.00 refunded')).toBeInTheDocument();
    expect(rowOf('Hand Saw').getByText('refunded')).toBeInTheDocument();
    expect(rowOf('Hand Saw').getByText('$2,500.00 refunded')).toBeInTheDocument();
    // Cancelled without a refund: its money kept, no credit note.
    expect(rowOf('Bench Vise').getByText('cancelled')).toBeInTheDocument();
    expect(rowOf('Bench Vise').queryByText(/refunded/)).toBeNull();
    expect(rowOf('Bench Vise').queryByRole('button', { name: /credit note/i })).toBeNull();
  });

  it('Cancel from the list without a refund says nothing was refunded and shows it cancelled (issue 42)', async () => {
    const { server } = managedOrdersServer({ orders: [paid] });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Pipe Wrench').getByRole('button', { name: texts.manageOrders.cancel }));
    const dialog = screen.getByRole('dialog', { name: texts.manageOrders.confirmCancelTitle });
    await user.click(
      within(dialog).getByRole('checkbox', { name: texts.manageOrders.refundToCard('$3,000.00') }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: texts.manageOrders.cancelWithoutRefund }),
    );
    expect(
      await screen.findByText(texts.manageOrders.cancelSuccessWithoutRefund(paid.reference)),
    ).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'POST', `/api/manageOrders/${paid._id}/cancel`)[0]?.body,
    ).toEqual({ refund: false });
    expect(await rowOf('Pipe Wrench').findByText('cancelled')).toBeInTheDocument();
  });

  it('Ship asks for the carrier and tracking number, sends them, says so and shows it shipped', async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid] });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Pipe Wrench').getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    await user.type(within(dialog).getByLabelText('Carrier (optional)'), 'DHL');
    await user.type(within(dialog).getByLabelText('Tracking number (optional)'), 'JD0146');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));

    expect(await screen.findByText('Shipped Pipe Wrench to pavel@example.com')).toBeInTheDocument();
    const [ship] = callsTo(server.requests, 'PATCH', `/api/manageOrders/${paid._id}/ship`);
    expect(ship?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(ship?.body).toEqual({ carrier: 'DHL', trackingNumber: 'JD0146' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Pipe Wrench').getByText('shipped')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(server.requests, 'GET', LIST_URL)).toHaveLength(2));
  });

  it('lets one Ship go at a time, the pressed one busy', async () => {
    let answer: (response: Response) => void = () => undefined;
    const otherId = '44444444-4444-4444-8444-444444444444';
    const other = managedOrder({
      ...paid,
      _id: otherId,
      checkoutId: otherId,
      checkoutReference: 'CO-44444444',
    });
    const { server } = managedOrdersServer({
      orders: [paid, { ...other, name: 'Wood Chisel' }],
      answer: ({ method }) =>
        method === 'PATCH' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Pipe Wrench').getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    const ship = within(dialog).getByRole('button', { name: 'Ship' });
    await user.click(ship);
    await vi.waitFor(() => expect(ship).toHaveAttribute('aria-busy', 'true'));
    expect(rowOf('Wood Chisel').getByRole('button', { name: 'Ship' })).toBeDisabled();
    answer(jsonResponse({ ...paid, status: 'shipped', shippedAt: '2025-03-05T09:00:00Z' }));
    expect(await screen.findByText('Shipped Pipe Wrench to pavel@example.com')).toBeInTheDocument();
    expect(rowOf('Wood Chisel').getByRole('button', { name: 'Ship' })).toBeEnabled();
    expect(server.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it("shows the server's refusal to ship in the dialog, and the list as it now is", async () => {
    const { server } = managedOrdersServer({
      orders: [paid],
      answer: ({ method }) =>
        method === 'PATCH'
          ? jsonResponse(
              { message: 'This order is not paid yet, so it cannot be shipped.', statusCode: 409 },
              409,
            )
          : undefined,
    });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Pipe Wrench').getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(
      await within(dialog).findByText('This order is not paid yet, so it cannot be shipped.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(server.requests, 'GET', LIST_URL)).toHaveLength(2));
  });

  it('Remove asks first, with the tool, customer and quantity; cancel removes nothing', async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid] });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this order?' });
    expect(within(dialog).getByText('Claw Hammer')).toBeInTheDocument();
    expect(within(dialog).getByText('olga@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('200')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Its reserved quantity goes back on sale. This cannot be undone.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it("Delete removes an unpaid order, says 'Delete success', closes and refreshes the orders and the catalog", async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid] });
    const { user, queryClient } = renderManageOrders();
    await screen.findByRole('table');
    await removeOrder(user, 'Claw Hammer');

    expect(await screen.findByText('Delete success')).toBeInTheDocument();
    const [deletion] = callsTo(server.requests, 'DELETE', `/api/deleteOrder/${unpaid._id}`);
    expect(deletion?.headers.get('Authorization')).toBe('Bearer token-0');
    await vi.waitFor(() =>
      expect(screen.queryByRole('row', { name: /Claw Hammer/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', LIST_URL)).toHaveLength(2);
    // Its quantity is back on sale: the home page's list is asked for again when next shown.
    expect(queryClient.getQueryState(['tools'])?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal to remove as a toast and closes the confirmation", async () => {
    managedOrdersServer({
      orders: [unpaid],
      answer: ({ method }) =>
        method === 'DELETE'
          ? jsonResponse({ message: 'Order not found', statusCode: 404 }, 404)
          : undefined,
    });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    await removeOrder(user, 'Claw Hammer');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByText('Delete success')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('Export CSV', () => {
    const CSV_URL = '/api/manageOrders.csv';
    const csv = '\uFEFFdate,reference\r\n2025-03-03T08:00:00.000Z,TF-22222222\r\n';
    const saved = catchSavedFiles();

    it("downloads the file with the admin's token and saves it under the server's dated name", async () => {
      const { requests } = managedOrdersServer({
        orders: [unpaid, paid],
        answer: ({ method, url }) =>
          method === 'GET' && url === CSV_URL
            ? new Response(csv, {
                headers: {
                  'Content-Type': 'text/csv; charset=utf-8',
                  'Content-Disposition': 'attachment; filename="orders-2026-11-23.csv"',
                },
              })
            : undefined,
      }).server;
      const { user } = renderManageOrders();
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      await vi.waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.name).toBe('orders-2026-11-23.csv');
      expect([
        ...new Uint8Array((await saved[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0)),
      ]).toEqual([...new TextEncoder().encode(csv)]);
      const [call] = callsTo(requests, 'GET', CSV_URL);
      expect(call?.headers.get('Authorization')).toBe('Bearer token-0');
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });

    it("shows the server's refusal as a toast and saves nothing", async () => {
      managedOrdersServer({
        orders: [unpaid],
        answer: ({ url }) =>
          url === CSV_URL
            ? jsonResponse({ message: 'Only admins can do this.', statusCode: 403 }, 403)
            : undefined,
      });
      const { user } = renderManageOrders();
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Only admins can do this.')).toBeInTheDocument();
      expect(saved).toHaveLength(0);
    });
  });

  it('filters by status and searches by words, asking the server for them, and says when none match', async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid, shipped] });
    const { user } = renderManageOrders();
    await screen.findByRole('table');
    expect(screen.getByText('3 orders')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await vi.waitFor(() =>
      expect(callsTo(server.requests, 'GET', `${LIST_URL}?status=paid`)).toHaveLength(1),
    );
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').getByText('TF-22222222')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No order matches this search')).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'GET', `${LIST_URL}?status=paid&q=nothing+like+it`),
    ).toHaveLength(1);
  });

  it('pages beyond the page size with Previous and Next', async () => {
    const { server } = managedOrdersServer({ orders: [unpaid, paid, shipped] });
    const user = userEvent.setup();
    renderRoutes([
      {
        path: '/',
        element: <ManageOrders onStockReturned={() => Promise.resolve()} pageSize={2} />,
      },
    ]);
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(rowOf('Hand Saw').getByText('shipped')).toBeInTheDocument();
    // Issue 43: the next page starts where this one ended (its `next`), not counted from the first.
    expect(
      callsTo(server.requests, 'GET', `${LIST_URL}?page=2&after=from-2&pageSize=2`),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench')).toBeDefined();
  });

  it('says "More than" and pages without a count when the counts are capped (issue 43)', async () => {
    const { server } = managedOrdersServer({
      orders: [unpaid, paid, shipped],
      answer: ({ method, url }) => {
        if (method !== 'GET' || !url.startsWith(LIST_URL)) return undefined;
        const first = !url.includes('after=');
        return jsonResponse({
          orders: (first ? [unpaid] : [paid]).map((order) => ({
            ...order,
            customerName: null,
            town: shipToTown(order.address),
          })),
          total: 10_000,
          checkouts: 9_000,
          capped: true,
          page: first ? 1 : 2,
          pageSize: 1,
          next: first ? 'from-1' : 'from-2',
        });
      },
    });
    const user = userEvent.setup();
    renderRoutes([
      {
        path: '/',
        element: <ManageOrders onStockReturned={() => Promise.resolve()} pageSize={1} />,
      },
    ]);
    expect(await screen.findByText('More than 10,000 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'GET', `${LIST_URL}?page=2&after=from-1&pageSize=1`),
    ).toHaveLength(1);
  });

  it('says so when there are no orders yet', async () => {
    managedOrdersServer({ orders: [] });
    renderManageOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the orders cannot be read", async () => {
    fakeIdentityServer({
      answer: () => jsonResponse({ message: 'Only admins can do this.', statusCode: 403 }, 403),
    });
    renderManageOrders();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only admins can do this.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

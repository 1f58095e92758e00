import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoney, texts, type Checkout, type Order } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { makeOrder } from '../../../test/factories';
import { formatDateTime } from '../../../lib/format';
import { jsonResponse, renderWithProviders, rowOf } from '../../../test/render';
import {
  MY_ORDERS_URL,
  checkoutOf,
  pageOf,
  paid,
  shipped,
  twoLines,
  unpaid,
} from '../test/my-orders-fixtures';
import { columnHeaders, neverAnswered, removeOrder } from '../test/order-list-steps';
import { signedInForEachTest } from '../../../test/signed-in';
import { MyOrders } from './my-orders';

/**
 * GET /api/checkouts/page answers the orders held here, by their checkouts (`checkouts` stand
 * for their own: issue 42, their shipping); DELETE /api/deleteOrder/{id} takes the order out of
 * it (or answers `deleteAnswer` when one is given).
 */
function ordersServer(initial: Order[], deleteAnswer?: () => Response, checkouts?: Checkout[]) {
  let orders = [...initial];
  return fakeIdentityServer({
    user: maria,
    answer: ({ method, url }: ApiRequest) => {
      if (method === 'GET' && url === MY_ORDERS_URL) return jsonResponse(pageOf(orders, checkouts));
      const removed = /^\/api\/deleteOrder\/(.+)$/.exec(url)?.[1];
      if (method === 'DELETE' && removed) {
        if (deleteAnswer) return deleteAnswer();
        orders = orders.filter((candidate) => candidate._id !== removed);
        return jsonResponse({ deletedCount: 1 });
      }
      return undefined;
    },
  });
}

function renderMyOrders() {
  const user = userEvent.setup();
  renderWithProviders(<MyOrders />, { route: '/dashborad/orders' });
  return { user };
}

describe('MyOrders', () => {
  signedInForEachTest();

  it('shows a spinner while the orders load', () => {
    fakeIdentityServer({ user: maria, answer: neverAnswered });
    renderMyOrders();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('lists the orders under the columns no., name, email, quantity, price, action', async () => {
    const { server } = ordersServer([unpaid, paid]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual(['no.', 'name', 'email', 'quantity', 'price', 'action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('rowheader')).toHaveTextContent('1');
    expect(first.getByText('Claw Hammer')).toBeInTheDocument();
    expect(first.getByText('maria@example.com')).toBeInTheDocument();
    expect(first.getByText('200')).toBeInTheDocument();
    // The price is what the order costs: unit price times quantity, with the unit price under it.
    expect(first.getByText('$2,500.00')).toBeInTheDocument();
    expect(first.getByText('$12.50 each')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('2');
    const [list] = callsTo(server.requests, 'GET', MY_ORDERS_URL);
    expect(list?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('marks an order made to order (from a quote, beyond the stock) and says what that means', async () => {
    const madeToOrder = makeOrder({
      _id: '44444444-4444-4444-8444-444444444444',
      name: 'Bench Vise',
      madeToOrder: true,
      quoteId: '55555555-5555-4555-8555-555555555555',
    });
    ordersServer([madeToOrder, unpaid]);
    renderMyOrders();
    const row = within(await screen.findByRole('row', { name: /Bench Vise/ }));
    expect(row.getByText('made to order')).toBeInTheDocument();
    expect(row.getByText('Made for you: it ships when produced.')).toBeInTheDocument();
    expect(rowOf('Claw Hammer').queryByText('made to order')).not.toBeInTheDocument();
  });

  it('shows the SKU each order was placed with, and none for an order from before SKUs', async () => {
    const beforeSkus = makeOrder({
      _id: '44444444-4444-4444-8444-444444444444',
      name: 'Bench Vise',
      sku: '',
    });
    ordersServer([unpaid, beforeSkus]);
    renderMyOrders();
    const hammerRow = await screen.findByRole('row', { name: /Claw Hammer/ });
    expect(within(hammerRow).getByText('HM-CLAW-16')).toBeInTheDocument();
    expect(within(hammerRow).getByText('HM-CLAW-16').parentElement).toHaveTextContent(
      /^SKU HM-CLAW-16$/,
    );
    expect(rowOf('Bench Vise').queryByText(/^SKU/)).not.toBeInTheDocument();
  });

  it('tells two identical orders apart by their reference, with when each was placed and where it ships', async () => {
    const twin = makeOrder({
      _id: '44444444-4444-4444-8444-444444444444',
      createdAt: '2025-01-01T00:05:00.000Z',
    });
    ordersServer([unpaid, twin]);
    renderMyOrders();
    const rows = (await screen.findAllByRole('row')).slice(1).map((row) => within(row));
    expect(rows.map((row) => row.getByText(/^TF-/).textContent)).toEqual([
      'TF-11111111',
      'TF-44444444',
    ]);
    const [first, second] = rows;
    expect(first?.getByText(formatDateTime('2025-01-01T00:00:00.000Z'))).toHaveAttribute(
      'datetime',
      '2025-01-01T00:00:00.000Z',
    );
    expect(second?.getByText(formatDateTime('2025-01-01T00:05:00.000Z'))).toBeInTheDocument();
    expect(first?.getByText('Ship to: 12 Harbour Road, Dhaka')).toBeInTheDocument();
  });

  it("says until when an unpaid order is held, and when one's hold has ended", async () => {
    const held = makeOrder({ holdUntil: '2999-01-01T10:00:00.000Z' });
    const ended = makeOrder({
      _id: '55555555-5555-4555-8555-555555555555',
      name: 'Pipe Wrench',
      holdUntil: '2025-01-03T00:00:00.000Z',
    });
    ordersServer([held, ended]);
    renderMyOrders();
    await screen.findByRole('table');
    const heldRow = rowOf('Claw Hammer');
    expect(heldRow.getByText('unpaid')).toBeInTheDocument();
    expect(
      heldRow.getByText(`held until ${formatDateTime('2999-01-01T10:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(
      rowOf('Pipe Wrench').getByText(`expired ${formatDateTime('2025-01-03T00:00:00.000Z')}`),
    ).toBeInTheDocument();
  });

  it('offers pay (to the payment page) and Remove for an unpaid order', async () => {
    ordersServer([unpaid]);
    renderMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Claw Hammer');
    expect(row.getByRole('link', { name: 'pay' })).toHaveAttribute(
      'href',
      `/dashborad/orders/payment/${unpaid._id}`,
    );
    expect(row.getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription('Claw Hammer');
    expect(row.queryByText('panding')).not.toBeInTheDocument();
  });

  it("shows 'panding' and the transaction id for a paid order, with neither pay nor Remove", async () => {
    ordersServer([paid]);
    renderMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Pipe Wrench');
    expect(row.getByText('panding')).toBeInTheDocument();
    expect(row.getByText('pi_3PaidOrder42')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it("shows 'shipped' for a shipped order, with neither pay nor Remove", async () => {
    ordersServer([shipped]);
    renderMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Hand Saw');
    // Dark text on a light green: daisyUI's white-on-green badge is too faint to read.
    expect(row.getByText('shipped')).toHaveClass('text-base-content');
    expect(row.getByText('shipped')).not.toHaveClass('badge-success');
    expect(row.queryByText(/held until/)).not.toBeInTheDocument();
    expect(row.getByText('pi_3ShippedOrder7')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('shows the carrier and tracking number of a shipped order when the admin gave them (issue 25)', async () => {
    ordersServer([{ ...shipped, carrier: 'DHL', trackingNumber: 'JD0146' }, paid]);
    renderMyOrders();
    await screen.findByRole('table');
    expect(rowOf('Hand Saw').getByText('Tracking: DHL JD0146')).toBeInTheDocument();
    expect(rowOf('Pipe Wrench').queryByText(/Tracking/)).not.toBeInTheDocument();
  });

  it('Remove opens a confirmation with the order name; cancel closes it and removes nothing', async () => {
    const { server } = ordersServer([unpaid, paid]);
    const { user } = renderMyOrders();
    await screen.findByRole('table');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this order?' });
    expect(within(dialog).getByText('Claw Hammer')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // Focus starts on the safe answer.
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('Escape closes the confirmation too, removing nothing', async () => {
    const { server } = ordersServer([unpaid]);
    const { user } = renderMyOrders();
    await screen.findByRole('table');
    await user.click(rowOf('Claw Hammer').getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog');
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it("Delete removes the order, says 'Delete success', asks for the list again and closes", async () => {
    const { server } = ordersServer([unpaid, paid]);
    const { user } = renderMyOrders();
    await screen.findByRole('table');
    await removeOrder(user, 'Claw Hammer');

    expect(await screen.findByText('Delete success')).toBeInTheDocument();
    const [deletion] = callsTo(server.requests, 'DELETE', `/api/deleteOrder/${unpaid._id}`);
    expect(deletion?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(callsTo(server.requests, 'GET', MY_ORDERS_URL)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Claw Hammer/ })).not.toBeInTheDocument();
    expect(rowOf('Pipe Wrench').getByRole('rowheader')).toHaveTextContent('1');
  });

  it("shows the server's refusal to delete as a toast, and the list as it now is", async () => {
    const { server } = ordersServer([unpaid], () =>
      jsonResponse({ message: 'A paid order cannot be removed', statusCode: 409 }, 409),
    );
    const { user } = renderMyOrders();
    await screen.findByRole('table');
    await removeOrder(user, 'Claw Hammer');
    expect(await screen.findByText('A paid order cannot be removed')).toBeInTheDocument();
    expect(screen.queryByText('Delete success')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(server.requests, 'GET', MY_ORDERS_URL)).toHaveLength(2);
  });

  it('invites to order when there are no orders yet', async () => {
    ordersServer([]);
    renderMyOrders();
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our tools' })).toHaveAttribute(
      'href',
      '/#tools',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the orders cannot be read", async () => {
    fakeIdentityServer({
      user: maria,
      answer: ({ url }) =>
        url === MY_ORDERS_URL
          ? jsonResponse(
              { message: 'You can only do this for your own account.', statusCode: 403 },
              403,
            )
          : undefined,
    });
    renderMyOrders();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can only do this for your own account.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('MyOrders: the lines of a checkout (issue 26)', () => {
  signedInForEachTest();

  const { id: CHECKOUT, hammer: hammerLine, file: fileLine } = twoLines;

  it('groups them under their checkout: reference, tools, PO number, total, one Pay for all', async () => {
    ordersServer([
      { ...hammerLine, poNumber: 'PO-4471' },
      { ...fileLine, poNumber: 'PO-4471' },
      unpaid,
    ]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    // The checkout's head, its two lines, then the order placed alone (no head of its own).
    expect(rows).toHaveLength(4);
    const head = rows[0]!;
    expect(head).toHaveTextContent(
      `Checkout ${hammerLine.checkoutReference} · 2 tools · PO PO-4471 · placed ${formatDateTime(hammerLine.createdAt)} · ship to: Dhaka · Total $3,075.00 · unpaid`,
    );
    // Where it goes is said once, on the head (issue 42).
    for (const line of rows.slice(1, 3)) expect(line).not.toHaveTextContent('Harbour Road');
    expect(rows[3]).toHaveTextContent('12 Harbour Road, Dhaka');
    const payAll = within(head).getByRole('link', { name: /Pay for all/ });
    expect(payAll).toHaveAttribute('href', `/dashborad/orders/payment/checkout/${CHECKOUT}`);
    // Its lines are paid together: no Pay of their own; each may still be removed.
    for (const line of rows.slice(1, 3)) {
      expect(within(line).queryByRole('link', { name: /pay/i })).toBeNull();
      expect(within(line).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    }
    expect(within(rows[3]!).getByRole('link', { name: /pay/i })).toHaveAttribute(
      'href',
      `/dashborad/orders/payment/${unpaid._id}`,
    );
    // The spec's no. counts the orders, not the head.
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it("says a paid checkout's payment, invoice and shipping once, on its head (issue 42)", async () => {
    const paidLine = (line: Order, status: Order['status']) => ({
      ...line,
      status,
      paid: true,
      holdUntil: null,
      transectionId: 'pi_checkout_42',
      shippedQuantity: status === 'shipped' ? line.quantity : 0,
    });
    ordersServer([paidLine(hammerLine, 'shipped'), paidLine(fileLine, 'paid')]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const [head, ...lines] = within(table).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent('Transaction id: pi_checkout_42');
    expect(head).toHaveTextContent('partly shipped 1 of 2 lines shipped');
    expect(within(head!).getAllByRole('button', { name: /invoice/i })).toHaveLength(1);
    for (const line of lines) {
      expect(line).not.toHaveTextContent('pi_checkout_42');
      expect(within(line).queryByRole('button', { name: /invoice/i })).toBeNull();
    }
    expect(lines.map((line) => within(line).getByText(/^(shipped|panding)$/).textContent)).toEqual([
      'shipped',
      'panding',
    ]);
  });

  /** A line paid with the checkout, then `status` with `refunded` dollars given back. */
  const settled = (line: Order, status: Order['status'], refunded = 0): Order => ({
    ...line,
    status,
    refunded,
    paid: true,
    holdUntil: null,
    transectionId: 'pi_checkout_43',
  });

  it("counts what went back of its lines out of the checkout's total and says it (issue 42)", async () => {
    // $375.10 of the hammers ($1,875.00) given back, the files ($1,200.00) cancelled and refunded.
    ordersServer([settled(hammerLine, 'paid', 375.1), settled(fileLine, 'cancelled', 1200)]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const [head, hammers, files] = within(table).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent('Total $1,499.90 · $1,575.10 refunded');
    // Each line: what went back of it under its total, its status as it reads, its credit note.
    expect(hammers).toHaveTextContent('$375.10 refunded');
    expect(within(hammers!).getByText('panding')).toBeInTheDocument();
    expect(files).toHaveTextContent('$1,200.00 refunded');
    expect(within(files!).getByText('refunded')).toBeInTheDocument();
    expect(within(files!).queryByText('cancelled')).toBeNull();
    for (const [row, line] of [
      [hammers, hammerLine],
      [files, fileLine],
    ] as const) {
      expect(
        within(row!).getByRole('button', {
          name: `Download the credit note of order ${line.reference} (PDF)`,
        }),
      ).toHaveTextContent('Credit note');
    }
  });

  it('keeps a line cancelled without a refund in the total: it reads cancelled, with no credit note (issue 42)', async () => {
    ordersServer([settled(hammerLine, 'paid'), settled(fileLine, 'cancelled')]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const [head, , files] = within(table).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent(`Total ${formatMoney(3075)} · panding`);
    expect(head).not.toHaveTextContent('refunded');
    expect(within(files!).getByText('cancelled')).toBeInTheDocument();
    expect(files).not.toHaveTextContent('refunded');
    expect(within(files!).queryByRole('button', { name: /credit note/i })).toBeNull();
  });

  it("counts the checkout's shipping in its total and says it (issue 42)", async () => {
    const lines = [hammerLine, fileLine];
    ordersServer(lines, undefined, [checkoutOf(lines, 25)]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const head = within(table).getAllByRole('row')[1]!;
    await vi.waitFor(() =>
      expect(head).toHaveTextContent('Total $3,100.00 · Shipping: $25.00 · unpaid'),
    );
  });

  it('says when the shipping is still to be quoted, the total of the goods alone (issue 42)', async () => {
    const lines = [hammerLine, fileLine];
    ordersServer(lines, undefined, [checkoutOf(lines, null)]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const head = within(table).getAllByRole('row')[1]!;
    await vi.waitFor(() =>
      expect(head).toHaveTextContent(
        `Total $3,075.00 · Shipping: ${texts.shipping.quoted} · unpaid`,
      ),
    );
  });

  it('gives one line charged shipping its head, whose Pay for all pays both (issue 42)', async () => {
    ordersServer([hammerLine], undefined, [checkoutOf([hammerLine], 25)]);
    renderMyOrders();
    const payAll = await screen.findByRole('link', { name: /Pay for all/ });
    expect(payAll).toHaveAttribute('href', `/dashborad/orders/payment/checkout/${CHECKOUT}`);
    const [head, line] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent('Total $1,900.00 · Shipping: $25.00');
    expect(within(line!).queryByRole('link', { name: /pay/i })).toBeNull();
  });

  it('counts shipping given back in what was refunded (issue 42)', async () => {
    const cancelled = settled(hammerLine, 'cancelled', 1875);
    ordersServer([cancelled], undefined, [checkoutOf([cancelled], 25, 25)]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    await vi.waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
        'Total $0.00 · Shipping: $25.00 · $1,900.00 refunded',
      ),
    );
  });
});

describe('MyOrders: a checkout over the buyer’s monthly limit (issue 44)', () => {
  signedInForEachTest();

  const awaiting = makeOrder({
    _id: '41111111-1111-4111-8111-111111111111',
    name: 'Torque Wrench',
    status: 'awaiting_approval',
  });

  it('says it awaits approval and why, offers no pay nor order again; it may still be removed', async () => {
    ordersServer([awaiting, paid]);
    const user = userEvent.setup();
    renderWithProviders(
      <MyOrders orderAgain={() => <button type="button">Order again</button>} />,
      { route: '/dashborad/orders' },
    );
    const table = await screen.findByRole('table');
    const [head, line] = within(table).getAllByRole('row').slice(1);
    // One line, no PO number: still its checkout's head, which says why it cannot be paid.
    expect(head).toHaveTextContent(
      `Checkout ${awaiting.checkoutReference} · 1 tools · placed ${formatDateTime(awaiting.createdAt)} · ship to: Dhaka · Total $2,500.00 · ${texts.checkout.group.status.awaitingApproval}`,
    );
    expect(head).not.toHaveTextContent(/lines shipped/);
    expect(within(head!).getByText(texts.checkout.group.awaitingApprovalNote)).toBeInTheDocument();
    expect(within(head!).queryByRole('link', { name: /pay/i })).toBeNull();
    expect(within(head!).queryByRole('button', { name: 'Order again' })).toBeNull();
    expect(within(line!).getByText(texts.orders.awaitingApprovalBadge)).toBeInTheDocument();
    // Its stock is held as an unpaid order's (this one's hold has ended since).
    expect(
      within(line!).getByText(texts.orders.expired(formatDateTime(awaiting.holdUntil!))),
    ).toBeInTheDocument();
    expect(within(line!).queryByRole('link', { name: /pay/i })).toBeNull();
    expect(within(line!).queryByRole('button', { name: /Invoice/ })).toBeNull();
    expect(within(line!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The paid order beside it is ordered again as before.
    expect(rowOf('Pipe Wrench').getByRole('button', { name: 'Order again' })).toBeInTheDocument();
    await user.click(within(line!).getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Torque Wrench');
  });
});

describe('MyOrders: a checkout on account (issue 45)', () => {
  signedInForEachTest();

  const CHECKOUT = '8d2e3f40-5555-4666-8777-888899990000';
  const onAccount = (line: Partial<Order>) =>
    makeOrder({
      checkoutId: CHECKOUT,
      poNumber: 'PO-4471',
      status: 'invoiced',
      holdUntil: null,
      ...line,
    });
  const wrenchLine = onAccount({
    _id: '51111111-1111-4111-8111-111111111111',
    name: 'Torque Wrench',
  });
  const fileLine = onAccount({
    _id: '61111111-1111-4111-8111-111111111111',
    name: 'Metal File',
    sku: 'FL-MET-8',
    quantity: 300,
    price: 4,
  });

  it('shows it invoiced with its one Invoice on its head, and nothing to pay or remove', async () => {
    ordersServer([wrenchLine, fileLine], undefined, [
      { ...checkoutOf([wrenchLine, fileLine]), status: 'invoiced' },
    ]);
    renderMyOrders();
    const table = await screen.findByRole('table');
    const [head, ...lines] = within(table).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent(`PO PO-4471`);
    expect(within(head!).getByText(texts.checkout.group.status.invoiced)).toBeInTheDocument();
    expect(head).not.toHaveTextContent(/lines shipped/);
    expect(within(head!).queryByRole('link', { name: /pay/i })).toBeNull();
    expect(
      within(head!).getByRole('button', {
        name: texts.checkout.group.invoiceLabel(wrenchLine.checkoutReference),
      }),
    ).toHaveTextContent(texts.orders.invoice);
    for (const line of lines) {
      expect(within(line).getByText(texts.orders.invoicedBadge)).toBeInTheDocument();
      expect(within(line).queryByRole('link', { name: /pay/i })).toBeNull();
      expect(within(line).queryByRole('button', { name: /Remove/ })).toBeNull();
      expect(within(line).queryByRole('button', { name: /invoice/i })).toBeNull();
      expect(within(line).queryByText(/held until/i)).toBeNull();
    }
  });

  it('gives a one-line checkout on account its Invoice on its line', async () => {
    const alone = { ...wrenchLine, poNumber: '' };
    ordersServer([alone]);
    renderMyOrders();
    await screen.findByRole('table');
    const line = rowOf('Torque Wrench');
    expect(line.getByText(texts.orders.invoicedBadge)).toBeInTheDocument();
    expect(line.queryByRole('link', { name: /pay/i })).toBeNull();
    expect(
      line.getByRole('button', { name: texts.orders.invoiceLabel(alone.reference) }),
    ).toBeInTheDocument();
  });
});

describe('MyOrders: a page of checkouts at a time (issue 43)', () => {
  signedInForEachTest();

  /** A one-line checkout of its own, the nth. */
  const nth = (n: number) =>
    makeOrder({
      _id: `${String(n).padStart(8, '0')}-1111-4111-8111-111111111111`,
      checkoutId: `${String(n).padStart(8, '0')}-2222-4222-8222-222222222222`,
      name: `Tool number ${n}`,
    });
  const FIRST_NEXT = '2026-06-01T08:30:00.123456Z_00000020-2222-4222-8222-222222222222';
  const SECOND_URL = `${MY_ORDERS_URL}?after=${encodeURIComponent(FIRST_NEXT)}`;
  const firstPage = Array.from({ length: 20 }, (_, n) => nth(n + 1));
  const secondPage = [nth(21), nth(22)];

  it('shows the first page, goes on with Next from where it ended and back with Previous', async () => {
    const { server } = fakeIdentityServer({
      user: maria,
      answer: ({ method, url }) => {
        if (method !== 'GET') return undefined;
        if (url === MY_ORDERS_URL) {
          return jsonResponse({ ...pageOf(firstPage), total: 22, next: FIRST_NEXT });
        }
        if (url === SECOND_URL) return jsonResponse({ ...pageOf(secondPage), total: 22 });
        return undefined;
      },
    });
    const { user } = renderMyOrders();
    expect(await screen.findByText('Tool number 20')).toBeInTheDocument();
    expect(screen.queryByText('Tool number 21')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Tool number 21')).toBeInTheDocument();
    expect(screen.queryByText('Tool number 20')).toBeNull();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsTo(server.requests, 'GET', SECOND_URL)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Tool number 20')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('shows no pager when every checkout fits on one page', async () => {
    fakeIdentityServer({
      user: maria,
      answer: ({ method, url }) =>
        method === 'GET' && url === MY_ORDERS_URL ? jsonResponse(pageOf(secondPage)) : undefined,
    });
    renderMyOrders();
    expect(await screen.findByText('Tool number 22')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

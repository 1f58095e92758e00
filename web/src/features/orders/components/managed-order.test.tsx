import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ManagedOrderDetail } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { fakeIdentityServer } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { formatDateTime } from '../../../lib/format';
import { paidManagedOrder } from '../test/managed-orders-server';
import { signedInForEachTest } from '../../../test/signed-in';
import { ManagedOrderView } from './managed-order';

const ID = '22222222-2222-4222-8222-222222222222';
const HOUR_MS = 60 * 60 * 1000;

function detail(overrides: Partial<ManagedOrderDetail> = {}): ManagedOrderDetail {
  return {
    ...paidManagedOrder({ _id: ID, phone: '+44 113 496 0000' }),
    customerName: 'Pavel Novak',
    town: 'Chattogram',
    paidAt: '2025-03-03T08:05:00.000Z',
    unshipUntil: null,
    events: [
      { kind: 'placed', at: '2025-03-03T08:00:00.000Z', actor: 'Pavel Novak', detail: {} },
      {
        kind: 'email',
        at: '2025-03-03T08:00:00.000Z',
        actor: null,
        detail: { subject: 'Your order TF-22222222: please pay to confirm it' },
      },
      {
        kind: 'paid',
        at: '2025-03-03T08:05:00.000Z',
        actor: 'Pavel Novak',
        detail: { transactionId: 'pi_3PaidOrder42' },
      },
    ],
    ...overrides,
  };
}

function serve(order: ManagedOrderDetail) {
  return fakeIdentityServer({
    answer: ({ method, url }) => {
      if (method === 'GET' && url === `/api/manageOrders/${ID}`) return jsonResponse(order);
      if (method === 'PATCH' && url === `/api/manageOrders/${ID}/ship`) {
        return jsonResponse({ ...order, status: 'shipped', shippedAt: new Date().toISOString() });
      }
      return undefined;
    },
  }).server;
}

function renderPage() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <ManagedOrderView id={ID} /> }]);
  return { user };
}

describe("the admin's order page", () => {
  signedInForEachTest();

  it('shows the customer, the line, the payment and the timeline oldest first', async () => {
    serve(detail());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order TF-22222222' })).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Pavel Novak');
    expect(customer).toHaveTextContent('+44 113 496 0000');
    expect(customer).toHaveTextContent('12 Harbour Road, Chattogram');
    const line = screen.getByRole('region', { name: 'Order' });
    expect(line).toHaveTextContent('$3,000.00');
    // Issue 26: the SKU it was placed with, its checkout's reference and the PO number (none).
    expect(line).toHaveTextContent('SKUHM-CLAW-16');
    expect(line).toHaveTextContent('CheckoutCO-22222222');
    expect(line).toHaveTextContent('PO number—');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('pi_3PaidOrder42');
    const lines = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      `Placed ${formatDateTime('2025-03-03T08:00:00.000Z')} by Pavel Novak`,
      `E-mail sent ${formatDateTime('2025-03-03T08:00:00.000Z')}Your order TF-22222222: please pay to confirm it`,
      `Paid ${formatDateTime('2025-03-03T08:05:00.000Z')} by Pavel Novakpi_3PaidOrder42`,
    ]);
  });

  it("shows the buyer's PO number when the checkout has one", async () => {
    serve(detail({ poNumber: 'PO-4711' }));
    renderPage();
    expect(await screen.findByRole('region', { name: 'Order' })).toHaveTextContent(
      'PO numberPO-4711',
    );
  });

  it('Ship asks for the carrier and tracking number and sends them', async () => {
    const server = serve(detail());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship this order?' });
    await user.type(within(dialog).getByLabelText('Carrier (optional)'), 'UPS');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipped Pipe Wrench to pavel@example.com')).toBeInTheDocument();
    const [ship] = callsTo(server.requests, 'PATCH', `/api/manageOrders/${ID}/ship`);
    expect(ship?.body).toEqual({ carrier: 'UPS', trackingNumber: '' });
  });

  it('offers Undo ship within its window, with the time it ends, and not after', async () => {
    const shippedAt = new Date(Date.now() - HOUR_MS).toISOString();
    const until = new Date(Date.now() + 23 * HOUR_MS).toISOString();
    serve(detail({ status: 'shipped', shippedAt, unshipUntil: until, carrier: 'UPS' }));
    renderPage();
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByRole('button', { name: 'Undo ship' })).toBeInTheDocument();
    expect(shipping).toHaveTextContent(`A mistake? Undo ship until ${formatDateTime(until)}.`);
    expect(screen.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
  });

  it('offers no Undo ship once its window has ended', async () => {
    const past = new Date(Date.now() - HOUR_MS).toISOString();
    serve(detail({ status: 'shipped', shippedAt: past, unshipUntil: past }));
    renderPage();
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    expect(within(shipping).queryByRole('button', { name: 'Undo ship' })).not.toBeInTheDocument();
  });
});

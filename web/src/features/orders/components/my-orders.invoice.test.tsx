import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders, rowOf } from '../../../test/render';
import { MY_ORDERS_URL, pageOf, paid, shipped, unpaid } from '../test/my-orders-fixtures';
import { signedInForEachTest } from '../../../test/signed-in';
import { catchSavedFiles } from '../test/saved-files';
import { MyOrders } from './my-orders';

const invoiceUrl = (order: Order) => `/api/orders/${order._id}/invoice.pdf`;
const PDF = '%PDF-1.3\n% an invoice\n';

/** GET /api/checkouts/page answers the three orders; `invoice` answers GET .../invoice.pdf. */
function ordersServer(invoice: (request: ApiRequest) => Response | undefined) {
  return fakeIdentityServer({
    user: maria,
    answer: (request) =>
      request.method === 'GET' && request.url === MY_ORDERS_URL
        ? jsonResponse(pageOf([unpaid, paid, shipped]))
        : invoice(request),
  });
}

describe('MyOrders: Invoice', () => {
  signedInForEachTest();
  const saved = catchSavedFiles();

  it('offers the invoice of each paid or shipped order, named by its reference, none while unpaid', async () => {
    ordersServer(() => undefined);
    renderWithProviders(<MyOrders />, { route: '/dashborad/orders' });
    await screen.findByRole('table');
    expect(
      rowOf('Pipe Wrench').getByRole('button', {
        name: 'Download the invoice of order TF-22222222 (PDF)',
      }),
    ).toHaveTextContent('Invoice');
    expect(
      rowOf('Hand Saw').getByRole('button', {
        name: 'Download the invoice of order TF-33333333 (PDF)',
      }),
    ).toBeInTheDocument();
    expect(rowOf('Claw Hammer').queryByRole('button', { name: /invoice/i })).toBeNull();
  });

  it("downloads the PDF with the customer's token and saves it under the server's name", async () => {
    const { server } = ordersServer(({ method, url }) =>
      method === 'GET' && url === invoiceUrl(paid)
        ? new Response(PDF, {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="INV-2026-000042.pdf"',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<MyOrders />, { route: '/dashborad/orders' });
    await screen.findByRole('table');
    await user.click(rowOf('Pipe Wrench').getByRole('button', { name: /invoice/i }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('INV-2026-000042.pdf');
    expect(await saved[0]?.blob.text()).toBe(PDF);
    const [call] = callsTo(server.requests, 'GET', invoiceUrl(paid));
    expect(call?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(rowOf('Pipe Wrench').getByRole('button', { name: /invoice/i })).toBeEnabled();
  });

  it("shows the server's refusal as a toast and saves nothing", async () => {
    ordersServer(({ url }) =>
      url === invoiceUrl(shipped)
        ? jsonResponse(
            { message: 'This order has no invoice yet: it is not paid.', statusCode: 404 },
            404,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<MyOrders />, { route: '/dashborad/orders' });
    await screen.findByRole('table');
    await user.click(rowOf('Hand Saw').getByRole('button', { name: /invoice/i }));
    expect(
      await screen.findByText('This order has no invoice yet: it is not paid.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});

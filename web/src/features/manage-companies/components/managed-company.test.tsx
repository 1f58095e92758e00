import { MANAGED_ORDERS_PAGE_SIZE, type ManagedOrderRow } from '@tools-factory/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { HARBOUR_ID, makeCompanyOrder, makeManagedCompany } from '../test/managed-companies-data';
import { ManagedCompanyView } from './managed-company';

/**
 * GET /api/manageCompanies/{id} of Harbour Fittings (404 for any other), and Manage Orders'
 * search narrowed to it: `orders` a checkout each, a page of MANAGED_ORDERS_PAGE_SIZE at a time.
 */
function fakeCompanyApi(orders: ManagedOrderRow[]) {
  return fakeApi((call) => {
    if (call.url === `/api/manageCompanies/${HARBOUR_ID}`) {
      return jsonResponse(makeManagedCompany({ checkouts: orders.length }));
    }
    if (call.url.startsWith('/api/manageCompanies/')) {
      return jsonResponse({ message: 'No company has this id.', statusCode: 404 }, 404);
    }
    if (call.url.startsWith('/api/manageOrders/search')) {
      const query = new URLSearchParams(call.url.split('?')[1] ?? '');
      if (query.get('companyId') !== HARBOUR_ID) return undefined;
      const start = Number(query.get('after')?.replace('from-', '') ?? 0);
      const end = start + MANAGED_ORDERS_PAGE_SIZE;
      return jsonResponse({
        orders: orders.slice(start, end),
        total: orders.length,
        checkouts: orders.length,
        page: 1,
        pageSize: MANAGED_ORDERS_PAGE_SIZE,
        capped: false,
        next: end < orders.length ? `from-${end}` : null,
      });
    }
    return undefined;
  });
}

function renderCompany(id = HARBOUR_ID) {
  localStorage.setItem('accessToken', 'token-7');
  return renderWithProviders(
    <ManagedCompanyView id={id} renderStatus={(order) => `status: ${order.status}`} />,
  );
}

const part = (name: string) => within(screen.getByRole('region', { name }));

describe('ManagedCompanyView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the company’s details, members with limits, addresses and approvals waiting', async () => {
    fakeCompanyApi([]);
    renderCompany();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Harbour Fittings Ltd' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All companies' })).toHaveAttribute(
      'href',
      '/dashborad/companies',
    );
    await vi.waitFor(() => expect(document.title).toBe('Harbour Fittings Ltd | Tools Factory'));
    expect(screen.getByText('BD-123456')).toBeInTheDocument();
    expect(screen.getByText('Its own addresses only')).toBeInTheDocument();

    const members = part('Members');
    const bram = within(members.getByRole('row', { name: /Bram Buyer/ }));
    expect(bram.getByText('Buyer')).toBeInTheDocument();
    expect(bram.getByText('$500.00')).toBeInTheDocument();
    expect(bram.getByText('$120.00')).toBeInTheDocument();
    const cora = within(members.getByRole('row', { name: /Cora Company/ }));
    expect(cora.getByText('Company admin')).toBeInTheDocument();
    expect(cora.getByText('Approves')).toBeInTheDocument();

    expect(part('Ship-to addresses').getByText('Main yard')).toBeInTheDocument();
    const approvals = part('Orders awaiting approval');
    expect(approvals.getByRole('link', { name: 'Open checkout CO-3F2A9C1B' })).toHaveAttribute(
      'href',
      '/dashborad/allorders/checkout/3f2a9c1b-1111-4222-8333-944455566677',
    );
    expect(approvals.getByText('$640.00')).toBeInTheDocument();
    expect(await part('Checkouts').findByText('This company has placed no checkout yet.'));
  });

  it('lists its checkouts from Manage Orders’ search, each order leading to its admin page', async () => {
    const orders = Array.from({ length: MANAGED_ORDERS_PAGE_SIZE + 1 }, (_, index) =>
      makeCompanyOrder({
        _id: `${String(index + 1).padStart(8, '0')}-1111-4111-8111-111111111111`,
        status: index === 0 ? 'paid' : 'unpaid',
      }),
    );
    const api = fakeCompanyApi(orders);
    const user = userEvent.setup();
    renderCompany();
    const checkouts = within(await screen.findByRole('region', { name: 'Checkouts' }));
    const first = orders[0]!;
    const link = await checkouts.findByRole('link', { name: `Open order ${first.reference}` });
    expect(link).toHaveAttribute('href', `/dashborad/allorders/${first._id}`);
    const firstRow = within(link.closest('tr')!);
    expect(firstRow.getByText('status: paid')).toBeInTheDocument();
    expect(firstRow.getByText('Bram Buyer')).toBeInTheDocument();
    expect(firstRow.getByText('$2,500.00')).toBeInTheDocument();
    expect(
      firstRow.getByRole('link', { name: `Open checkout ${first.checkoutReference}` }),
    ).toHaveAttribute('href', `/dashborad/allorders/checkout/${first.checkoutId}`);
    expect(
      callsTo(api.requests, 'GET', `/api/manageOrders/search?companyId=${HARBOUR_ID}`),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(
      callsTo(
        api.requests,
        'GET',
        `/api/manageOrders/search?companyId=${HARBOUR_ID}&after=from-${MANAGED_ORDERS_PAGE_SIZE}`,
      ),
    ).toHaveLength(1);
  });

  it("says a company of no such id in the server's words", async () => {
    fakeCompanyApi([]);
    renderCompany('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('No company has this id.');
  });
});

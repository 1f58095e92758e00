import { screen } from '@testing-library/react';
import { SALES_DAYS, texts, type SalesOverview } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { jsonResponse, renderRoutes } from '../test/render';
import { appRoutes } from './router';

// jsdom draws no canvas (the e2e test draws the charts).
vi.mock('../features/sales/components/sales-charts', () => ({
  RevenueChart: () => null,
  StatusChart: () => null,
  TopToolsChart: () => null,
}));

const quietMonth: SalesOverview = {
  from: '2030-02-14',
  to: '2030-03-15',
  asOf: '2030-03-15T14:47:00Z',
  receivables: { open: 2_500, overdue: 0 },
  days: Array.from({ length: SALES_DAYS }, (_, index) => ({
    date: new Date(Date.parse('2030-02-14T00:00:00Z') + index * 86_400_000)
      .toISOString()
      .slice(0, 10),
    revenue: 0,
    orders: 0,
    refunded: 0,
    refundedLines: 0,
    shipping: 0,
  })),
  ordersByStatus: [
    { status: 'unpaid', count: 0 },
    { status: 'paid', count: 0 },
    { status: 'shipped', count: 0 },
  ],
  topTools: [],
};

/** Signed in as Maria, an admin or not; GET /api/manageSales answers a month without sales. */
function signedIn({ admin }: { admin: boolean }) {
  localStorage.setItem('accessToken', 'token-1');
  return fakeApi(({ url }) => {
    if (url === '/api/auth/get-session') {
      return jsonResponse({
        user: { id: 'u1', email: 'maria@example.com', name: 'Maria', emailVerified: true },
        session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
      });
    }
    if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
    if (url === '/api/manageSales') return jsonResponse(quietMonth);
    return jsonResponse([]);
  });
}

describe('the Sales page (/dashborad/sales)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows an admin the figures, with Sales in the menu and the title', async () => {
    signedIn({ admin: true });
    renderRoutes(appRoutes, { route: '/dashborad/sales' });
    expect(
      await screen.findByRole('heading', { level: 2, name: texts.sales.title }),
    ).toBeInTheDocument();
    expect(await screen.findByText(texts.sales.noTopTools)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.dashboard.sales })).toHaveAttribute(
      'href',
      '/dashborad/sales',
    );
    await vi.waitFor(() => expect(document.title).toBe('Sales | Tools Factory'));
    // Issue 45: the receivables as of now, and the way to them, in the page and in the menu.
    const receivables = screen
      .getByText(texts.sales.receivables, { selector: 'dt' })
      .closest('div')!;
    expect(receivables).toHaveTextContent(`${texts.sales.receivables}$2,500.00`);
    const overdue = screen
      .getByText(texts.sales.receivablesOverdue, { selector: 'dt' })
      .closest('div')!;
    expect(overdue).toHaveTextContent(`${texts.sales.receivablesOverdue}$0.00`);
    expect(screen.getByRole('link', { name: texts.sales.seeReceivables })).toHaveAttribute(
      'href',
      '/dashborad/receivables',
    );
    expect(screen.getByRole('link', { name: texts.dashboard.receivables })).toHaveAttribute(
      'href',
      '/dashborad/receivables',
    );
  });

  it('refuses a customer in words, never asking for the figures, and has no Sales in the menu', async () => {
    const { requests } = signedIn({ admin: false });
    renderRoutes(appRoutes, { route: '/dashborad/sales' });
    expect(await screen.findByText('Only admins can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: texts.sales.title })).toBeNull();
    expect(screen.queryByRole('link', { name: texts.dashboard.sales })).toBeNull();
    expect(requests.some((request) => request.url === '/api/manageSales')).toBe(false);
  });
});

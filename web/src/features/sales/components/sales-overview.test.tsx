import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type SalesOverview as Overview } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SalesOverview } from './sales-overview';

// jsdom draws no canvas: the charts are stood in for by their names (the e2e test draws them).
vi.mock('./sales-charts', () => ({
  RevenueChart: () => <div data-testid="chart">revenue chart</div>,
  StatusChart: () => <div data-testid="chart">status chart</div>,
  TopToolsChart: () => <div data-testid="chart">top tools chart</div>,
}));

const SALES_URL = '/api/manageSales';

/** A day of the window: its sales, nothing given back of them and no shipping unless told. */
function day(
  date: string,
  revenue: number,
  orders: number,
  refunded = 0,
  refundedLines = 0,
  shipping = 0,
) {
  return { date, revenue, orders, refunded, refundedLines, shipping };
}

/**
 * 2030-02-14 to 2030-03-15: sales on three days, none on the others; part of the first day's
 * payments and of the last day's were given back (issue 42).
 */
function overview(overrides: Partial<Overview> = {}): Overview {
  const start = Date.parse('2030-02-14T00:00:00Z');
  const sales: Record<string, [number, number, number?, number?]> = {
    '2030-02-14': [2750, 1, 0.1, 1],
    '2030-03-01': [30_000_000, 1],
    '2030-03-15': [699.65, 2, 0.2, 2],
  };
  return {
    from: '2030-02-14',
    to: '2030-03-15',
    asOf: '2030-03-15T14:47:00Z',
    receivables: { open: 0, overdue: 0 },
    days: Array.from({ length: 30 }, (_, index) => {
      const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
      return day(date, ...(sales[date] ?? [0, 0]));
    }),
    ordersByStatus: [
      { status: 'unpaid', count: 1 },
      { status: 'paid', count: 1234 },
      { status: 'shipped', count: 0 },
    ],
    topTools: [
      {
        toolId: '11111111-1111-4111-8111-111111111111',
        name: 'Hydraulic Press',
        revenue: 30_000_000,
        quantity: 300,
      },
      {
        toolId: '22222222-2222-4222-8222-222222222222',
        name: 'Panel Saw',
        revenue: 2750,
        quantity: 11,
      },
      {
        toolId: '33333333-3333-4333-8333-333333333333',
        name: 'Claw Hammer 20 oz',
        revenue: 699.65,
        quantity: 35,
      },
    ],
    ...overrides,
  };
}

function salesServer(answer: () => Response | Promise<Response>) {
  return fakeIdentityServer({
    answer: (request) =>
      request.method === 'GET' && request.url === SALES_URL ? answer() : undefined,
  });
}

/** The table of that caption: its rows' cells as text, the header row first. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

describe('SalesOverview', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the figures load', () => {
    salesServer(() => new Promise<Response>(() => undefined));
    renderWithProviders(<SalesOverview />);
    expect(screen.getByRole('status')).toHaveTextContent(texts.loading);
  });

  it("says the server's refusal in words, with Retry that asks again", async () => {
    const user = userEvent.setup();
    const { server } = salesServer(() =>
      jsonResponse({ message: 'Only admins can do this', statusCode: 403 }, 403),
    );
    renderWithProviders(<SalesOverview />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only admins can do this');
    await user.click(within(alert).getByRole('button', { name: texts.retry }));
    await vi.waitFor(() => expect(callsTo(server.requests, 'GET', SALES_URL)).toHaveLength(2));
  });

  it("gives the window's dates and its total revenue and paid orders", async () => {
    salesServer(() => jsonResponse(overview()));
    renderWithProviders(<SalesOverview />);
    expect(await screen.findByText('Feb 14, 2030 to Mar 15, 2030 (UTC)')).toBeInTheDocument();
    // When the figures were read, in the admin's time zone.
    expect(
      screen.getByText(/^Figures as of Mar 1[45], 2030, \d{1,2}:47 [AP]M$/),
    ).toBeInTheDocument();
    // $2,750.00 + $30,000,000.00 + $699.65, from 1 + 1 + 2 orders.
    expect(screen.getByText(texts.sales.revenueTotal('$30,003,449.65', 4))).toBeInTheDocument();
  });

  it('says beside the revenue what was refunded in the range, of how many lines (issue 42)', async () => {
    salesServer(() => jsonResponse(overview()));
    renderWithProviders(<SalesOverview />);
    // $0.10 + $0.20 in cents: $0.30, not a float's $0.30000000000000004.
    expect(await screen.findByText('Refunded: $0.30 (3 lines)')).toBeInTheDocument();
    expect(texts.sales.refundedTotal('$0.30', 3)).toBe('Refunded: $0.30 (3 lines)');
  });

  it('says what of the revenue was shipping, only when some was charged (issue 42)', async () => {
    salesServer(() =>
      jsonResponse(
        overview({
          days: [day('2030-02-14', 2775, 1, 0, 0, 25), day('2030-02-15', 110.1, 1, 0, 0, 10.1)],
        }),
      ),
    );
    renderWithProviders(<SalesOverview />);
    expect(
      await screen.findByText(`${texts.shipping.line}: $35.10`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('says nothing of shipping when none was charged', async () => {
    salesServer(() => jsonResponse(overview()));
    renderWithProviders(<SalesOverview />);
    await screen.findByText('Refunded: $0.30 (3 lines)');
    expect(screen.queryByText(/^Shipping:/)).toBeNull();
  });

  it('gives what the invoices on account still ask for and what is overdue, with a link to Receivables (issue 45)', async () => {
    salesServer(() => jsonResponse(overview({ receivables: { open: 12_345.6, overdue: 450 } })));
    renderWithProviders(<SalesOverview />);
    const figures = (await screen.findByText(texts.sales.receivables)).closest('dl')!;
    expect(
      Array.from(figures.querySelectorAll('dt, dd'), (cell) => cell.textContent ?? ''),
    ).toEqual([texts.sales.receivables, '$12,345.60', texts.sales.receivablesOverdue, '$450.00']);
    expect(screen.getByRole('link', { name: texts.sales.seeReceivables })).toHaveAttribute(
      'href',
      '/dashborad/receivables',
    );
  });

  it('lists every day of the window with its revenue and orders, days without sales at 0', async () => {
    salesServer(() => jsonResponse(overview()));
    renderWithProviders(<SalesOverview />);
    await screen.findByRole('table', { name: texts.sales.revenuePerDay });
    const rows = tableRows(texts.sales.revenuePerDay);
    expect(rows[0]).toEqual(['date', 'revenue', 'orders', 'refunded']);
    expect(rows).toHaveLength(1 + 30);
    expect(rows[1]).toEqual(['Feb 14, 2030', '$2,750.00', '1', '$0.10']);
    expect(rows[2]).toEqual(['Feb 15, 2030', '$0.00', '0', '$0.00']);
    expect(rows[16]).toEqual(['Mar 1, 2030', '$30,000,000.00', '1', '$0.00']);
    expect(rows[30]).toEqual(['Mar 15, 2030', '$699.65', '2', '$0.20']);
    // The dates name their rows, for a screen reader reading a figure.
    expect(screen.getAllByRole('rowheader', { name: 'Mar 15, 2030' })).toHaveLength(1);
  });

  it('counts the orders of each status and ranks the top tools, each beside its chart', async () => {
    salesServer(() => jsonResponse(overview()));
    renderWithProviders(<SalesOverview />);
    await screen.findByRole('table', { name: texts.sales.ordersByStatus });
    expect(tableRows(texts.sales.ordersByStatus)).toEqual([
      ['status', 'orders'],
      ['unpaid', '1'],
      ['paid', '1,234'],
      ['shipped', '0'],
    ]);
    expect(tableRows(texts.sales.topTools)).toEqual([
      ['tool', 'revenue', 'units'],
      ['Hydraulic Press', '$30,000,000.00', '300'],
      ['Panel Saw', '$2,750.00', '11'],
      ['Claw Hammer 20 oz', '$699.65', '35'],
    ]);
    for (const title of [texts.sales.revenuePerDay, texts.sales.ordersByStatus]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(await screen.findAllByTestId('chart')).toHaveLength(3);
  });

  it('says so when no tool was paid for in the window, without an empty chart', async () => {
    salesServer(() => jsonResponse(overview({ topTools: [] })));
    renderWithProviders(<SalesOverview />);
    expect(await screen.findByText(texts.sales.noTopTools)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: texts.sales.topTools })).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('chart')).toHaveLength(2);
  });
});

describe('SalesOverview: the date range (issue 25)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** The server: the default window, or the range asked for (its first day and last only). */
  function rangeServer() {
    return fakeIdentityServer({
      answer: (request) => {
        if (request.method !== 'GET') return undefined;
        const url = new URL(request.url, 'http://localhost');
        if (url.pathname === SALES_URL) {
          const from = url.searchParams.get('from');
          const to = url.searchParams.get('to');
          if (!from || !to) return jsonResponse(overview());
          return jsonResponse(
            overview({
              from,
              to,
              days: [day(from, 10, 1), day(to, 20, 2)],
            }),
          );
        }
        if (url.pathname === '/api/manageSales.csv') {
          return new Response('\uFEFFDate,Orders paid,Revenue (USD)\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="sales-${url.searchParams.get('from')}-to-${url.searchParams.get('to')}.csv"`,
            },
          });
        }
        return undefined;
      },
    });
  }

  it("starts with the window's days in From and To; Show asks for the range typed, Last 30 days goes back", async () => {
    const user = userEvent.setup();
    const { server } = rangeServer();
    renderWithProviders(<SalesOverview />);
    const from = await screen.findByLabelText(texts.sales.from);
    const to = screen.getByLabelText(texts.sales.to);
    expect(from).toHaveValue('2030-02-14');
    expect(to).toHaveValue('2030-03-15');
    expect(screen.queryByRole('button', { name: texts.sales.lastThirtyDays })).toBeNull();

    await user.clear(from);
    await user.type(from, '2029-12-01');
    await user.clear(to);
    await user.type(to, '2029-12-31');
    await user.click(screen.getByRole('button', { name: texts.sales.show }));

    expect(await screen.findByText('Dec 1, 2029 to Dec 31, 2029 (UTC)')).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'GET', `${SALES_URL}?from=2029-12-01&to=2029-12-31`),
    ).toHaveLength(1);
    expect(screen.getByText(texts.sales.revenueTotal('$30.00', 3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: texts.sales.lastThirtyDays }));
    expect(await screen.findByText('Feb 14, 2030 to Mar 15, 2030 (UTC)')).toBeInTheDocument();
    expect(screen.getByLabelText(texts.sales.from)).toHaveValue('2030-02-14');
  });

  it('says in words when the range ends before it starts or is too long, and asks nothing', async () => {
    const user = userEvent.setup();
    const { server } = rangeServer();
    renderWithProviders(<SalesOverview />);
    const from = await screen.findByLabelText(texts.sales.from);
    const to = screen.getByLabelText(texts.sales.to);
    await user.clear(from);
    await user.type(from, '2030-03-20');
    await user.click(screen.getByRole('button', { name: texts.sales.show }));
    expect(screen.getByRole('alert')).toHaveTextContent(texts.sales.rangeFromAfterTo);
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.clear(from);
    await user.type(from, '2028-01-01');
    await user.click(screen.getByRole('button', { name: texts.sales.show }));
    expect(screen.getByRole('alert')).toHaveTextContent(texts.sales.rangeTooLong(366));
    expect(to).toHaveValue('2030-03-15');
    expect(server.requests.filter((request) => request.url.includes('from='))).toEqual([]);
  });

  it('Download CSV asks for the CSV of the range shown', async () => {
    const user = userEvent.setup();
    const { server } = rangeServer();
    const createObjectURL = vi.fn(() => 'blob:sales');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<SalesOverview />);
    await user.click(await screen.findByRole('button', { name: texts.sales.downloadCsv }));
    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'GET', '/api/manageSales.csv?from=2030-02-14&to=2030-03-15'),
      ).toHaveLength(1),
    );
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});

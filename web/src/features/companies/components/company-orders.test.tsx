import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ManagedOrderRowSchema,
  ManagedOrdersPageSchema,
  pagerTexts,
  texts,
  type ManagedOrderRow,
  type ManagedOrdersPage,
} from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeManagedOrder } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { CompanyOrders } from './company-orders';

const words = texts.companyOrders;

function makeRow(overrides: Partial<ManagedOrderRow> = {}): ManagedOrderRow {
  const { customerName = 'Omar Faruk', town = 'Leeds', ...order } = overrides;
  return ManagedOrderRowSchema.parse({
    ...makeManagedOrder({ email: 'omar@example.com', ...order }),
    customerName,
    town,
  });
}

const CHECKOUT = '8e1f0a52-0c4e-4f7e-9d55-3a4b0f2d6c11';
const OTHER_CHECKOUT = '9f2a1b63-1d5f-4a8f-8e66-4b5c1a3e7d22';

/** Two lines of Omar's checkout waiting for approval, and Maria's paid one. */
const ORDERS = [
  makeRow({
    checkoutId: CHECKOUT,
    checkoutReference: 'CO-8E1F0A52',
    poNumber: 'PO-7781',
    name: 'Torque wrench',
    quantity: 2,
    price: 240,
    status: 'awaiting_approval',
    paid: false,
  }),
  makeRow({
    checkoutId: CHECKOUT,
    checkoutReference: 'CO-8E1F0A52',
    poNumber: 'PO-7781',
    name: 'Claw hammer',
    quantity: 4,
    price: 40,
    status: 'awaiting_approval',
    paid: false,
  }),
  makeRow({
    checkoutId: OTHER_CHECKOUT,
    checkoutReference: 'CO-9F2A1B63',
    poNumber: '',
    customerName: 'Maria Lopez',
    email: 'maria@example.com',
    name: 'Claw hammer',
    quantity: 1,
    price: 40,
    status: 'paid',
    paid: true,
  }),
];

function pageOf(orders: ManagedOrderRow[], overrides: Partial<ManagedOrdersPage> = {}) {
  return ManagedOrdersPageSchema.parse({
    orders,
    total: orders.length,
    checkouts: new Set(orders.map((order) => order.checkoutId)).size,
    page: 1,
    pageSize: 20,
    capped: false,
    next: null,
    ...overrides,
  });
}

/** GET /api/company/orders answering `answer` for each query string. */
function ordersServer(answer: (query: URLSearchParams) => ManagedOrdersPage) {
  return fakeApi(({ method, url }) => {
    const [path, query = ''] = url.split('?');
    if (method === 'GET' && path === '/api/company/orders') {
      return jsonResponse(answer(new URLSearchParams(query)));
    }
    return undefined;
  });
}

const table = () => screen.getByRole('table');

describe('CompanyOrders', () => {
  signedInForEachTest();

  it('shows an admin each checkout: buyer, reference, PO, total, status, placed; no link', async () => {
    ordersServer(() => pageOf(ORDERS));
    renderWithProviders(<CompanyOrders isBuyer={false} />);
    const row = within(
      (await screen.findByRole('rowheader', { name: /Omar Faruk/ })).closest('tr')!,
    );
    expect(row.getByText('omar@example.com')).toBeInTheDocument();
    expect(row.getByText('CO-8E1F0A52')).toBeInTheDocument();
    expect(row.getByText('Torque wrench × 2, Claw hammer × 4')).toBeInTheDocument();
    expect(row.getByText('PO-7781')).toBeInTheDocument();
    expect(row.getByText('$640.00')).toBeInTheDocument();
    expect(row.getByText(texts.orders.awaitingApprovalBadge)).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(within(table()).getByText(texts.orders.paidBadge)).toBeInTheDocument();
    expect(within(table()).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(words.found(3))).toBeInTheDocument();
  });

  it('filters by status and searches, then pages on with the keyset', async () => {
    const user = userEvent.setup();
    const { requests } = ordersServer((query) =>
      query.get('after') === 'cursor-2'
        ? pageOf([ORDERS[2]!], { page: 2 })
        : pageOf(ORDERS.slice(0, 2), { next: 'cursor-2', checkouts: 2 }),
    );
    renderWithProviders(<CompanyOrders isBuyer={false} pageSize={1} />);
    await screen.findByText('CO-8E1F0A52');

    await user.selectOptions(
      screen.getByRole('combobox', { name: words.statusFilter }),
      texts.orders.awaitingApprovalBadge,
    );
    await waitFor(() =>
      expect(requests.at(-1)?.url).toBe('/api/company/orders?status=awaiting_approval&pageSize=1'),
    );
    await user.type(screen.getByRole('searchbox', { name: words.search }), 'wrench');
    await user.click(screen.getByRole('button', { name: words.search }));
    await waitFor(() =>
      expect(requests.at(-1)?.url).toBe(
        '/api/company/orders?status=awaiting_approval&q=wrench&pageSize=1',
      ),
    );

    await user.click(screen.getByRole('button', { name: new RegExp(pagerTexts.nextPage) }));
    expect(await screen.findByText('CO-9F2A1B63')).toBeInTheDocument();
    expect(requests.at(-1)?.url).toBe(
      '/api/company/orders?status=awaiting_approval&q=wrench&page=2&after=cursor-2&pageSize=1',
    );
    await user.click(screen.getByRole('button', { name: new RegExp(pagerTexts.previousPage) }));
    expect(await screen.findByText('CO-8E1F0A52')).toBeInTheDocument();
  });

  it('links a buyer’s own checkout to My Orders, and words an empty list as theirs', async () => {
    ordersServer((query) => (query.get('q') ? pageOf([]) : pageOf(ORDERS.slice(0, 2))));
    const user = userEvent.setup();
    renderWithProviders(<CompanyOrders isBuyer />);
    expect(await screen.findByRole('link', { name: 'CO-8E1F0A52' })).toHaveAttribute(
      'href',
      '/dashborad/orders',
    );
    await user.type(screen.getByRole('searchbox', { name: words.search }), 'nothing');
    await user.click(screen.getByRole('button', { name: words.search }));
    expect(await screen.findByText(words.noMatch)).toBeInTheDocument();
  });

  it('says a buyer has placed nothing yet', async () => {
    ordersServer(() => pageOf([]));
    renderWithProviders(<CompanyOrders isBuyer />);
    expect(await screen.findByText(words.emptyBuyer)).toBeInTheDocument();
  });
});

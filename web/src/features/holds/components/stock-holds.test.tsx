import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatMoney,
  pagerTexts,
  STOCK_HOLDS_PAGE_SIZE,
  texts,
  type StockHold,
} from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { StockHolds } from './stock-holds';

const t = texts.manageHolds;

function hold(overrides: Partial<StockHold>): StockHold {
  return {
    userId: 'user-1',
    name: 'Nina Near',
    email: 'nina@example.com',
    emailVerified: true,
    orders: [
      {
        _id: '33333333-3333-4333-8333-333333333333',
        reference: 'TF-33333333',
        toolId: '44444444-4444-4444-8444-444444444444',
        name: 'Claw Hammer',
        quantity: 2100,
        price: 10,
        total: 21_000,
        createdAt: '2025-03-03T08:00:00.000Z',
        holdUntil: '2025-03-05T08:00:00.000Z',
        madeToOrder: false,
      },
    ],
    total: 21_000,
    limit: 25_000,
    limitSource: 'verified',
    ...overrides,
  };
}

const near = hold({});
const far = hold({
  userId: 'user-2',
  name: 'Fred Far',
  email: 'fred@example.com',
  emailVerified: false,
  total: 100,
  limit: 2_000,
  limitSource: 'unverified',
});

function serve(holds: StockHold[]) {
  return fakeIdentityServer({
    answer: ({ method, url, body }) => {
      // A page of STOCK_HOLDS_PAGE_SIZE from where `after` says (`at-<index>` here).
      if (method === 'GET' && url.startsWith('/api/manageHolds/page')) {
        const after = new URL(url, 'http://localhost').searchParams.get('after');
        const start = Number(after?.replace('at-', '') ?? 0);
        const end = start + STOCK_HOLDS_PAGE_SIZE;
        return jsonResponse({
          holds: holds.slice(start, end),
          total: holds.length,
          next: end < holds.length ? `at-${end}` : null,
        });
      }
      if (method === 'POST' && url === '/api/manageHolds/user-1/release') {
        return jsonResponse({ deletedCount: 1, returnedUnits: 2100 });
      }
      if (method === 'PUT' && url === '/api/manageHolds/user-1/limit') {
        const { limit } = body as { limit: number | null };
        return jsonResponse({
          userId: 'user-1',
          limit: limit ?? 25_000,
          limitSource: limit === null ? 'verified' : 'account',
        });
      }
      return undefined;
    },
  }).server;
}

function renderList() {
  const user = userEvent.setup();
  // What the page hands in: the refreshes of the orders' lists and of the catalog.
  const onOrdersRemoved = vi.fn(async () => undefined);
  const onStockReturned = vi.fn(async () => undefined);
  renderRoutes([
    {
      path: '/',
      element: <StockHolds onOrdersRemoved={onOrdersRemoved} onStockReturned={onStockReturned} />,
    },
  ]);
  return { user, onOrdersRemoved, onStockReturned };
}

/** The card of an account, found by its name's heading. */
async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { name });
  return within(heading.closest('li')!);
}

describe('Stock holds: each account against its limit', () => {
  signedInForEachTest();

  it('shows the value each account holds against its limit, and who is near it', async () => {
    serve([near, far]);
    renderList();
    const nina = await cardOf('Nina Near');
    expect(
      nina.getByText(t.limitUse(formatMoney(21_000), formatMoney(25_000))),
    ).toBeInTheDocument();
    expect(nina.getByText(t.nearLimit)).toBeInTheDocument();
    expect(nina.getByText(t.limitSources.verified)).toBeInTheDocument();
    const fred = await cardOf('Fred Far');
    expect(fred.getByText(t.limitUse(formatMoney(100), formatMoney(2_000)))).toBeInTheDocument();
    expect(fred.queryByText(t.nearLimit)).not.toBeInTheDocument();
    expect(fred.getByText(t.limitSources.unverified)).toBeInTheDocument();
  });

  it("sets an account's limit, refusing an amount that is not one in the server's words", async () => {
    const server = serve([near]);
    const { user } = renderList();
    const nina = await cardOf('Nina Near');
    const field = nina.getByLabelText(t.limitLabel('Nina Near'));
    await user.clear(field);
    await user.type(field, '12.345');
    await user.click(nina.getByRole('button', { name: t.setLimitLabel('Nina Near') }));
    expect(await nina.findByText(texts.fieldErrors.tooManyDecimals('limit'))).toBeInTheDocument();
    expect(callsTo(server.requests, 'PUT', '/api/manageHolds/user-1/limit')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '50000');
    await user.click(nina.getByRole('button', { name: t.setLimitLabel('Nina Near') }));
    expect(
      await screen.findByText(t.limitSet('Nina Near', formatMoney(50_000))),
    ).toBeInTheDocument();
    const [put] = callsTo(server.requests, 'PUT', '/api/manageHolds/user-1/limit');
    expect(put?.body).toEqual({ limit: 50_000 });
  });

  it('releases an account after asking, and refreshes the orders and the catalog', async () => {
    const server = serve([near]);
    const { user, onOrdersRemoved, onStockReturned } = renderList();
    const nina = await cardOf('Nina Near');
    await user.click(nina.getByRole('button', { name: t.releaseLabel('Nina Near') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.confirmReleaseTitle('Nina Near'))).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/manageHolds/user-1/release')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: t.releaseConfirm }));
    expect(await screen.findByText(t.released(1, 'Nina Near'))).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/manageHolds/user-1/release')).toHaveLength(1);
    expect(onOrdersRemoved).toHaveBeenCalledTimes(1);
    expect(onStockReturned).toHaveBeenCalledTimes(1);
  });

  it('shows a page of accounts at a time; Next asks for the page after the one shown', async () => {
    const many = Array.from({ length: 22 }, (_, n) =>
      hold({ userId: `user-${n + 10}`, name: `Holder ${n + 1}`, total: 1000 - n }),
    );
    const server = serve(many);
    const { user } = renderList();
    await cardOf('Holder 1');
    expect(screen.getAllByRole('heading', { name: /^Holder / })).toHaveLength(
      STOCK_HOLDS_PAGE_SIZE,
    );
    expect(screen.getByText(pagerTexts.pageOf('1', '2'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: pagerTexts.nextPage }));
    await cardOf('Holder 22');
    expect(screen.getAllByRole('heading', { name: /^Holder / })).toHaveLength(2);
    expect(screen.getByText(pagerTexts.pageOf('2', '2'))).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/manageHolds/page?after=at-20')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: pagerTexts.previousPage }));
    await cardOf('Holder 1');
    expect(screen.getByText(pagerTexts.pageOf('1', '2'))).toBeInTheDocument();
  });
});

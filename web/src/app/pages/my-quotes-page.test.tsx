import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatMoney,
  routes,
  serverTexts,
  texts,
  type ManagedQuote,
} from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInAt, listShown } from '../../features/quotes/test/quotes-test-setup';
import { quotesServer } from '../../features/quotes/test/quotes-server';
import { formatDay } from '../../lib/format';
import { callsTo } from '../../test/fake-api';
import { hammer, makeManagedQuote, makeOffer, makeOrder } from '../../test/factories';
import { jsonResponse, renderRoutes, rowOf } from '../../test/render';
import MyQuotesPage from './my-quotes-page';

// The server's day (UTC) while these tests run: offers are valid through their last day.
const NOW = new Date('2026-03-10T12:00:00Z');

const ids = {
  requested: '1a000000-0000-4555-8555-555555555555',
  offered: '2a000000-0000-4555-8555-555555555555',
  expired: '3a000000-0000-4555-8555-555555555555',
  accepted: '4a000000-0000-4555-8555-555555555555',
  paidAccepted: '5a000000-0000-4555-8555-555555555555',
  declined: '6a000000-0000-4555-8555-555555555555',
  refused: '7a000000-0000-4555-8555-555555555555',
};
const UNPAID_ORDER = '88888888-0001-4888-8888-888888888888';
const PAID_ORDER = '88888888-0002-4888-8888-888888888888';

const quote = (key: keyof typeof ids, overrides: Partial<ManagedQuote> = {}) =>
  makeManagedQuote({ _id: ids[key], ...overrides });
const requested = quote('requested');
// 8,000 hammers at $10.00: more than the 5,000 in stock.
const offered = quote('offered', { status: 'offered', offer: makeOffer(10) });
const expired = quote('expired', { status: 'offered', offer: makeOffer(9, 8000, '2026-03-01') });
const accepted = quote('accepted', {
  status: 'accepted',
  offer: makeOffer(10),
  orderId: UNPAID_ORDER,
});
const paidAccepted = quote('paidAccepted', {
  status: 'accepted',
  offer: makeOffer(10),
  orderId: PAID_ORDER,
});
const declined = quote('declined', { status: 'declined', offer: makeOffer(11) });
const refused = quote('refused', { status: 'refused', declineReason: 'We no longer forge these.' });

const orders = [
  makeOrder({ _id: UNPAID_ORDER, quoteId: ids.accepted }),
  makeOrder({ _id: PAID_ORDER, quoteId: ids.paidAccepted, paid: true, status: 'paid' }),
];

/** My Quotes, once its list is in. */
async function renderMyQuotes() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: routes.dashboardMyQuotes, Component: MyQuotesPage }], {
    route: routes.dashboardMyQuotes,
  });
  await screen.findByRole('heading', { name: texts.quotes.title });
  await listShown(texts.quotes.empty);
  return { ...view, user };
}

const referenceOf = (key: keyof typeof ids) => makeManagedQuote({ _id: ids[key] }).reference;
const row = (key: keyof typeof ids) => rowOf(referenceOf(key));

describe('My Quotes', () => {
  signedInAt(NOW);

  it('invites to browse the tools when there is no quote yet', async () => {
    quotesServer();
    await renderMyQuotes();
    expect(await screen.findByText(texts.quotes.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.quotes.browseTools })).toHaveAttribute(
      'href',
      `${routes.home}#tools`,
    );
  });

  it('lists each quote under its columns, with the status in words and what can be done', async () => {
    const { server } = quotesServer({
      quotes: [requested, offered, expired, accepted, paidAccepted, declined, refused],
      orders,
    });
    await renderMyQuotes();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['quote', 'tool', 'quantity', 'needed by', 'offer', 'status', 'action']);
    expect(
      callsTo(server.requests, 'GET', '/api/quotes/page')[0]?.headers.get('Authorization'),
    ).toBe('Bearer token-0');

    expect(row('requested').getByText(texts.quotes.status.requested)).toBeInTheDocument();
    expect(row('requested').getByText('Claw Hammer')).toBeInTheDocument();
    expect(row('requested').getByText('8,000')).toBeInTheDocument();
    expect(row('requested').getByText(formatDay('2099-06-30'))).toBeInTheDocument();
    expect(row('requested').queryByRole('button')).not.toBeInTheDocument();

    const offer = row('offered');
    expect(offer.getByText(texts.quotes.status.offered)).toBeInTheDocument();
    expect(offer.getByText(texts.quotes.offerEach('$10.00'))).toBeInTheDocument();
    expect(offer.getByText(texts.quotes.offerTotal('$80,000.00'))).toBeInTheDocument();
    expect(offer.getByText(texts.quotes.validUntil(formatDay('2099-12-31')))).toBeInTheDocument();
    expect(offer.getByRole('button', { name: texts.quotes.accept })).toHaveAccessibleDescription(
      referenceOf('offered'),
    );
    expect(offer.getByRole('button', { name: texts.quotes.decline })).toBeInTheDocument();

    expect(row('expired').getByText(texts.quotes.status.expired)).toBeInTheDocument();
    expect(
      row('expired').getByText(texts.quotes.expiredOn(formatDay('2026-03-01'))),
    ).toBeInTheDocument();
    expect(row('expired').queryByRole('button')).not.toBeInTheDocument();

    expect(row('accepted').getByText(texts.quotes.status.accepted)).toBeInTheDocument();
    expect(await row('accepted').findByRole('link', { name: texts.quotes.pay })).toHaveAttribute(
      'href',
      routes.dashboardPayment(UNPAID_ORDER),
    );
    // Paid already: no pay, the way to the order instead.
    expect(row('paidAccepted').queryByRole('link', { name: texts.quotes.pay })).toBeNull();
    expect(row('paidAccepted').getByRole('link', { name: texts.quotes.viewOrder })).toHaveAttribute(
      'href',
      routes.dashboardOrders,
    );

    expect(row('declined').getByText(texts.quotes.status.declined)).toBeInTheDocument();
    expect(row('declined').queryByRole('button')).not.toBeInTheDocument();
    expect(row('refused').getByText(texts.quotes.status.refused)).toBeInTheDocument();
    expect(
      row('refused').getByText(texts.quotes.declinedBecause('We no longer forge these.')),
    ).toBeInTheDocument();
  });

  it('reads an offer whose last day passed while the page was open as expired, with no Accept', async () => {
    // The server said 'offered' on the 10th (its last day); the page is still open on the 11th.
    const lastDay = quote('offered', {
      status: 'offered',
      offer: makeOffer(10, 8000, '2026-03-10'),
    });
    quotesServer({
      answer: ({ url }) =>
        url === '/api/quotes/page'
          ? jsonResponse({ quotes: [lastDay], total: 1, next: null })
          : undefined,
    });
    vi.setSystemTime(new Date('2026-03-11T00:30:00Z'));
    await renderMyQuotes();
    const offer = rowOf(referenceOf('offered'));
    expect(await offer.findByText(texts.quotes.status.expired)).toBeInTheDocument();
    expect(offer.queryByRole('button', { name: texts.quotes.accept })).not.toBeInTheDocument();
  });

  it('accepts an offer after saying its total and that it is made to order, to the address typed, then offers to pay', async () => {
    const { server, store } = quotesServer({ quotes: [offered] });
    const { user, queryClient } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));

    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
    expect(dialog.getByText(texts.quotes.confirmAcceptBody('$80,000.00'))).toBeInTheDocument();
    // 8,000 asked, 5,000 in the catalog.
    expect(dialog.getByText(texts.quotes.confirmAcceptMadeToOrder)).toBeInTheDocument();
    const address = dialog.getByRole('textbox', { name: texts.purchase.address });
    expect(address).toHaveFocus();
    await user.type(address, '3 Anvil Yard, Leeds');
    await user.type(dialog.getByRole('textbox', { name: texts.purchase.phone }), '0113 496 0000');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    const [sent] = callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/accept`);
    expect(sent?.body).toEqual({
      price: 10,
      address: '3 Anvil Yard, Leeds',
      phone: '0113 496 0000',
      poNumber: '',
    });
    const order = store.orders[0]!;
    expect(order).toMatchObject({ address: '3 Anvil Yard, Leeds', phone: '0113 496 0000' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      texts.quotes.accepted(order.reference),
    );
    expect(await row('offered').findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    expect(await row('offered').findByRole('link', { name: texts.quotes.pay })).toHaveAttribute(
      'href',
      routes.dashboardPayment(order._id),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The stock may have moved: the catalog is asked again wherever it shows.
    expect(queryClient.getQueryState(['tools'])?.dataUpdateCount).toBeGreaterThan(1);
  });

  it('starts Accept from where the latest order went, and sends the PO number typed', async () => {
    const older = makeOrder({
      address: '1 Old Forge, York',
      createdAt: '2026-01-02T09:00:00.000Z',
    });
    const latest = makeOrder({
      _id: '88888888-0003-4888-8888-888888888888',
      address: '9 Kiln Road, Leeds',
      phone: '0113 496 0001',
      createdAt: '2026-02-02T09:00:00.000Z',
    });
    const { server } = quotesServer({ quotes: [offered], orders: [latest, older] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));
    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
    expect(dialog.getByRole('textbox', { name: texts.purchase.address })).toHaveValue(
      '9 Kiln Road, Leeds',
    );
    expect(dialog.getByRole('textbox', { name: texts.purchase.phone })).toHaveValue(
      '0113 496 0001',
    );
    await user.type(dialog.getByRole('textbox', { name: texts.checkout.poNumber }), 'PO-77');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));
    const [sent] = callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/accept`);
    expect(sent?.body).toEqual({
      price: 10,
      address: '9 Kiln Road, Leeds',
      phone: '0113 496 0001',
      poNumber: 'PO-77',
    });
  });

  it('refuses an empty address in the form and sends nothing; the phone may stay empty', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));
    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
    const address = dialog.getByRole('textbox', { name: texts.purchase.address });
    await user.type(address, '   ');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    expect(await dialog.findByText(texts.fieldErrors.required('address'))).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(texts.fieldErrors.required('address'));
    expect(callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/accept`)).toHaveLength(0);

    await user.type(address, '7 Quay Street, Hull');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));
    expect(await row('offered').findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/accept`);
    expect(sent?.body).toEqual({
      price: 10,
      address: '7 Quay Street, Hull',
      phone: '',
      poNumber: '',
    });
  });

  it('says nothing of made to order when the stock covers the quantity', async () => {
    quotesServer({ quotes: [offered], tools: [{ ...hammer, availableQuantity: 8000 }] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));
    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
    expect(dialog.getByText(texts.quotes.confirmAcceptBody('$80,000.00'))).toBeInTheDocument();
    expect(dialog.queryByText(texts.quotes.confirmAcceptMadeToOrder)).not.toBeInTheDocument();
  });

  it("says the server's refusal in the dialog when the offer changed meanwhile, with the new total", async () => {
    // Another admin's new offer: $9.50 instead of the $10.00 this page shows.
    const { server, store } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));
    store.quotes = [{ ...offered, offer: makeOffer(9.5) }];
    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
    await user.type(dialog.getByRole('textbox', { name: texts.purchase.address }), '3 Anvil Yard');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    expect(await dialog.findByText(serverTexts.quoteErrors.offerChanged(9.5))).toBeInTheDocument();
    expect(
      await dialog.findByText(texts.quotes.confirmAcceptBody('$76,000.00')),
    ).toBeInTheDocument();
    expect(
      await row('offered').findByText(texts.quotes.offerEach(formatMoney(9.5))),
    ).toBeInTheDocument();
    expect(store.orders).toHaveLength(0);
    expect(callsTo(server.requests, 'GET', '/api/quotes/page').length).toBeGreaterThan(1);

    // Read, accepted again: at the new price, to the address still typed.
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));
    expect(await row('offered').findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/accept`).map((c) => c.body),
    ).toEqual([
      { price: 10, address: '3 Anvil Yard', phone: '', poNumber: '' },
      { price: 9.5, address: '3 Anvil Yard', phone: '', poNumber: '' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('declines an offer after asking', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.decline }));
    const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmDeclineTitle }));
    expect(dialog.getByText(texts.quotes.confirmDeclineBody)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: texts.quotes.declineConfirm }));

    expect(callsTo(server.requests, 'POST', `/api/quotes/${ids.offered}/decline`)).toHaveLength(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.quotes.declined);
    expect(await row('offered').findByText(texts.quotes.status.declined)).toBeInTheDocument();
    expect(row('offered').queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancelling the question sends nothing', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes();
    await user.click(await row('offered').findByRole('button', { name: texts.quotes.accept }));
    await user.click(screen.getByRole('button', { name: texts.quotes.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

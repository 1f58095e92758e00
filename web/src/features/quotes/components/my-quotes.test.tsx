import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  pagerTexts,
  PO_NUMBER_MAX_LENGTH,
  QUOTES_PAGE_SIZE,
  texts,
  type ManagedQuote,
} from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { makeManagedQuote, makeOffer } from '../../../test/factories';
import { renderWithProviders, rowOf } from '../../../test/render';
import { listShown, signedInAt } from '../test/quotes-test-setup';
import { quotesServer } from '../test/quotes-server';
import type { SavedShipTo } from './accept-quote-form';
import { MyQuotes } from './my-quotes';

// The server's day (UTC) while these tests run: the offers below stand until 2099.
const NOW = new Date('2026-03-10T12:00:00Z');

const OUR_NOTE = 'Ships in three weeks from the order.\nPrices ex works.';

/** 8,000 hammers at $10.00, with the customer's note (the factory's) and ours. */
const offered = makeManagedQuote({
  _id: '1c000000-0000-4555-8555-555555555555',
  status: 'offered',
  offer: { ...makeOffer(10), note: OUR_NOTE },
});
/** Asked without a note, no offer yet. */
const plain = makeManagedQuote({ _id: '2c000000-0000-4555-8555-555555555555', note: '' });

const SAVED: SavedShipTo = { address: '12 Harbour Road\nDhaka', phone: '+880 2 5500 1234' };

const row = (quote: ManagedQuote) => rowOf(quote.reference);

/** My Quotes alone (the page gives it the unpaid orders, the stock and the saved ship-to). */
async function renderMyQuotes(savedShipTo?: SavedShipTo) {
  const user = userEvent.setup();
  renderWithProviders(
    <MyQuotes unpaidOrderIds={new Set()} stockOf={new Map()} savedShipTo={savedShipTo} />,
  );
  await listShown(texts.quotes.empty);
  return { user };
}

async function openAcceptance(user: ReturnType<typeof userEvent.setup>, quote: ManagedQuote) {
  await user.click(await row(quote).findByRole('button', { name: texts.quotes.accept }));
  return within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
}

describe('MyQuotes', () => {
  signedInAt(NOW);

  it("shows the customer's own note and ours with the offer, each named", async () => {
    quotesServer({ quotes: [offered, plain] });
    await renderMyQuotes();

    const withNotes = row(offered);
    expect(
      withNotes.getByText(`${texts.quotes.yourNote}: Boxed in tens, please.`),
    ).toBeInTheDocument();
    // As typed, its lines kept.
    expect(
      withNotes.getByText(`${texts.quotes.ourNote}: ${OUR_NOTE}`, { normalizer: (text) => text }),
    ).toBeInTheDocument();

    // No note and no offer: neither label.
    expect(row(plain).queryByText(new RegExp(texts.quotes.yourNote))).not.toBeInTheDocument();
    expect(row(plain).queryByText(new RegExp(texts.quotes.ourNote))).not.toBeInTheDocument();
  });

  it('accepts from the saved ship-to, changed or not, with the PO number typed', async () => {
    const { server, store } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes(SAVED);
    const dialog = await openAcceptance(user, offered);

    const address = dialog.getByRole('textbox', { name: texts.purchase.address });
    expect(address).toHaveValue(SAVED.address);
    expect(dialog.getByRole('textbox', { name: texts.purchase.phone })).toHaveValue(SAVED.phone);
    const poNumber = dialog.getByRole('textbox', { name: texts.checkout.poNumber });
    expect(poNumber).toHaveValue('');
    // The saved address is a start: this order goes elsewhere.
    await user.clear(address);
    await user.type(address, '3 Anvil Yard, Leeds');
    await user.type(poNumber, 'PO-2026-0042');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    expect(await row(offered).findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', `/api/quotes/${offered._id}/accept`);
    expect(sent?.body).toEqual({
      price: 10,
      address: '3 Anvil Yard, Leeds',
      phone: SAVED.phone,
      poNumber: 'PO-2026-0042',
    });
    expect(store.orders[0]).toMatchObject({ poNumber: 'PO-2026-0042' });
  });

  it('starts from empty fields when nothing is saved, and sends no PO number when none is typed', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes();
    const dialog = await openAcceptance(user, offered);
    const address = dialog.getByRole('textbox', { name: texts.purchase.address });
    expect(address).toHaveValue('');
    await user.type(address, '7 Quay Street, Hull');
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    expect(await row(offered).findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', `/api/quotes/${offered._id}/accept`);
    expect(sent?.body).toMatchObject({ address: '7 Quay Street, Hull', poNumber: '' });
  });

  it('refuses a PO number longer than the checkout takes, sending nothing', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderMyQuotes(SAVED);
    const dialog = await openAcceptance(user, offered);
    const poNumber = dialog.getByRole('textbox', { name: texts.checkout.poNumber });
    await user.type(poNumber, 'P'.repeat(PO_NUMBER_MAX_LENGTH + 1));
    await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

    const tooLong = texts.fieldErrors.tooLong('PO number', PO_NUMBER_MAX_LENGTH);
    expect(await dialog.findByText(tooLong)).toBeInTheDocument();
    expect(poNumber).toHaveAccessibleDescription(tooLong);
    expect(callsTo(server.requests, 'POST', `/api/quotes/${offered._id}/accept`)).toHaveLength(0);
  });

  it('shows a page of quotes at a time, and Next and Previous walk the pages the server gives', async () => {
    // 25 quotes: a page of QUOTES_PAGE_SIZE (20), then the last 5.
    const many = Array.from({ length: 25 }, (_, n) =>
      makeManagedQuote({ _id: `${String(n + 10).padStart(8, '0')}-0000-4555-8555-555555555555` }),
    );
    const { server } = quotesServer({ quotes: many });
    const { user } = await renderMyQuotes();

    const rowsShown = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
    expect(rowsShown()).toBe(QUOTES_PAGE_SIZE);
    expect(screen.getByText(pagerTexts.pageOf('1', '2'))).toBeInTheDocument();
    expect(row(many[0]!).getByText(many[0]!.reference)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: pagerTexts.nextPage }));
    expect(await screen.findByText(pagerTexts.pageOf('2', '2'))).toBeInTheDocument();
    await vi.waitFor(() => expect(rowsShown()).toBe(5));
    expect(row(many[24]!).getByText(many[24]!.reference)).toBeInTheDocument();
    expect(screen.queryByText(many[0]!.reference)).not.toBeInTheDocument();
    // The next page starts where the first one ended, as the server said.
    expect(callsTo(server.requests, 'GET', '/api/quotes/page?after=at-20')).toHaveLength(1);
    expect(screen.getByRole('button', { name: pagerTexts.nextPage })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: pagerTexts.previousPage }));
    expect(await screen.findByText(pagerTexts.pageOf('1', '2'))).toBeInTheDocument();
    await vi.waitFor(() => expect(rowsShown()).toBe(QUOTES_PAGE_SIZE));
  });

  it('shows no pager while every quote fits on one page', async () => {
    quotesServer({ quotes: [offered, plain] });
    await renderMyQuotes();
    expect(screen.queryByRole('button', { name: pagerTexts.nextPage })).not.toBeInTheDocument();
  });
});

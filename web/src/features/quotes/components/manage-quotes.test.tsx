import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatMoney,
  pagerTexts,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTES_PAGE_SIZE,
  serverTexts,
  texts,
  type ManagedQuote,
} from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInAt, pickDate, listShown } from '../test/quotes-test-setup';
import { formatDay } from '../../../lib/format';
import { callsTo } from '../../../test/fake-api';
import { makeManagedQuote, makeManagedQuoteRequest, makeOffer } from '../../../test/factories';
import { jsonResponse, renderWithProviders, rowOf } from '../../../test/render';
import { quotesServer } from '../test/quotes-server';
import { ManageQuotes } from './manage-quotes';

// The server's day (UTC) while these tests run: an offer must be valid until today or later.
const NOW = new Date('2026-03-10T12:00:00Z');

const requested = makeManagedQuote({
  _id: '1b000000-0000-4555-8555-555555555555',
  email: 'olga@example.com',
});
const offered = makeManagedQuote({
  _id: '2b000000-0000-4555-8555-555555555555',
  quantity: 300,
  note: '',
  status: 'offered',
  offer: makeOffer(11, 300),
  catalogUnitPrice: 11.75,
});
const expired = makeManagedQuote({
  _id: '3b000000-0000-4555-8555-555555555555',
  status: 'expired',
  offer: makeOffer(9, 8000, '2026-03-01'),
});
const accepted = makeManagedQuote({
  _id: '4b000000-0000-4555-8555-555555555555',
  status: 'accepted',
  offer: makeOffer(10),
  orderId: '88888888-0001-4888-8888-888888888888',
});
const gone = makeManagedQuote({
  _id: '5b000000-0000-4555-8555-555555555555',
  name: 'Bench Vise',
  status: 'refused',
  declineReason: 'Discontinued.',
  catalogUnitPrice: null,
  availableQuantity: null,
});

const row = (quote: ManagedQuote) => rowOf(quote.reference);

async function renderManageQuotes() {
  const user = userEvent.setup();
  renderWithProviders(<ManageQuotes />);
  await listShown(texts.manageQuotes.empty);
  return { user };
}

async function openOffer(user: ReturnType<typeof userEvent.setup>, quote: ManagedQuote) {
  const label = quote.offer ? texts.manageQuotes.newOffer : texts.manageQuotes.makeOffer;
  await user.click(row(quote).getByRole('button', { name: label }));
  return within(
    screen.getByRole('dialog', { name: texts.manageQuotes.offerTitle(quote.reference) }),
  );
}

describe('ManageQuotes', () => {
  signedInAt(NOW);

  it('says so when nobody has asked for a quote yet', async () => {
    quotesServer();
    await renderManageQuotes();
    expect(screen.getByText(texts.manageQuotes.empty)).toBeInTheDocument();
  });

  it('lists every quote with the customer, the catalog beside the quantity, the note and the offer', async () => {
    quotesServer({ quotes: [requested, offered, expired, accepted, gone] });
    await renderManageQuotes();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['quote', 'tool', 'customer', 'quantity', 'needed by', 'offer', 'status', 'action']);

    const asked = row(requested);
    expect(asked.getByText('olga@example.com')).toBeInTheDocument();
    expect(asked.getByText('8,000')).toBeInTheDocument();
    expect(asked.getByText(texts.manageQuotes.catalogPrice('$12.50'))).toBeInTheDocument();
    // 8,000 asked, 5,000 in stock.
    expect(asked.getByText(texts.manageQuotes.beyondStock)).toBeInTheDocument();
    expect(asked.getByText(formatDay('2099-06-30'))).toBeInTheDocument();
    expect(
      asked.getByText(`${texts.manageQuotes.customerNote}: Boxed in tens, please.`),
    ).toBeInTheDocument();
    expect(asked.getByText(texts.manageQuotes.status.requested)).toBeInTheDocument();
    expect(asked.getByRole('button', { name: texts.manageQuotes.makeOffer })).toBeInTheDocument();
    expect(asked.getByRole('button', { name: texts.manageQuotes.decline })).toBeInTheDocument();

    const standing = row(offered);
    expect(standing.getByText(texts.manageQuotes.catalogPrice('$11.75'))).toBeInTheDocument();
    expect(standing.getByText(texts.manageQuotes.inStock('5,000'))).toBeInTheDocument();
    expect(standing.getByText(texts.quotes.offerEach('$11.00'))).toBeInTheDocument();
    expect(standing.getByText(texts.quotes.offerTotal('$3,300.00'))).toBeInTheDocument();
    expect(standing.getByText(texts.manageQuotes.status.offered)).toBeInTheDocument();
    expect(standing.getByRole('button', { name: texts.manageQuotes.newOffer })).toBeInTheDocument();

    // An expired offer can be replaced by a new one.
    expect(row(expired).getByText(texts.manageQuotes.status.expired)).toBeInTheDocument();
    expect(
      row(expired).getByRole('button', { name: texts.manageQuotes.newOffer }),
    ).toBeInTheDocument();

    // Closed: nothing left to do.
    expect(row(accepted).getByText(texts.manageQuotes.status.accepted)).toBeInTheDocument();
    expect(row(accepted).queryByRole('button')).not.toBeInTheDocument();
    expect(row(gone).getByText(texts.manageQuotes.noLongerOnSale)).toBeInTheDocument();
    expect(row(gone).getByText(texts.quotes.declinedBecause('Discontinued.'))).toBeInTheDocument();
    expect(row(gone).queryByRole('button')).not.toBeInTheDocument();
  });

  it('makes an offer: a unit price valid until a day, sent, said and shown', async () => {
    const { server } = quotesServer({ quotes: [requested] });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, requested);
    const price = dialog.getByLabelText(texts.manageQuotes.unitPrice);
    expect(price).toHaveValue('');
    expect(price).toHaveFocus();
    expect(dialog.getByLabelText(texts.manageQuotes.validUntil)).toHaveAttribute(
      'min',
      '2026-03-10',
    );
    await user.type(price, '10.5');
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));

    // The offer reaches the server after the click's own render: waited for (a busy machine).
    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'POST', `/api/manageQuotes/${requested._id}/offer`)[0]?.body,
      ).toEqual({ price: 10.5, validUntil: '2026-04-30', note: '' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      texts.manageQuotes.offerSent('olga@example.com'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await row(requested).findByText(texts.quotes.offerEach('$10.50'))).toBeInTheDocument();
    expect(row(requested).getByText(texts.manageQuotes.status.offered)).toBeInTheDocument();
    expect(
      row(requested).getByText(texts.quotes.validUntil(formatDay('2026-04-30'))),
    ).toBeInTheDocument();
  });

  it("sends a note with the offer, and shows it under the offer beside the customer's note", async () => {
    const { server } = quotesServer({ quotes: [requested] });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, requested);
    const note = dialog.getByRole('textbox', { name: texts.manageQuotes.offerNote });
    expect(note).toHaveValue('');
    expect(note).toHaveAttribute('maxLength', String(QUOTE_NOTE_MAX_LENGTH));
    expect(note).toHaveAccessibleDescription(
      texts.manageQuotes.offerNoteHint(QUOTE_NOTE_MAX_LENGTH),
    );
    await user.type(dialog.getByLabelText(texts.manageQuotes.unitPrice), '10.5');
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
    await user.type(note, 'Ships in three weeks.');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));

    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'POST', `/api/manageQuotes/${requested._id}/offer`)[0]?.body,
      ).toEqual({ price: 10.5, validUntil: '2026-04-30', note: 'Ships in three weeks.' }),
    );
    expect(
      await row(requested).findByText(`${texts.quotes.ourNote}: Ships in three weeks.`),
    ).toBeInTheDocument();
    expect(
      row(requested).getByText(`${texts.manageQuotes.customerNote}: Boxed in tens, please.`),
    ).toBeInTheDocument();
  });

  it("starts a new offer from the standing one's note", async () => {
    const withNote = { ...offered, offer: { ...offered.offer!, note: 'Ex works, 30 days net.' } };
    const { server } = quotesServer({ quotes: [withNote] });
    const { user } = await renderManageQuotes();
    expect(
      row(withNote).getByText(`${texts.quotes.ourNote}: Ex works, 30 days net.`),
    ).toBeInTheDocument();
    const dialog = await openOffer(user, withNote);
    expect(dialog.getByRole('textbox', { name: texts.manageQuotes.offerNote })).toHaveValue(
      'Ex works, 30 days net.',
    );
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));
    expect(
      callsTo(server.requests, 'POST', `/api/manageQuotes/${withNote._id}/offer`)[0]?.body,
    ).toEqual({ price: 11, validUntil: '2026-04-30', note: 'Ex works, 30 days net.' });
  });

  it('asks before sending an offer above the catalog price, and sends it the second time', async () => {
    const { server } = quotesServer({ quotes: [requested] });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, requested);
    const catalog = requested.catalogUnitPrice!;
    const above = catalog * 10;
    await user.type(dialog.getByLabelText(texts.manageQuotes.unitPrice), String(above));
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));

    expect(dialog.getByRole('alert')).toHaveTextContent(
      texts.manageQuotes.aboveCatalog(formatMoney(above), formatMoney(catalog)),
    );
    expect(callsTo(server.requests, 'POST', `/api/manageQuotes/${requested._id}/offer`)).toEqual(
      [],
    );
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendAboveCatalog }));
    const [sent] = callsTo(server.requests, 'POST', `/api/manageQuotes/${requested._id}/offer`);
    expect(sent?.body).toEqual({ price: above, validUntil: '2026-04-30', note: '' });
  });

  it('starts a new offer from the standing price, and the new one replaces it', async () => {
    const { server } = quotesServer({ quotes: [offered] });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, offered);
    const price = dialog.getByLabelText(texts.manageQuotes.unitPrice);
    expect(price).toHaveValue('11');
    await user.clear(price);
    await user.type(price, '10.75');
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-03-10');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));

    expect(
      callsTo(server.requests, 'POST', `/api/manageQuotes/${offered._id}/offer`)[0]?.body,
    ).toEqual({ price: 10.75, validUntil: '2026-03-10', note: '' });
    expect(await row(offered).findByText(texts.quotes.offerEach('$10.75'))).toBeInTheDocument();
    expect(row(offered).queryByText(texts.quotes.offerEach('$11.00'))).not.toBeInTheDocument();
  });

  it('refuses a price that is not one and a last day already past, sending nothing', async () => {
    const { server } = quotesServer({ quotes: [requested] });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, requested);
    await user.type(dialog.getByLabelText(texts.manageQuotes.unitPrice), '10.555');
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-03-09');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));
    expect(
      await dialog.findByText(texts.fieldErrors.tooManyDecimals('unit price')),
    ).toBeInTheDocument();
    expect(dialog.getByText(texts.manageQuotes.validUntilPast)).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(texts.manageQuotes.unitPrice));
    await user.type(dialog.getByLabelText(texts.manageQuotes.unitPrice), '0');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));
    expect(
      await dialog.findByText(texts.fieldErrors.notPositive('unit price')),
    ).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal inside the offer dialog", async () => {
    quotesServer({
      quotes: [offered],
      answer: ({ method, url }) =>
        method === 'POST' && url.endsWith('/offer')
          ? jsonResponse({ message: serverTexts.quoteErrors.notOpen, statusCode: 409 }, 409)
          : undefined,
    });
    const { user } = await renderManageQuotes();
    const dialog = await openOffer(user, offered);
    pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(serverTexts.quoteErrors.notOpen);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('declines a request with the reason the customer will read', async () => {
    const { server } = quotesServer({ quotes: [requested] });
    const { user } = await renderManageQuotes();
    await user.click(row(requested).getByRole('button', { name: texts.manageQuotes.decline }));
    const dialog = within(
      screen.getByRole('dialog', { name: texts.manageQuotes.declineTitle(requested.reference) }),
    );
    const reason = dialog.getByLabelText(texts.manageQuotes.reason);
    expect(reason).toHaveAccessibleDescription(texts.manageQuotes.reasonHint);
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.declineConfirm }));
    expect(await dialog.findByText(texts.fieldErrors.required('reason'))).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(reason, 'We cannot make 8,000 by June.');
    await user.click(dialog.getByRole('button', { name: texts.manageQuotes.declineConfirm }));
    expect(
      callsTo(server.requests, 'POST', `/api/manageQuotes/${requested._id}/decline`)[0]?.body,
    ).toEqual({ reason: 'We cannot make 8,000 by June.' });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.manageQuotes.declined);
    expect(
      await row(requested).findByText(
        texts.quotes.declinedBecause('We cannot make 8,000 by June.'),
      ),
    ).toBeInTheDocument();
    expect(row(requested).getByText(texts.manageQuotes.status.refused)).toBeInTheDocument();
    expect(row(requested).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a page of quotes at a time; Next asks for the page after the one shown', async () => {
    const many = Array.from({ length: 23 }, (_, n) =>
      makeManagedQuote({ _id: `${String(n + 10).padStart(8, '0')}-0000-4555-8555-555555555555` }),
    );
    const { server } = quotesServer({ quotes: many });
    const user = userEvent.setup();
    renderWithProviders(<ManageQuotes />);
    await listShown(texts.manageQuotes.empty);

    const rowsShown = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
    expect(rowsShown()).toBe(QUOTES_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: pagerTexts.nextPage }));
    expect(await screen.findByText(pagerTexts.pageOf('2', '2'))).toBeInTheDocument();
    await vi.waitFor(() => expect(rowsShown()).toBe(3));
    expect(rowOf(many[22]!.reference).getByText(many[22]!.reference)).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/manageQuotes/page?after=at-20')).toHaveLength(1);
  });

  it('pages the requests of several lines apart from the quotes, with their own Next', async () => {
    const requests = Array.from({ length: 21 }, (_, n) =>
      makeManagedQuoteRequest({
        _id: `${String(n + 10).padStart(8, '0')}-0000-4555-8555-555555555555`,
      }),
    );
    const { server } = quotesServer({ requests, quotes: [requested] });
    const user = userEvent.setup();
    renderWithProviders(<ManageQuotes />);
    await listShown(texts.manageQuotes.empty);
    expect(await screen.findByText(requests[0]!.reference)).toBeInTheDocument();
    expect(screen.queryByText(requests[20]!.reference)).not.toBeInTheDocument();
    // The requests' pager: the quotes (one) have none.
    expect(screen.getAllByRole('button', { name: pagerTexts.nextPage })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: pagerTexts.nextPage }));
    expect(await screen.findByText(requests[20]!.reference)).toBeInTheDocument();
    expect(screen.queryByText(requests[0]!.reference)).not.toBeInTheDocument();
    expect(
      callsTo(server.requests, 'GET', '/api/manageQuoteRequests/page?after=at-20'),
    ).toHaveLength(1);
    // The quotes stay on their first page.
    expect(rowOf(requested.reference).getByText(requested.reference)).toBeInTheDocument();
  });
});

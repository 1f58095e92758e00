import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  checkoutReference,
  serverTexts,
  texts,
  type ManagedQuoteRequest,
} from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { hammer, makeManagedQuoteRequest, pliers } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { NEW_CHECKOUT_ID, quotesServer } from '../test/quotes-server';
import { pickDate, signedInAt } from '../test/quotes-test-setup';
import { ManageQuotes } from './manage-quotes';
import { MyQuotes } from './my-quotes';
import { RequestQuoteFromCart } from './request-quote-from-cart';

// The server's day (UTC) while these tests run: the offers below stand until 2099.
const NOW = new Date('2026-03-10T12:00:00Z');

const words = texts.quoteRequests;

const requested = makeManagedQuoteRequest();
const [hammers, pliersLine] = requested.lines;
/** The same request offered: 40 hammers at $11.00, 300 pliers at $8.00, with our note. */
const offered: ManagedQuoteRequest = {
  ...requested,
  status: 'offered',
  lines: [
    { ...hammers!, offer: { price: 11, total: 440 } },
    { ...pliersLine!, offer: { price: 8, total: 2400 } },
  ],
  offer: {
    total: 2840,
    validUntil: '2099-12-31',
    offeredAt: '2025-01-04T00:00:00.000Z',
    note: 'Ships in two weeks.',
  },
};

/** The request's card, found by its reference (its heading). */
const card = (request: ManagedQuoteRequest) =>
  within(screen.getByRole('article', { name: new RegExp(request.reference) }));

describe('quote requests of several lines (issue 42)', () => {
  signedInAt(NOW);

  describe('My Quotes', () => {
    async function renderMyQuotes() {
      const user = userEvent.setup();
      renderWithProviders(
        <MyQuotes
          unpaidOrderIds={new Set()}
          stockOf={new Map([[pliers._id, 100]])}
          savedShipTo={{ address: '12 Harbour Road', phone: '' }}
        />,
      );
      await screen.findByRole('article');
      return { user };
    }

    it('shows the request as one entry: its lines, unit prices, line totals, the total and both notes', async () => {
      quotesServer({ requests: [offered] });
      await renderMyQuotes();
      const entry = card(offered);
      expect(entry.getByText(words.lineCount(2))).toBeInTheDocument();
      const lines = within(entry.getByRole('list', { name: words.lines })).getAllByRole('listitem');
      expect(lines.map((line) => line.textContent)).toEqual([
        `${hammer.name}40 × ${texts.quotes.offerEach('$11.00')}${words.lineTotal}: $440.00`,
        `${pliers.name}300 × ${texts.quotes.offerEach('$8.00')}${words.lineTotal}: $2,400.00`,
      ]);
      expect(entry.getByText('$2,840.00')).toBeInTheDocument();
      expect(
        entry.getByText(`${texts.quotes.yourNote}: One delivery, please.`),
      ).toBeInTheDocument();
      expect(entry.getByText(`${texts.quotes.ourNote}: Ships in two weeks.`)).toBeInTheDocument();
      expect(entry.getByText(texts.quotes.status.offered)).toBeInTheDocument();
    });

    it('accepts it whole at the prices read, from the saved ship-to; one checkout is placed', async () => {
      const { server } = quotesServer({ requests: [offered] });
      const { user } = await renderMyQuotes();
      await user.click(card(offered).getByRole('button', { name: texts.quotes.accept }));
      const dialog = within(screen.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }));
      expect(dialog.getByText(words.confirmAcceptBody('$2,840.00', 2))).toBeInTheDocument();
      // 300 pliers asked, 100 in stock: made to order.
      expect(dialog.getByText(words.confirmAcceptMadeToOrder(pliers.name))).toBeInTheDocument();
      await user.type(dialog.getByLabelText(texts.checkout.poNumber), 'PO-9');
      await user.click(dialog.getByRole('button', { name: texts.quotes.acceptConfirm }));

      await vi.waitFor(() =>
        expect(
          callsTo(server.requests, 'POST', `/api/quoteRequests/${offered._id}/accept`),
        ).toHaveLength(1),
      );
      const [sent] = callsTo(server.requests, 'POST', `/api/quoteRequests/${offered._id}/accept`);
      expect(sent?.body).toEqual({
        lines: [
          { quoteId: hammers!._id, price: 11 },
          { quoteId: pliersLine!._id, price: 8 },
        ],
        address: '12 Harbour Road',
        phone: '',
        poNumber: 'PO-9',
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        words.accepted(checkoutReference(NEW_CHECKOUT_ID)),
      );
      expect(await card(offered).findByText(texts.quotes.status.accepted)).toBeInTheDocument();
    });

    it('declines it after asking', async () => {
      const { server } = quotesServer({ requests: [offered] });
      const { user } = await renderMyQuotes();
      await user.click(card(offered).getByRole('button', { name: texts.quotes.decline }));
      await user.click(screen.getByRole('button', { name: texts.quotes.declineConfirm }));
      await vi.waitFor(() =>
        expect(
          callsTo(server.requests, 'POST', `/api/quoteRequests/${offered._id}/decline`),
        ).toHaveLength(1),
      );
      expect(await card(offered).findByText(texts.quotes.status.declined)).toBeInTheDocument();
    });
  });

  describe('Quotes (admins)', () => {
    it('offers a unit price for every line in one form, with one day and one note', async () => {
      const { server } = quotesServer({ requests: [requested] });
      const user = userEvent.setup();
      renderWithProviders(<ManageQuotes />);
      const entry = within(await screen.findByRole('article'));
      expect(entry.getByText('maria@example.com')).toBeInTheDocument();
      await user.click(entry.getByRole('button', { name: texts.manageQuotes.makeOffer }));
      const dialog = within(
        screen.getByRole('dialog', { name: words.offerTitle(requested.reference) }),
      );
      await user.type(dialog.getByLabelText(words.unitPriceOf(hammer.name, '40')), '11');
      await user.type(dialog.getByLabelText(words.unitPriceOf(pliers.name, '300')), '8');
      expect(dialog.getByRole('status')).toHaveTextContent(words.offerTotal('$2,840.00'));
      pickDate(dialog.getByLabelText(texts.manageQuotes.validUntil), '2026-04-30');
      await user.type(dialog.getByLabelText(texts.manageQuotes.offerNote), 'Ships in two weeks.');
      await user.click(dialog.getByRole('button', { name: texts.manageQuotes.sendOffer }));

      await vi.waitFor(() =>
        expect(
          callsTo(server.requests, 'POST', `/api/manageQuoteRequests/${requested._id}/offer`),
        ).toHaveLength(1),
      );
      const [sent] = callsTo(
        server.requests,
        'POST',
        `/api/manageQuoteRequests/${requested._id}/offer`,
      );
      expect(sent?.body).toEqual({
        lines: [
          { quoteId: hammers!._id, price: 11 },
          { quoteId: pliersLine!._id, price: 8 },
        ],
        validUntil: '2026-04-30',
        note: 'Ships in two weeks.',
      });
      expect(await card(requested).findByText('$2,840.00')).toBeInTheDocument();
    });
  });

  describe('the cart: Request a quote for these lines', () => {
    it('sends the needed-by date and note; a refusal names each line that cannot be quoted', async () => {
      const refusedLines = [
        { toolId: pliers._id, sku: pliers.sku, message: texts.quotes.quantityTooSmall(150) },
      ];
      const onRefusedLines = vi.fn();
      const { server } = quotesServer({
        answer: ({ method, url }) =>
          method === 'POST' && url === '/api/quoteRequests'
            ? jsonResponse(
                {
                  message: serverTexts.quoteErrors.linesRefused,
                  statusCode: 409,
                  lines: refusedLines,
                },
                409,
              )
            : undefined,
      });
      const user = userEvent.setup();
      renderWithProviders(<RequestQuoteFromCart lineCount={2} onRefusedLines={onRefusedLines} />);
      await user.click(screen.getByRole('button', { name: words.requestFromCart }));
      const dialog = within(screen.getByRole('dialog', { name: words.requestTitle(2) }));
      pickDate(dialog.getByLabelText(texts.quotes.neededBy), '2026-06-30');
      await user.type(dialog.getByLabelText(texts.quotes.note), 'One delivery');
      await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));

      expect(await dialog.findByText(serverTexts.quoteErrors.linesRefused)).toBeInTheDocument();
      expect(
        within(dialog.getByRole('list', { name: words.lines })).getByRole('listitem'),
      ).toHaveTextContent(`${pliers.sku}: ${texts.quotes.quantityTooSmall(150)}`);
      expect(onRefusedLines).toHaveBeenLastCalledWith(refusedLines);
      const [sent] = callsTo(server.requests, 'POST', '/api/quoteRequests');
      expect(sent?.body).toEqual({ neededBy: '2026-06-30', note: 'One delivery' });
      expect(screen.queryByRole('link', { name: texts.dashboard.myQuotes })).toBeNull();
    });
  });
});

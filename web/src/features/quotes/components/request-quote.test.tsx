import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, serverTexts, texts } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInAt, pickDate } from '../test/quotes-test-setup';
import { callsTo } from '../../../test/fake-api';
import { hammer } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { quotesServer } from '../test/quotes-server';
import { RequestQuote } from './request-quote';

// The server's day (UTC) while these tests run: needed-by dates are compared with it.
const NOW = new Date('2026-03-10T12:00:00Z');

function renderRequest(typedQuantity: number | null = null) {
  const user = userEvent.setup();
  renderWithProviders(<RequestQuote tool={hammer} typedQuantity={typedQuantity} />);
  return { user };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: texts.quotes.requestQuote }));
  return within(screen.getByRole('dialog', { name: texts.quotes.requestTitle(hammer.name) }));
}

describe('RequestQuote', () => {
  signedInAt(NOW);

  it('invites to ask for a price and opens the request with the quantity typed in the order form', async () => {
    quotesServer();
    const { user } = renderRequest(8000);
    expect(screen.getByText(texts.quotes.requestInvite)).toBeInTheDocument();
    const dialog = await openDialog(user);
    const quantity = dialog.getByLabelText(texts.quotes.quantity);
    expect(quantity).toHaveValue('8000');
    expect(quantity).toHaveAccessibleDescription(texts.quotes.quantityHint(100));
    expect(quantity).toHaveFocus();
    // No earlier day can be picked than the server's today.
    expect(dialog.getByLabelText(texts.quotes.neededBy)).toHaveAttribute('min', '2026-03-10');
  });

  it('starts empty when the typed quantity is not above the minimum', async () => {
    quotesServer();
    const { user } = renderRequest(100);
    const dialog = await openDialog(user);
    expect(dialog.getByLabelText(texts.quotes.quantity)).toHaveValue('');
  });

  it('refuses a quantity not above the minimum and a needed-by date already past, sending nothing', async () => {
    const { server } = quotesServer();
    const { user } = renderRequest();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText(texts.quotes.quantity), '100');
    pickDate(dialog.getByLabelText(texts.quotes.neededBy), '2026-03-09');
    await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));
    expect(await dialog.findByText(texts.quotes.quantityTooSmall(100))).toBeInTheDocument();
    expect(dialog.getByText(texts.quotes.neededByPast)).toBeInTheDocument();
    expect(dialog.getByLabelText(texts.quotes.quantity)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(server.requests, 'POST', '/api/quotes')).toHaveLength(0);
  });

  it('asks for a needed-by date, and takes today', async () => {
    const { server } = quotesServer();
    const { user } = renderRequest(101);
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));
    expect(
      await dialog.findByText(texts.fieldErrors.required('needed-by date')),
    ).toBeInTheDocument();
    pickDate(dialog.getByLabelText(texts.quotes.neededBy), '2026-03-10');
    await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));
    await vi.waitFor(() => expect(callsTo(server.requests, 'POST', '/api/quotes')).toHaveLength(1));
  });

  it('sends the request, says its reference and leads to My Quotes', async () => {
    const { server } = quotesServer();
    const { user } = renderRequest(8000);
    const dialog = await openDialog(user);
    pickDate(dialog.getByLabelText(texts.quotes.neededBy), '2026-06-30');
    await user.type(dialog.getByLabelText(texts.quotes.note), 'Boxed in tens');
    await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));

    const [sent] = callsTo(server.requests, 'POST', '/api/quotes');
    expect(sent?.body).toEqual({
      toolId: hammer._id,
      quantity: 8000,
      neededBy: '2026-06-30',
      note: 'Boxed in tens',
    });
    expect(sent?.headers.get('Authorization')).toBe('Bearer token-0');
    const said = texts.quotes.requested('Q-66666666');
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(said);
    expect(within(status).getByRole('link', { name: texts.dashboard.myQuotes })).toHaveAttribute(
      'href',
      routes.dashboardMyQuotes,
    );
  });

  it("shows the server's refusal inside the dialog and keeps what was typed", async () => {
    const tooMany = serverTexts.quoteErrors.tooManyOpenQuotes(10);
    quotesServer({
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/quotes'
          ? jsonResponse({ message: tooMany, statusCode: 409 }, 409)
          : undefined,
    });
    const { user } = renderRequest(8000);
    const dialog = await openDialog(user);
    pickDate(dialog.getByLabelText(texts.quotes.neededBy), '2026-06-30');
    await user.click(dialog.getByRole('button', { name: texts.quotes.sendRequest }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(tooMany);
    expect(dialog.getByLabelText(texts.quotes.quantity)).toHaveValue('8000');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

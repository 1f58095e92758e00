import { screen, within } from '@testing-library/react';
import { serverTexts, texts, type Tool } from '@tools-factory/contract';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../test/identity';
import { callsTo, type ApiRequest } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import PurchasePage from './purchase-page';
import { hammer, hammerWithBreaks, makeCart, makeOrder } from '../../test/factories';

const TOOL_URL = `/api/tool/${hammer._id}`;

/**
 * The catalog with one tool (the hammer unless told) whose stock an accepted order takes from;
 * `answer` sees each call first and may answer it otherwise.
 */
function storeServer({
  tool = hammer,
  answer = () => undefined,
}: { tool?: Tool; answer?: (request: ApiRequest) => Response | undefined } = {}) {
  const stock = { available: tool.availableQuantity };
  const { server } = fakeIdentityServer({
    user: maria,
    answer: (request: ApiRequest) => {
      const special = answer(request);
      if (special) return special;
      const { method, url, body } = request;
      if (method === 'GET' && url === TOOL_URL) {
        return jsonResponse({ ...tool, availableQuantity: stock.available });
      }
      if (method === 'GET' && url.startsWith('/api/tool/')) {
        return jsonResponse({ message: 'Tool not found', statusCode: 404 }, 404);
      }
      if (method === 'POST' && url === '/api/order') {
        const { quantity } = body as { quantity: number };
        stock.available -= quantity;
        const order = makeOrder({ _id: '9a8b7c6d-2222-4333-8444-555566667777', quantity });
        return jsonResponse({ acknowledged: true, insertedId: order._id, order });
      }
      return undefined;
    },
  });
  return server;
}

function renderPurchase(id: string) {
  return renderRoutes(
    [
      { path: '/purchase/:id', Component: PurchasePage },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { route: `/purchase/${id}` },
  );
}

function availableQuantity() {
  return screen.getByText('Available quantity').nextElementSibling;
}

describe('PurchasePage', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the tool loads', () => {
    fakeIdentityServer({ user: maria, answer: () => new Promise<Response>(() => undefined) });
    renderPurchase(hammer._id);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('shows the tool (name, image, price with $, quantities, description) and who orders', async () => {
    storeServer();
    renderPurchase(hammer._id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Claw Hammer' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Claw Hammer' })).toHaveAttribute('src', hammer.img);
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent('$12.50');
    expect(screen.getByText('Minimum order quantity').nextElementSibling).toHaveTextContent('100');
    expect(availableQuantity()).toHaveTextContent('5,000');
    expect(screen.getByText('Forged steel head, hickory handle.')).toBeInTheDocument();
    // The order form follows the tool: rendered as a transition once the sign-in is known.
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
  });

  it('shows the quantity left once the order is placed', async () => {
    const server = storeServer();
    renderPurchase(hammer._id);
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '250');
    await user.type(screen.getByLabelText('Address'), '12 Harbour Road, Dhaka');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    await vi.waitFor(() => expect(availableQuantity()).toHaveTextContent('4,750'));
    expect(callsTo(server.requests, 'GET', TOOL_URL)).toHaveLength(2);
    // The tool asked for again does not take the confirmation away.
    const confirmation = screen.getByRole('region', { name: 'Your order is placed' });
    expect(confirmation).toHaveTextContent('TF-9A8B7C6D');
    expect(confirmation).toHaveTextContent('$3,125.00');
  });

  it('shows the volume pricing under the price, the row of the typed quantity marked', async () => {
    storeServer({ tool: hammerWithBreaks });
    renderPurchase(hammer._id);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Volume pricing' });
    const marked = () =>
      within(table)
        .getAllByRole('row')
        .filter((row) => row.getAttribute('aria-current') === 'true')
        .map((row) => within(row).getByRole('rowheader').textContent);
    // The form starts at the smallest order: the list price's row.
    await vi.waitFor(() => expect(marked()).toEqual(['101 to 499']));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '500');
    expect(marked()).toEqual(['500 to 999']);
    await user.type(quantity, '0');
    expect(marked()).toEqual(['1,000 or more']);
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$49,950.00');
  });

  it('shows no volume pricing for a tool without breaks', async () => {
    storeServer();
    renderPurchase(hammer._id);
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Volume pricing' })).not.toBeInTheDocument();
  });

  it("tells a stale price (409) in the server's words and shows today's price at once", async () => {
    let tool = hammerWithBreaks;
    const server = storeServer({
      answer: ({ method, url }) => {
        if (method === 'GET' && url === TOOL_URL) return jsonResponse(tool);
        if (method !== 'POST') return undefined;
        // An admin lowered the break while the page was open.
        tool = { ...hammerWithBreaks, priceBreaks: [{ minQuantity: 500, price: 10.49 }] };
        const message = serverTexts.orderErrors.priceChanged(10.49);
        return jsonResponse({ message, statusCode: 409 }, 409);
      },
    });
    renderPurchase(hammer._id);
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '500');
    await user.type(screen.getByLabelText('Address'), '12 Harbour Road, Dhaka');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(
      await screen.findByText(
        'The price of this tool has changed to $10.49. Please review your order.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/order')[0]?.body).toMatchObject({
      price: 10.99,
    });
    await vi.waitFor(() =>
      expect(screen.getByText('Your unit price').nextElementSibling).toHaveTextContent('$10.49'),
    );
    expect(quantity).toHaveValue('500');
  });

  it.each([
    ['an unknown id', '0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6'],
    ['a malformed id', 'not-a-tool'],
  ])('says the tool was not found for %s, with a way home', async (_case, id) => {
    storeServer();
    renderPurchase(id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This tool was not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('adds the typed quantity to the cart for a customer, says so with a link to the cart, or why not', async () => {
    let refuse = false;
    const server = storeServer({
      answer: ({ method, url, body }) => {
        if (url.startsWith('/api/admin/')) return jsonResponse({ admin: false });
        if (method !== 'POST' || url !== '/api/cart/lines') return undefined;
        const [line] = (body as { lines: { toolId: string; quantity: number }[] }).lines;
        return jsonResponse({
          results: [
            refuse
              ? {
                  index: 0,
                  sku: hammer.sku,
                  toolId: hammer._id,
                  outcome: 'refused',
                  quantity: line?.quantity ?? null,
                  message: texts.cart.problems.aboveAvailable(5000),
                }
              : {
                  index: 0,
                  sku: hammer.sku,
                  toolId: hammer._id,
                  outcome: 'added',
                  quantity: line?.quantity ?? null,
                  message: null,
                },
          ],
          cart: makeCart([]),
        });
      },
    });
    renderPurchase(hammer._id);
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '250');
    await user.click(await screen.findByRole('button', { name: texts.cart.add.button }));

    const told = texts.cart.add.added(250, 'Claw Hammer');
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(told);
    expect(screen.getByRole('link', { name: texts.cart.add.viewCart })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(callsTo(server.requests, 'POST', '/api/cart/lines').map((call) => call.body)).toEqual([
      { lines: [{ toolId: hammer._id, quantity: 250 }] },
    ]);

    refuse = true;
    await user.click(screen.getByRole('button', { name: texts.cart.add.button }));
    expect(await screen.findByText(texts.cart.problems.aboveAvailable(5000))).toBeInTheDocument();
  });

  it("shows the server's message, with Retry, when the tool cannot be read", async () => {
    fakeIdentityServer({
      user: maria,
      answer: ({ url }) =>
        url === TOOL_URL
          ? jsonResponse({ message: 'Service unavailable', statusCode: 503 }, 503)
          : undefined,
    });
    renderPurchase(hammer._id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

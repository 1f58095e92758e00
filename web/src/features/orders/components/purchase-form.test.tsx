import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, Tool } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { hammer, hammerWithBreaks, makeOrder } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { formatDateTime } from '../../../lib/format';
import { PurchaseForm } from './purchase-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * POST /api/order as the server answers it: each new Idempotency-Key places an order (ids
 * ...0001, ...0002), the same key again answers the order it placed. `placed` holds the orders.
 */
function orderDesk() {
  const placed: Order[] = [];
  const byKey = new Map<string, Order>();
  function answer({ method, url, body, headers }: ApiRequest) {
    if (method !== 'POST' || url !== '/api/order') return undefined;
    const key = headers.get('Idempotency-Key') ?? crypto.randomUUID();
    let order = byKey.get(key);
    if (!order) {
      const fields = body as Record<string, unknown>;
      order = makeOrder({
        _id: `9a8b7c6d-2222-4333-8444-${String(placed.length + 1).padStart(12, '0')}`,
        createdAt: '2026-11-23T10:00:00.000Z',
        address: String(fields['address']),
        phone: String(fields['phone']),
        quantity: Number(fields['quantity']),
      });
      placed.push(order);
      byKey.set(key, order);
    }
    return jsonResponse({ acknowledged: true, insertedId: order._id, order });
  }
  return { placed, answer };
}

function renderForm(tool: Tool = hammer) {
  const onOrderSettled = vi.fn();
  const onQuantityChange = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <PurchaseForm
      tool={tool}
      customer={{ name: maria.name, email: maria.email }}
      onOrderSettled={onOrderSettled}
      onQuantityChange={onQuantityChange}
    />,
  );
  return {
    user,
    onOrderSettled,
    onQuantityChange,
    quantity: screen.getByLabelText('Quantity'),
    address: screen.getByLabelText('Address'),
    phone: screen.getByLabelText('Phone number'),
    placeOrder: screen.getByRole('button', { name: 'Place Order' }),
  };
}

type Form = ReturnType<typeof renderForm>;

async function fillIn(
  { user, quantity, address, phone }: Form,
  values: { quantity?: string; address?: string; phone?: string },
) {
  if (values.quantity !== undefined) {
    await user.clear(quantity);
    if (values.quantity !== '') await user.type(quantity, values.quantity);
  }
  if (values.address !== undefined) {
    await user.clear(address);
    // Pasted: typing 600 characters one by one takes seconds.
    await user.click(address);
    if (values.address !== '') await user.paste(values.address);
  }
  if (values.phone !== undefined) {
    await user.clear(phone);
    if (values.phone !== '') await user.paste(values.phone);
  }
}

const orderPosts = (requests: ApiRequest[]) => callsTo(requests, 'POST', '/api/order');

/** The figure shown beside a name ('Your unit price', 'Total'). */
const figure = (name: string) => screen.getByText(name).nextElementSibling;

describe('PurchaseForm', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows who orders, the read-only tool name and e-mail, and starts at the smallest allowed quantity', () => {
    fakeIdentityServer({ user: maria });
    const { quantity, address } = renderForm();
    expect(screen.getByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByLabelText('Tool name')).toHaveValue('Claw Hammer');
    expect(screen.getByLabelText('Tool name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('maria@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(quantity).toHaveValue('101');
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    expect(quantity).toHaveAccessibleDescription('More than 100 and less than 5,000');
    // An address takes several lines.
    expect(address.tagName).toBe('TEXTAREA');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$1,262.50');
  });

  it('warns beside the quantity, as it is typed, when it is more than the stock, and points to a quote', async () => {
    fakeIdentityServer({ user: maria });
    const form = renderForm();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await fillIn(form, { quantity: '9000' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Only 5,000 in stock. For a larger quantity, use Request a quote.',
    );
    await fillIn(form, { quantity: '4999' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['at the minimum', '100'],
    ['below the minimum', '5'],
    ['at the available quantity', '5000'],
    ['above the available quantity', '9000'],
    ['empty', ''],
  ])("refuses a quantity %s with the spec's toast, and sends nothing", async (_case, typed) => {
    const desk = orderDesk();
    const { server } = fakeIdentityServer({ user: maria, answer: desk.answer });
    const form = renderForm();
    await fillIn(form, { quantity: typed, address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    expect(
      await screen.findByText('You cannot order less than minimum quantity or more then avilable'),
    ).toBeInTheDocument();
    expect(orderPosts(server.requests)).toHaveLength(0);
    expect(screen.queryByText('Order succes')).not.toBeInTheDocument();
    expect(form.onOrderSettled).not.toHaveBeenCalled();
  });

  it.each([
    ['a decimal', '12.5', 'quantity must be a whole number'],
    ['a hexadecimal', '0x65', 'quantity must be written with digits only'],
    ['an exponent', '1e2', 'quantity must be written with digits only'],
    ['words', 'many', 'quantity must be a number'],
  ])(
    'says under the field what is wrong with %s quantity, and sends nothing',
    async (_case, typed, message) => {
      const { server } = fakeIdentityServer({ user: maria, answer: orderDesk().answer });
      const form = renderForm();
      await fillIn(form, { quantity: typed, address: '12 Harbour Road, Dhaka' });
      await form.user.click(form.placeOrder);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(form.quantity).toHaveAttribute('aria-invalid', 'true');
      expect(form.quantity).toHaveAccessibleDescription(
        `More than 100 and less than 5,000 ${message}`,
      );
      expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('-');
      // Not the range's toast: the quantity is not out of range, it is not a quantity.
      expect(
        screen.queryByText('You cannot order less than minimum quantity or more then avilable'),
      ).not.toBeInTheDocument();
      expect(orderPosts(server.requests)).toHaveLength(0);
    },
  );

  it("says 'address is required' and sends nothing without an address", async () => {
    const { server } = fakeIdentityServer({ user: maria, answer: orderDesk().answer });
    const { user, address, placeOrder } = renderForm();
    await user.click(placeOrder);
    expect(await screen.findByText('address is required')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(orderPosts(server.requests)).toHaveLength(0);
  });

  it('says each limit in words: a 600-character address, a 50-character phone number', async () => {
    const { server } = fakeIdentityServer({ user: maria, answer: orderDesk().answer });
    const form = renderForm();
    await fillIn(form, { address: 'A'.repeat(600), phone: '1'.repeat(50) });
    await form.user.click(form.placeOrder);
    expect(await screen.findByText('address must be at most 500 characters')).toBeInTheDocument();
    expect(screen.getByText('phone must be at most 40 characters')).toBeInTheDocument();
    expect(screen.queryByText('address is required')).not.toBeInTheDocument();
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
    expect(form.address).toHaveAccessibleDescription('address must be at most 500 characters');
    expect(form.phone).toHaveAttribute('aria-invalid', 'true');
    expect(orderPosts(server.requests)).toHaveLength(0);
  });

  it("places the order with an Idempotency-Key, says 'Order succes', confirms it and starts over", async () => {
    const desk = orderDesk();
    const { server } = fakeIdentityServer({ user: maria, answer: desk.answer });
    const form = renderForm();
    await fillIn(form, {
      quantity: '250',
      address: '12 Harbour Road\nDhaka',
      phone: '+880 1711 000000',
    });
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$3,125.00');
    await form.user.click(form.placeOrder);

    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    const [post] = orderPosts(server.requests);
    expect(post?.body).toEqual({
      toolId: hammer._id,
      name: 'Claw Hammer',
      address: '12 Harbour Road\nDhaka',
      phone: '+880 1711 000000',
      quantity: 250,
      email: 'maria@example.com',
      price: 12.5,
    });
    expect(post?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(post?.headers.get('Idempotency-Key')).toMatch(UUID);

    // The confirmation: reference, total, how long it is held, and the way on.
    const [order] = desk.placed;
    const confirmation = screen.getByRole('region', { name: 'Your order is placed' });
    expect(within(confirmation).getByText('TF-9A8B7C6D')).toBeInTheDocument();
    expect(order?.reference).toBe('TF-9A8B7C6D');
    expect(within(confirmation).getByText('$3,125.00')).toBeInTheDocument();
    expect(confirmation).toHaveTextContent(
      `We hold it for you until ${formatDateTime('2026-11-25T10:00:00.000Z')}.`,
    );
    expect(within(confirmation).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      `/dashborad/orders/payment/${order?._id}`,
    );
    expect(within(confirmation).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashborad/orders',
    );
    expect(screen.getByRole('heading', { name: 'Your order is placed' })).toHaveFocus();

    // The form starts over for the next order.
    await vi.waitFor(() => expect(form.quantity).toHaveValue('101'));
    expect(form.address).toHaveValue('');
    expect(form.phone).toHaveValue('');
    expect(form.onOrderSettled).toHaveBeenCalledOnce();
  });

  it('places one order from a fast double click', async () => {
    const desk = orderDesk();
    const { server } = fakeIdentityServer({ user: maria, answer: desk.answer });
    const form = renderForm();
    await fillIn(form, { address: '12 Harbour Road, Dhaka' });
    // Two clicks in the same moment, before the page has re-rendered the button as busy.
    fireEvent.click(form.placeOrder);
    fireEvent.click(form.placeOrder);
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    await vi.waitFor(() => expect(form.placeOrder).toBeEnabled());
    expect(desk.placed).toHaveLength(1);
    const keys = new Set(
      orderPosts(server.requests).map((post) => post.headers.get('Idempotency-Key')),
    );
    expect(keys.size).toBe(1);
  });

  it('sends the same key again when the same order is retried, and a new one for the next order', async () => {
    let failNext = true;
    const desk = orderDesk();
    const { server } = fakeIdentityServer({
      user: maria,
      answer: (request) => {
        if (request.method === 'POST' && failNext) {
          // The server placed it, but the answer was lost on the way.
          failNext = false;
          void desk.answer(request);
          return jsonResponse({ message: 'Service unavailable', statusCode: 503 }, 503);
        }
        return desk.answer(request);
      },
    });
    const form = renderForm();
    await fillIn(form, { address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    // Refused: what was typed stays, and no confirmation shows.
    expect(form.address).toHaveValue('12 Harbour Road, Dhaka');
    expect(screen.queryByRole('region', { name: 'Your order is placed' })).not.toBeInTheDocument();

    await form.user.click(form.placeOrder);
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    expect(desk.placed).toHaveLength(1);

    await fillIn(form, { address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    await vi.waitFor(() => expect(desk.placed).toHaveLength(2));
    const [first, retry, next] = orderPosts(server.requests).map((post) =>
      post.headers.get('Idempotency-Key'),
    );
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(next).toMatch(UUID);
  });

  it('a changed order after a refusal gets a key of its own', async () => {
    let refuse = true;
    const desk = orderDesk();
    const { server } = fakeIdentityServer({
      user: maria,
      answer: (request) => {
        if (request.method === 'POST' && refuse) {
          refuse = false;
          return jsonResponse({ message: 'The price changed', statusCode: 409 }, 409);
        }
        return desk.answer(request);
      },
    });
    const form = renderForm();
    await fillIn(form, { address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    expect(await screen.findByText('The price changed')).toBeInTheDocument();
    await fillIn(form, { quantity: '300' });
    await form.user.click(form.placeOrder);
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    const [first, second] = orderPosts(server.requests).map((post) =>
      post.headers.get('Idempotency-Key'),
    );
    expect(second).not.toBe(first);
  });

  it("shows the server's refusal as a toast and keeps what was typed", async () => {
    const { server } = fakeIdentityServer({
      user: maria,
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/order'
          ? jsonResponse(
              {
                message: 'The price of this tool has changed to $13.00. Please review your order.',
                statusCode: 409,
              },
              409,
            )
          : undefined,
    });
    const form = renderForm();
    await fillIn(form, { quantity: '250', address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);

    expect(
      await screen.findByText(
        'The price of this tool has changed to $13.00. Please review your order.',
      ),
    ).toBeInTheDocument();
    expect(orderPosts(server.requests)).toHaveLength(1);
    expect(screen.queryByText('Order succes')).not.toBeInTheDocument();
    expect(form.quantity).toHaveValue('250');
    expect(form.address).toHaveValue('12 Harbour Road, Dhaka');
    // The price or the stock moved: the page asks for the tool again.
    expect(form.onOrderSettled).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'one below the first break',
      '499',
      '$12.50',
      '$6,237.50',
      'Order 500 or more and pay $10.99 each',
    ],
    ['at the first break', '500', '$10.99', '$5,495.00', 'Order 1,000 or more and pay $9.99 each'],
    [
      'one below the last break',
      '999',
      '$10.99',
      '$10,979.01',
      'Order 1,000 or more and pay $9.99 each',
    ],
    ['at the last break', '1000', '$9.99', '$9,990.00', null],
  ])(
    'prices a quantity %s by its break as it is typed (%s: %s each, %s)',
    async (_case, typed, unitPrice, total, nextBreak) => {
      fakeIdentityServer({ user: maria });
      const form = renderForm(hammerWithBreaks);
      await fillIn(form, { quantity: typed });
      expect(figure('Your unit price')).toHaveTextContent(unitPrice);
      expect(figure('Total')).toHaveTextContent(total);
      if (nextBreak) expect(screen.getByText(nextBreak)).toBeInTheDocument();
      else expect(screen.queryByText(/^Order .* or more and pay/)).not.toBeInTheDocument();
      expect(form.onQuantityChange).toHaveBeenLastCalledWith(Number(typed));
    },
  );

  it('shows the list price and no next break for a tool without breaks, and nothing for no quantity', async () => {
    fakeIdentityServer({ user: maria });
    const form = renderForm();
    expect(figure('Your unit price')).toHaveTextContent('$12.50');
    expect(screen.queryByText(/or more and pay/)).not.toBeInTheDocument();
    await fillIn(form, { quantity: 'many' });
    expect(figure('Your unit price')).toHaveTextContent('-');
    expect(figure('Total')).toHaveTextContent('-');
    expect(form.onQuantityChange).toHaveBeenLastCalledWith(null);
  });

  it('reads the new price out once, in one polite region, when typing pauses', async () => {
    fakeIdentityServer({ user: maria });
    const form = renderForm(hammerWithBreaks);
    const card = form.quantity.closest('.card') as HTMLElement;
    const regions = card.querySelectorAll('[aria-live]');
    expect(regions).toHaveLength(1);
    const region = regions[0]!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    await fillIn(form, { quantity: '500' });
    // Typed a moment ago: the figures show it, the region has not read it out yet.
    expect(figure('Total')).toHaveTextContent('$5,495.00');
    expect(region).not.toHaveTextContent('$5,495.00');
    await vi.waitFor(() =>
      expect(region).toHaveTextContent(
        'Your unit price $10.99. Total $5,495.00. Order 1,000 or more and pay $9.99 each',
      ),
    );
  });

  it('sends the unit price the page showed: the break price for a quantity at a break', async () => {
    const desk = orderDesk();
    const { server } = fakeIdentityServer({ user: maria, answer: desk.answer });
    const form = renderForm(hammerWithBreaks);
    await fillIn(form, { quantity: '500', address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    expect(orderPosts(server.requests)[0]?.body).toMatchObject({ quantity: 500, price: 10.99 });
  });

  it('cannot be sent twice while the order is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server } = fakeIdentityServer({
      user: maria,
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/order'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : undefined,
    });
    const form = renderForm();
    await fillIn(form, { address: '12 Harbour Road, Dhaka' });
    await form.user.click(form.placeOrder);
    await vi.waitFor(() => expect(form.placeOrder).toBeDisabled());
    await form.user.click(form.placeOrder);
    expect(orderPosts(server.requests)).toHaveLength(1);
    const order = makeOrder({ _id: '9a8b7c6d-2222-4333-8444-555566667777', quantity: 101 });
    answer(jsonResponse({ acknowledged: true, insertedId: order._id, order }));
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
  });
});

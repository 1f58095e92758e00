import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountsServer, maria } from '../../../test/accounts';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PurchaseForm } from './purchase-form';
import { hammer, makeOrder } from '../../../test/factories';

function placedOrder(body: Record<string, unknown>): Order {
  return makeOrder({
    _id: '9a8b7c6d-2222-4333-8444-555566667777',
    address: String(body['address']),
    phone: String(body['phone']),
    quantity: Number(body['quantity']),
  });
}

/** POST /api/order accepted: the order as the server records it. */
function acceptOrders({ method, url, body }: ApiRequest) {
  if (method !== 'POST' || url !== '/api/order') return undefined;
  const order = placedOrder(body as Record<string, unknown>);
  return jsonResponse({ acknowledged: true, insertedId: order._id, order });
}

function renderForm() {
  const onOrderSettled = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <PurchaseForm
      tool={hammer}
      customer={{ name: maria.name, email: maria.email }}
      onOrderSettled={onOrderSettled}
    />,
  );
  return {
    user,
    onOrderSettled,
    quantity: screen.getByLabelText('Quantity'),
    address: screen.getByLabelText('Address'),
    phone: screen.getByLabelText('Phone number'),
    placeOrder: screen.getByRole('button', { name: 'Place Order' }),
  };
}

async function typeQuantity(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  value: string,
) {
  await user.clear(field);
  if (value !== '') await user.type(field, value);
}

describe('PurchaseForm', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows who orders, the read-only tool name and e-mail, and starts at the smallest allowed quantity', () => {
    fakeAccountsServer({ user: maria });
    const { quantity } = renderForm();
    expect(screen.getByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByLabelText('Tool name')).toHaveValue('Claw Hammer');
    expect(screen.getByLabelText('Tool name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('maria@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(quantity).toHaveValue(101);
    expect(quantity).toHaveAccessibleDescription('More than 100 and less than 5000');
  });

  it.each([
    ['at the minimum', '100'],
    ['below the minimum', '5'],
    ['at the available quantity', '5000'],
    ['above the available quantity', '9000'],
    ['empty', ''],
  ])("refuses a quantity %s with the spec's toast, and sends nothing", async (_case, typed) => {
    const { server } = fakeAccountsServer({ user: maria, answer: acceptOrders });
    const { user, quantity, address, placeOrder, onOrderSettled } = renderForm();
    await typeQuantity(user, quantity, typed);
    await user.type(address, '12 Harbour Road, Dhaka');
    await user.click(placeOrder);
    expect(
      await screen.findByText('You cannot order less than minimum quantity or more then avilable'),
    ).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/order')).toHaveLength(0);
    expect(screen.queryByText('Order succes')).not.toBeInTheDocument();
    expect(onOrderSettled).not.toHaveBeenCalled();
  });

  it("says 'address is required' and sends nothing without an address", async () => {
    const { server } = fakeAccountsServer({ user: maria, answer: acceptOrders });
    const { user, address, placeOrder } = renderForm();
    await user.click(placeOrder);
    expect(await screen.findByText('address is required')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(server.requests, 'POST', '/api/order')).toHaveLength(0);
  });

  it("places a good quantity with the tool's id and catalog price, says 'Order succes' and starts over", async () => {
    const { server } = fakeAccountsServer({ user: maria, answer: acceptOrders });
    const { user, quantity, address, phone, placeOrder, onOrderSettled } = renderForm();
    await typeQuantity(user, quantity, '250');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$3125');
    await user.type(address, '12 Harbour Road, Dhaka');
    await user.type(phone, '+880 1711 000000');
    await user.click(placeOrder);

    expect(await screen.findByText('Order succes')).toBeInTheDocument();
    const [post] = callsTo(server.requests, 'POST', '/api/order');
    expect(post?.body).toEqual({
      toolId: hammer._id,
      name: 'Claw Hammer',
      address: '12 Harbour Road, Dhaka',
      phone: '+880 1711 000000',
      quantity: 250,
      email: 'maria@example.com',
      price: 12.5,
    });
    expect(post?.headers.get('Authorization')).toBe('Bearer token-0');
    await vi.waitFor(() => expect(quantity).toHaveValue(101));
    // The address stays for the next order.
    expect(address).toHaveValue('12 Harbour Road, Dhaka');
    expect(onOrderSettled).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal as a toast and keeps what was typed", async () => {
    const { server } = fakeAccountsServer({
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
    const { user, quantity, address, placeOrder, onOrderSettled } = renderForm();
    await typeQuantity(user, quantity, '250');
    await user.type(address, '12 Harbour Road, Dhaka');
    await user.click(placeOrder);

    expect(
      await screen.findByText(
        'The price of this tool has changed to $13.00. Please review your order.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/order')).toHaveLength(1);
    expect(screen.queryByText('Order succes')).not.toBeInTheDocument();
    expect(quantity).toHaveValue(250);
    expect(address).toHaveValue('12 Harbour Road, Dhaka');
    // The price or the stock moved: the page asks for the tool again.
    expect(onOrderSettled).toHaveBeenCalledOnce();
  });

  it('cannot be sent twice while the order is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server } = fakeAccountsServer({
      user: maria,
      answer: ({ method, url }) =>
        method === 'POST' && url === '/api/order'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : undefined,
    });
    const { user, address, placeOrder } = renderForm();
    await user.type(address, '12 Harbour Road, Dhaka');
    await user.click(placeOrder);
    await vi.waitFor(() => expect(placeOrder).toBeDisabled());
    await user.click(placeOrder);
    expect(callsTo(server.requests, 'POST', '/api/order')).toHaveLength(1);
    answer(
      jsonResponse({ acknowledged: true, insertedId: 'x', order: placedOrder({ quantity: 101 }) }),
    );
    expect(await screen.findByText('Order succes')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutReference, texts, type Checkout, type Order } from '@tools-factory/contract';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { makeOrder } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CheckoutPayment } from './checkout-payment';
import { PaymentCheckout } from './payment-checkout';

const CHECKOUT_ID = '33333333-3333-4333-8333-333333333333';
const CLIENT_SECRET = 'pi_test_9_secret_xyz';
const TRANSACTION_ID = 'pi_test_9';

/**
 * Maria's checkout of two lines: 200 hammers at $12.50 and 40 files at $3.75 ($2,650), shipped
 * free unless told (issue 42: null is still to be quoted).
 */
function twoLines(status: Order['status'] = 'unpaid', shipping: number | null = 0): Checkout {
  const paid = status !== 'unpaid';
  const common = {
    checkoutId: CHECKOUT_ID,
    checkoutReference: checkoutReference(CHECKOUT_ID),
    poNumber: 'PO-2231',
    companyName: '',
    taxNumber: '',
    status,
    paid,
    transectionId: paid ? TRANSACTION_ID : null,
  };
  const hammers = makeOrder({ ...common, _id: '44444444-4444-4444-8444-444444444444' });
  const files = makeOrder({
    ...common,
    _id: '55555555-5555-4555-8555-555555555555',
    name: 'Half-round File',
    sku: 'FL-HR-250',
    quantity: 40,
    price: 3.75,
  });
  return {
    _id: CHECKOUT_ID,
    reference: checkoutReference(CHECKOUT_ID),
    poNumber: 'PO-2231',
    companyName: '',
    taxNumber: '',
    address: '12 Harbour Road, Dhaka',
    phone: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    status: paid ? 'paid' : 'unpaid',
    shipping,
    shippingRefunded: 0,
    shippingTax: 0,
    total: 2650 + (shipping ?? 0),
    tax: { mode: 'included', rate: 0, amount: 0 },
    lines: [hammers, files],
  };
}

/**
 * Our API as the checkout's payment page sees it: the checkout (and each line's own page), its
 * intent, the card, the record.
 */
function checkoutServer(checkout: Checkout) {
  let current = checkout;
  return fakeIdentityServer({
    user: maria,
    answer: ({ method, url, body }: ApiRequest) => {
      if (method === 'GET' && url === `/api/checkouts/${CHECKOUT_ID}`) return jsonResponse(current);
      const payOrder = current.lines.find((line) => url === `/api/payorder/${line._id}`);
      if (method === 'GET' && payOrder) return jsonResponse(payOrder);
      if (method === 'GET' && url === '/api/payment-settings') {
        return jsonResponse({ gateway: 'test', publishableKey: null });
      }
      if (method === 'POST' && url === `/api/checkouts/${CHECKOUT_ID}/payment-intent`) {
        return jsonResponse({ clientSecret: CLIENT_SECRET });
      }
      if (method === 'POST' && url === '/api/payments/test/confirm') {
        return jsonResponse({ status: 'succeeded', transectionId: TRANSACTION_ID });
      }
      if (method === 'PATCH' && url.startsWith('/api/tool/')) {
        const { order } = body as { order: string };
        current = twoLines('paid');
        return jsonResponse({
          acknowledged: true,
          modifiedCount: 1,
          order: current.lines.find((line) => line._id === order),
        });
      }
      return undefined;
    },
  });
}

function renderCheckoutPayment() {
  const user = userEvent.setup();
  const onPaid = vi.fn();
  renderWithProviders(
    <StrictMode>
      <CheckoutPayment
        checkoutId={CHECKOUT_ID}
        payer={{ name: maria.name, email: maria.email }}
        onPaid={onPaid}
      />
    </StrictMode>,
    { route: `/dashborad/orders/payment/checkout/${CHECKOUT_ID}` },
  );
  return { user, onPaid };
}

describe('CheckoutPayment: every line of a checkout paid at once (issue 26)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists every line with its SKU, quantity, unit price and line total, then the total', async () => {
    checkoutServer(twoLines());
    renderCheckoutPayment();
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(summary).toHaveTextContent(checkoutReference(CHECKOUT_ID));
    expect(summary).toHaveTextContent('PO-2231');
    const table = within(summary).getByRole('table', { name: '2 lines' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SKUToolQuantityUnit priceLine total',
      `${makeOrder().sku}Claw Hammer200$12.50$2,500.00`,
      'FL-HR-250Half-round File40$3.75$150.00',
    ]);
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$2,650.00');
  });

  it('makes one intent for the total and records the payment once, on a line', async () => {
    const { server } = checkoutServer(twoLines());
    const { user, onPaid } = renderCheckoutPayment();
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    const intents = callsTo(
      server.requests,
      'POST',
      `/api/checkouts/${CHECKOUT_ID}/payment-intent`,
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]?.body).toEqual({ totalPrice: 2650 });

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);

    expect(await screen.findByRole('heading', { name: 'payment is complete' })).toBeInTheDocument();
    const records = server.requests.filter((request) => request.method === 'PATCH');
    expect(records).toHaveLength(1);
    expect(records[0]?.body).toEqual({
      order: '44444444-4444-4444-8444-444444444444',
      transectionId: TRANSACTION_ID,
    });
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByText(TRANSACTION_ID)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the invoice' })).toBeInTheDocument();
  });

  it('shows a paid checkout with its transaction id and invoice, and no card form', async () => {
    const { server } = checkoutServer(twoLines('paid'));
    renderCheckoutPayment();
    expect(
      await screen.findByRole('heading', { name: 'This checkout is paid.' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the invoice' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("a line's own payment page shows and pays the whole checkout", async () => {
    checkoutServer(twoLines());
    const filesLine = twoLines().lines[1];
    renderWithProviders(
      <PaymentCheckout
        orderId={filesLine?._id ?? ''}
        payer={{ name: maria.name, email: maria.email }}
        onPaid={vi.fn()}
      />,
      { route: `/dashborad/orders/payment/${filesLine?._id}` },
    );
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText('$2,650.00')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your order' })).not.toBeInTheDocument();
  });

  it('adds the shipping to the summary and to the one payment (issue 42)', async () => {
    const { server } = checkoutServer(twoLines('unpaid', 25));
    renderCheckoutPayment();
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText(texts.shipping.line).nextElementSibling).toHaveTextContent(
      '$25.00',
    );
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$2,675.00');
    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'POST', `/api/checkouts/${CHECKOUT_ID}/payment-intent`),
      ).toHaveLength(1),
    );
    const [intent] = callsTo(
      server.requests,
      'POST',
      `/api/checkouts/${CHECKOUT_ID}/payment-intent`,
    );
    expect(intent?.body).toEqual({ totalPrice: 2675 });
  });

  it('says a checkout placed on account has nothing to pay by card, and offers its invoice (issue 45)', async () => {
    const placed = twoLines('invoiced');
    const { server } = checkoutServer({
      ...placed,
      status: 'invoiced',
      lines: placed.lines.map((line) => ({ ...line, paid: false, transectionId: null })),
    });
    renderCheckoutPayment();
    expect(await screen.findByText(texts.onAccount.invoicedNote)).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('This checkout is paid.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the invoice' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('while its shipping is still to be quoted, says so instead of the card form, and makes no intent', async () => {
    const { server } = checkoutServer(twoLines('unpaid', null));
    renderCheckoutPayment();
    expect(await screen.findByText(texts.shipping.awaitingQuote)).toHaveAttribute('role', 'status');
    const summary = screen.getByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText(texts.shipping.line).nextElementSibling).toHaveTextContent(
      texts.shipping.quoted,
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("a one-line checkout charged shipping is paid from its line's page as the checkout", async () => {
    const [hammers] = twoLines().lines;
    const oneLine: Checkout = { ...twoLines('unpaid', 25), lines: [hammers!], total: 2525 };
    const { server } = checkoutServer(oneLine);
    renderWithProviders(
      <PaymentCheckout
        orderId={hammers!._id}
        payer={{ name: maria.name, email: maria.email }}
        onPaid={vi.fn()}
      />,
      { route: `/dashborad/orders/payment/${hammers!._id}` },
    );
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$2,525.00');
    expect(screen.queryByRole('region', { name: 'Your order' })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'POST', `/api/checkouts/${CHECKOUT_ID}/payment-intent`),
      ).toHaveLength(1),
    );
    expect(callsTo(server.requests, 'POST', '/api/create-payment-intent')).toEqual([]);
  });
});

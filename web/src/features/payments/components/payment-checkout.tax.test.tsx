import { screen, within } from '@testing-library/react';
import {
  apiPaths,
  checkoutReference,
  type Checkout,
  type TaxSummary,
} from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { makeOrder } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PaymentCheckout } from './payment-checkout';

/** 200 hammers at $12.50, alone in their checkout, shipped free. */
const order = makeOrder();

/** The payment page of `order`, whose checkout is under `tax` (issue 45). */
function payOrderUnder(tax: TaxSummary) {
  const checkout: Checkout = {
    _id: order.checkoutId,
    reference: checkoutReference(order.checkoutId),
    poNumber: '',
    companyName: '',
    taxNumber: '',
    address: order.address,
    phone: '',
    createdAt: order.createdAt,
    status: 'unpaid',
    shipping: 0,
    shippingRefunded: 0,
    shippingTax: 0,
    total: 2500 + (tax.mode === 'added' ? tax.amount : 0),
    tax,
    lines: [order],
  };
  fakeIdentityServer({
    user: maria,
    answer: ({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === `/api/payorder/${order._id}`) return jsonResponse(order);
      if (url === `/api${apiPaths.checkoutById(checkout._id)}`) return jsonResponse(checkout);
      if (url === '/api/payment-settings') {
        return jsonResponse({ gateway: 'test', publishableKey: null });
      }
      return undefined;
    },
  });
  renderWithProviders(
    <PaymentCheckout
      orderId={order._id}
      payer={{ name: maria.name, email: maria.email }}
      onPaid={vi.fn()}
    />,
    { route: `/dashborad/orders/payment/${order._id}` },
  );
}

describe('PaymentCheckout: one order whose tax is said (issue 45)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows its checkout, whose summary adds the tax on top', async () => {
    payOrderUnder({ mode: 'added', rate: 20, amount: 500 });
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText('Tax (20%)').nextElementSibling).toHaveTextContent('$500.00');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$3,000.00');
  });

  it('shows its checkout, whose summary says the tax within the total', async () => {
    payOrderUnder({ mode: 'included', rate: 20, amount: 416.67 });
    const summary = await screen.findByRole('region', { name: 'Your checkout' });
    expect(within(summary).getByText('Includes $416.67 tax (20%)')).toBeInTheDocument();
  });

  it('shows the order alone, as before, at a tax of 0 %', async () => {
    payOrderUnder({ mode: 'included', rate: 0, amount: 0 });
    expect(await screen.findByRole('region', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your checkout' })).toBeNull();
  });
});

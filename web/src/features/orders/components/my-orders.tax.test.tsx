import { screen, within } from '@testing-library/react';
import { texts, type Checkout, type Order, type TaxSummary } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MY_ORDERS_URL, checkoutOf, pageOf, twoLines } from '../test/my-orders-fixtures';
import { signedInForEachTest } from '../../../test/signed-in';
import { MyOrders } from './my-orders';

/** 150 hammers at $12.50 and 300 files at $4.00: $3,075.00 of goods. */
const { id: CHECKOUT, hammer: hammerLine, file: fileLine } = twoLines;

/** GET /api/checkouts/page answers `lines` as one checkout shipped for $25.00 unless told. */
function showCheckout(lines: Order[], tax: TaxSummary, shipping = 25) {
  const checkout: Checkout = { ...checkoutOf(lines, shipping), tax };
  fakeIdentityServer({
    user: maria,
    answer: ({ method, url }) =>
      method === 'GET' && url === MY_ORDERS_URL
        ? jsonResponse(pageOf(lines, [checkout]))
        : undefined,
  });
  renderWithProviders(<MyOrders />, { route: '/dashborad/orders' });
}

/** The head of the checkout: the table's first row under its column heads. */
async function checkoutHead() {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row')[1]!;
}

describe('MyOrders: the tax of a checkout (issue 45)', () => {
  signedInForEachTest();

  it('counts tax added on top in the total and says it after the shipping', async () => {
    showCheckout([hammerLine, fileLine], { mode: 'added', rate: 20, amount: 620 });
    const head = await checkoutHead();
    await vi.waitFor(() =>
      expect(head).toHaveTextContent(
        'Total $3,720.00 · Shipping: $25.00 · Tax (20%): $620.00 · unpaid',
      ),
    );
  });

  it('says the tax within the total', async () => {
    showCheckout([hammerLine, fileLine], { mode: 'included', rate: 20, amount: 516.67 });
    const head = await checkoutHead();
    await vi.waitFor(() =>
      expect(head).toHaveTextContent(
        'Total $3,100.00 · Shipping: $25.00 · Includes $516.67 tax (20%) · unpaid',
      ),
    );
  });

  it('says a reverse charge', async () => {
    showCheckout([hammerLine, fileLine], { mode: 'reverse-charge', rate: 0, amount: 0 });
    const head = await checkoutHead();
    await vi.waitFor(() =>
      expect(head).toHaveTextContent(
        `Total $3,100.00 · Shipping: $25.00 · ${texts.checkout.tax.reverseCharge} · unpaid`,
      ),
    );
  });

  it('gives one line with tax added its head, whose Pay for all pays the checkout', async () => {
    showCheckout([hammerLine], { mode: 'added', rate: 20, amount: 375 }, 0);
    const payAll = await screen.findByRole('link', { name: /Pay for all/ });
    expect(payAll).toHaveAttribute('href', `/dashborad/orders/payment/checkout/${CHECKOUT}`);
    const [head, line] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(head).toHaveTextContent('Total $2,250.00 · Tax (20%): $375.00 · unpaid');
    expect(within(line!).queryByRole('link', { name: /pay/i })).toBeNull();
  });

  it('shows one line alone, as before, at a tax of 0 %', async () => {
    showCheckout([hammerLine], { mode: 'added', rate: 0, amount: 0 }, 0);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('link', { name: /Pay for all/ })).toBeNull();
    // The column heads and the line: no checkout head.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('says nothing of a tax at 0 %', async () => {
    showCheckout([hammerLine, fileLine], { mode: 'added', rate: 0, amount: 0 });
    const head = await checkoutHead();
    await vi.waitFor(() =>
      expect(head).toHaveTextContent('Total $3,100.00 · Shipping: $25.00 · unpaid'),
    );
    expect(head).not.toHaveTextContent(/tax|reverse charge/i);
  });
});

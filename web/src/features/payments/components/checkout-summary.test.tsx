import { render, screen } from '@testing-library/react';
import { texts, type TaxSummary } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { makeCheckout, makeOrder } from '../../../test/factories';
import { CheckoutSummary } from './checkout-summary';

const words = texts.checkout.tax;
const CHECKOUT_ID = '44444444-4444-4444-8444-444444444444';

/** Maria's checkout of 200 hammers at $12.50 ($2,500.00), shipped for $25.00, charged `total`. */
function renderSummary(tax: TaxSummary, total = 2525) {
  const checkout = makeCheckout([makeOrder({ checkoutId: CHECKOUT_ID })], {
    shipping: 25,
    total,
    tax,
  });
  return render(<CheckoutSummary checkout={checkout} />);
}

/** The figures under the lines: each term with its figure, top to bottom. */
function figures(): string[] {
  return screen
    .getAllByRole('term')
    .slice(1)
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
}

describe('CheckoutSummary: the tax (issue 45)', () => {
  it('adds tax on top as a row between the shipping and the total, which counts it', () => {
    renderSummary({ mode: 'added', rate: 20, amount: 505 }, 3030);
    expect(figures()).toEqual([
      `${texts.shipping.line} $25.00`,
      'Tax (20%) $505.00',
      `${texts.checkoutPayment.total} $3,030.00`,
    ]);
    expect(screen.queryByText(/includes|reverse charge/i)).toBeNull();
  });

  it('says the tax within the total under it', () => {
    renderSummary({ mode: 'included', rate: 20, amount: 420.83 });
    expect(figures()).toEqual([
      `${texts.shipping.line} $25.00`,
      `${texts.checkoutPayment.total} $2,525.00`,
    ]);
    expect(screen.getByText('Includes $420.83 tax (20%)')).toBeInTheDocument();
  });

  it('says a reverse charge: no tax is charged', () => {
    renderSummary({ mode: 'reverse-charge', rate: 0, amount: 0 });
    expect(screen.getByText(words.reverseCharge)).toBeInTheDocument();
    expect(figures()).toHaveLength(2);
  });

  it.each<{ mode: TaxSummary['mode'] }>([{ mode: 'included' }, { mode: 'added' }])(
    'says nothing of tax $mode at 0 %',
    ({ mode }) => {
      const { container } = renderSummary({ mode, rate: 0, amount: 0 });
      expect(figures()).toEqual([
        `${texts.shipping.line} $25.00`,
        `${texts.checkoutPayment.total} $2,525.00`,
      ]);
      expect(container).not.toHaveTextContent(/tax|reverse charge/i);
    },
  );
});

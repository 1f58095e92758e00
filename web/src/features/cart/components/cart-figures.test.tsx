import { render, screen } from '@testing-library/react';
import { texts, type TaxSummary } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { makeCart, makeCartLine } from '../../../test/factories';
import { CartFigures } from './cart-figures';

const words = texts.checkout.tax;

/** 150 hammers at $12.50 ($1,875.00), shipped for $25.00, under the tax told. */
function renderCart(tax: TaxSummary) {
  return render(<CartFigures cart={makeCart([makeCartLine()], { shipping: 25, tax })} />);
}

/** The figures' terms and the total's, top to bottom. */
function terms(): string[] {
  return screen.getAllByRole('term').map((term) => term.textContent ?? '');
}

/** The figure a term names. */
function figureOf(term: string): string | null | undefined {
  const named = screen.getAllByRole('term').find((shown) => shown.textContent === term);
  return named?.nextElementSibling?.textContent;
}

describe('CartFigures: the tax (issue 45)', () => {
  it('adds tax on top as a row between the shipping and the total, which counts it', () => {
    renderCart({ mode: 'added', rate: 20, amount: 380 });
    expect(terms()).toEqual([
      texts.shipping.subtotal,
      texts.shipping.line,
      'Tax (20%)',
      texts.cart.page.total,
    ]);
    expect(figureOf('Tax (20%)')).toBe('$380.00');
    expect(figureOf(texts.cart.page.total)).toBe('$2,280.00');
    expect(screen.queryByText(words.reverseCharge)).not.toBeInTheDocument();
  });

  it('says the tax within the total under it, the total unchanged', () => {
    renderCart({ mode: 'included', rate: 7.5, amount: 132.56 });
    expect(screen.getByText('Includes $132.56 tax (7.5%)')).toBeInTheDocument();
    expect(figureOf(texts.cart.page.total)).toBe('$1,900.00');
    expect(terms()).not.toContain('Tax (7.5%)');
  });

  it('says a reverse charge: no tax is charged', () => {
    renderCart({ mode: 'reverse-charge', rate: 0, amount: 0 });
    expect(screen.getByText(words.reverseCharge)).toBeInTheDocument();
    expect(figureOf(texts.cart.page.total)).toBe('$1,900.00');
  });

  it.each<{ mode: TaxSummary['mode'] }>([{ mode: 'included' }, { mode: 'added' }])(
    'says nothing of tax $mode at 0 %',
    ({ mode }) => {
      const { container } = renderCart({ mode, rate: 0, amount: 0 });
      expect(terms()).toEqual([
        texts.shipping.subtotal,
        texts.shipping.line,
        texts.cart.page.total,
      ]);
      expect(figureOf(texts.cart.page.total)).toBe('$1,900.00');
      expect(container).not.toHaveTextContent(/tax|reverse charge/i);
    },
  );
});

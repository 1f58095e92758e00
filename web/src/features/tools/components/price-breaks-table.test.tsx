import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hammer, hammerWithBreaks } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { PriceBreaksTable } from './price-breaks-table';

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('PriceBreaksTable', () => {
  it('lists the list price from the smallest order, then each break up to the next, the last open', () => {
    renderWithProviders(<PriceBreaksTable tool={hammerWithBreaks} />);
    const table = screen.getByRole('table', { name: 'Volume pricing' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Quantity', 'Unit price', 'You save']);
    expect(rowsOf(table)).toEqual([
      ['101 to 499', '$12.50', '-'],
      ['500 to 999', '$10.99', '12% off'],
      ['1,000 or more', '$9.99', '20% off'],
    ]);
    expect(screen.getByRole('heading', { name: 'Volume pricing' })).toBeInTheDocument();
  });

  it('orders the rows by quantity whatever order the breaks come in', () => {
    const [first, second] = hammerWithBreaks.priceBreaks;
    renderWithProviders(
      <PriceBreaksTable tool={{ ...hammerWithBreaks, priceBreaks: [second!, first!] }} />,
    );
    expect(rowsOf(screen.getByRole('table')).map(([range]) => range)).toEqual([
      '101 to 499',
      '500 to 999',
      '1,000 or more',
    ]);
  });

  it('shows nothing for a tool without breaks', () => {
    renderWithProviders(<PriceBreaksTable tool={hammer} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Volume pricing')).not.toBeInTheDocument();
  });

  it.each([
    [101, '101 to 499'],
    [499, '101 to 499'],
    [500, '500 to 999'],
    [999, '500 to 999'],
    [1000, '1,000 or more'],
    [25_000, '1,000 or more'],
  ])('marks the row %i reaches: %s', (quantity, range) => {
    renderWithProviders(<PriceBreaksTable tool={hammerWithBreaks} quantity={quantity} />);
    const current = screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(within(current[0]!).getByRole('rowheader')).toHaveTextContent(range);
  });

  it.each([
    ['no quantity', null],
    ['the minimum itself', 100],
    ['below the minimum', 5],
  ])('marks no row for %s', (_case, quantity) => {
    renderWithProviders(<PriceBreaksTable tool={hammerWithBreaks} quantity={quantity} />);
    expect(
      screen.getAllByRole('row').filter((row) => row.hasAttribute('aria-current')),
    ).toHaveLength(0);
  });
});

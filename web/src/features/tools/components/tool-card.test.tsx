import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ToolCard } from './tool-card';
import { hammer, hammerWithBreaks } from '../../../test/factories';

describe('ToolCard', () => {
  it('shows the name, the description and the price with $', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    const card = screen.getByRole('article', { name: 'Claw Hammer' });
    expect(within(card).getByRole('heading', { name: 'Claw Hammer' })).toBeInTheDocument();
    expect(within(card).getByText('Forged steel head, hickory handle.')).toBeInTheDocument();
    expect(within(card).getByText('$12.50')).toBeInTheDocument();
  });

  it('shows the SKU, small, under the name', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    const card = screen.getByRole('article', { name: 'Claw Hammer' });
    const code = within(card).getByText('HM-CLAW-16');
    expect(code.parentElement).toHaveTextContent(/^SKU HM-CLAW-16$/);
    expect(code.parentElement).toHaveClass('text-xs');
    expect(within(card).getByRole('heading').nextElementSibling).toBe(code.parentElement);
  });

  it('shows the minimum order and available quantities', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    expect(screen.getByText('Minimum order quantity').nextElementSibling).toHaveTextContent('100');
    expect(screen.getByText('Available quantity').nextElementSibling).toHaveTextContent('5,000');
  });

  it('links Purchase to /purchase/{id}', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute(
      'href',
      `/purchase/${hammer._id}`,
    );
  });

  it('loads its image lazily with its size set, so the grid does not jump', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    const image = screen.getByRole('img', { name: 'Claw Hammer' });
    expect(image).toHaveAttribute('src', hammer.img);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it("says 'from' its lowest unit price when the tool has price breaks", () => {
    renderWithProviders(<ToolCard tool={hammerWithBreaks} />);
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent(/^from \$9\.99$/);
    expect(screen.queryByText('$12.50')).not.toBeInTheDocument();
  });

  it('shows the list price, without from, when the tool has no price breaks', () => {
    renderWithProviders(<ToolCard tool={hammer} />);
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent(/^\$12\.50$/);
  });

  it('shows a price as people read it: thousands separated, always two decimals', () => {
    renderWithProviders(<ToolCard tool={{ ...hammer, price: 1125 }} />);
    expect(screen.getByText('$1,125.00')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { portfolio } from './portfolio-content';
import PortfolioPage from './portfolio-page';

describe('PortfolioPage', () => {
  it("shows the owner's card: name, role and bio", () => {
    renderWithProviders(<PortfolioPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Protfolio' })).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: portfolio.name }));
    expect(card.getByRole('heading', { level: 3, name: portfolio.name })).toBeInTheDocument();
    expect(card.getByText(portfolio.role)).toBeInTheDocument();
    expect(card.getByText(portfolio.bio)).toBeInTheDocument();
  });

  it('lists every skill', () => {
    renderWithProviders(<PortfolioPage />);
    const skills = screen.getByRole('heading', { name: 'Skills' })
      .nextElementSibling as HTMLElement;
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...portfolio.skills]);
  });

  it('links every project in a new tab that gets no handle on this one', () => {
    renderWithProviders(<PortfolioPage />);
    for (const project of portfolio.projects) {
      const link = screen.getByRole('link', { name: `${project.name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', project.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
      expect(screen.getByText(project.description)).toBeInTheDocument();
    }
  });

  it('keeps to absolute http(s) addresses for its projects', () => {
    for (const project of portfolio.projects) {
      expect(new URL(project.url).protocol).toMatch(/^https?:$/);
    }
  });
});

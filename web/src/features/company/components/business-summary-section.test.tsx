import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BusinessSummarySection } from './business-summary-section';

/** A matchMedia that answers `reduce` for prefers-reduced-motion when asked to. */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const figureOf = (label: string) =>
  within(screen.getByText(label).closest('li')!).getByText(/^\d+$/).textContent;

describe('BusinessSummarySection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('with reduced motion asked for, shows the final figures at once (never seen, no counting)', () => {
    stubReducedMotion(true);
    renderWithProviders(<BusinessSummarySection />);
    expect(figureOf('New Customer')).toBe('400');
    expect(figureOf('Complete Order')).toBe('2000');
    expect(figureOf('Clients')).toBe('750');
    expect(figureOf('Reviews')).toBe('350');
  });

  it('otherwise waits to be seen before counting up from 0', () => {
    stubReducedMotion(false);
    renderWithProviders(<BusinessSummarySection />);
    expect(figureOf('Complete Order')).toBe('0');
  });
});

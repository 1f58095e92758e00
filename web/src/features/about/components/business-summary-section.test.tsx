import { act, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
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

/** An IntersectionObserver the test moves: `setInView(true)` tells every observer it is seen. */
function stubIntersection() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class ControlledObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: readonly number[] = [0];
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
  return {
    setInView(isIntersecting: boolean) {
      act(() => {
        for (const { callback, targets } of [...observers]) {
          const entries = targets.map(
            (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
          );
          callback(entries, {} as IntersectionObserver);
        }
      });
    },
  };
}

const figureOf = (label: string) =>
  within(screen.getByText(label).closest('li')!).getByText(/^\d+$/).textContent;

describe('BusinessSummarySection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the final figures in the HTML the server renders (no 0s without JavaScript)', () => {
    stubReducedMotion(false);
    const html = renderToString(<BusinessSummarySection />);
    for (const figure of ['400', '2000', '750', '350']) {
      expect(html).toMatch(new RegExp(`>${figure}<`));
    }
    expect(html).not.toMatch(/>0</);
  });

  it('with reduced motion asked for, shows the final figures and never counts', () => {
    stubReducedMotion(true);
    const view = stubIntersection();
    renderWithProviders(<BusinessSummarySection />);
    view.setInView(false);
    expect(figureOf('New Customer')).toBe('400');
    expect(figureOf('Complete Order')).toBe('2000');
    expect(figureOf('Clients')).toBe('750');
    expect(figureOf('Reviews')).toBe('350');
  });

  it('out of view waits at 0, and counts up to the figures once seen', async () => {
    stubReducedMotion(false);
    const view = stubIntersection();
    renderWithProviders(<BusinessSummarySection />);
    view.setInView(false);
    expect(figureOf('Complete Order')).toBe('0');

    view.setInView(true);
    // react-countup arrives and starts at 0; its own observer starts it once it is seen.
    await waitFor(() => expect(document.querySelectorAll('#summary li span')).toHaveLength(4));
    // Its span is written in an effect after it mounts: on a busy machine it may still be empty.
    await waitFor(() => expect(figureOf('Complete Order')).toBe('0'));
    view.setInView(true);
    await waitFor(() => expect(figureOf('Complete Order')).toBe('2000'));
    expect(figureOf('New Customer')).toBe('400');
  });
});

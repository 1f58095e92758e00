import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lib/lazy-route';
import { reloadPage } from '../lib/reload-page';
import { renderRoutes } from '../test/render';
import { RouteErrorBoundary } from './route-error-boundary';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

function HydrateFallback() {
  return null;
}

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  it("shows 'Loading chunk failed' and a Retry that reloads when a page's chunk cannot be fetched", async () => {
    const failingImport = () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/about-page.js'),
      );
    renderRoutes(
      [
        {
          path: '/about',
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback,
          lazy: lazyPage(failingImport),
        },
      ],
      { route: '/about' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk failed' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('treats a chunk that never arrives as failed once its time is up', async () => {
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback,
          lazy: lazyPage(() => new Promise(() => undefined), 10),
        },
      ],
      { route: '/' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk failed' }),
    ).toBeInTheDocument();
  });

  it('shows a generic message, not the chunk message, for other errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', ErrorBoundary: RouteErrorBoundary, Component: Broken }]);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lib/lazy-route';
import { reloadPage } from '../lib/reload-page';
import { allowConsoleError } from '../test/console-errors';
import { renderRoutes } from '../test/render';
import { PageOutlet } from './layouts/page-outlet';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

function Broken(): never {
  throw new Error('render failed');
}

/** The pages inside the outlet the layouts use, with a working home page beside `page`. */
function renderPageAt(path: string, Page: ComponentType) {
  return renderRoutes(
    [
      {
        element: <PageOutlet />,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path, element: <Page /> },
        ],
      },
    ],
    { route: path },
  );
}

describe('RouteErrorBoundary, around every page', () => {
  it("shows 'Loading chunk failed' and a Retry that reloads when a page's chunk cannot be fetched", async () => {
    allowConsoleError(); // React reports the error the boundary caught.
    const failingImport = () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/about-page.js'),
      );
    renderPageAt('/about', lazyPage(failingImport));
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk failed' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('shows the loading bar while the chunk is on its way', async () => {
    renderPageAt(
      '/about',
      lazyPage(() => new Promise(() => undefined)),
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it('treats a chunk that never arrives as failed once its time is up', async () => {
    allowConsoleError(); // React reports the error the boundary caught.
    renderPageAt(
      '/about',
      lazyPage(() => new Promise(() => undefined), 10),
    );
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk failed' }),
    ).toBeInTheDocument();
  });

  it('shows a generic message, not the chunk message, for other errors', async () => {
    allowConsoleError();
    renderPageAt('/about', Broken);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
  });

  it('forgets the failure on another page', async () => {
    allowConsoleError();
    renderPageAt('/about', Broken);
    await userEvent.click(await screen.findByRole('link', { name: 'HOME' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

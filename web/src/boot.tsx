/**
 * The app itself, loaded by main.tsx: at once on the pages the browser renders, and on a page
 * the server rendered when the visitor first reaches for it (app/wake-on-interaction.ts).
 */
// First: zod must know it may not use eval before any schema is built (see the module).
import './lib/zod-without-eval';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@tools-factory/contract';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/app';
import { seedPageData } from './app/page-data';
import { preloadPage } from './app/router';
import { isChunkLoadError } from './lib/lazy-route';
import { createQueryClient } from './lib/query-client';

/** The data the server rendered this page from (a public page), or null (any other page). */
function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
}

const rootOptions: RootOptions = {
  // A page's chunk that did not arrive (offline, a deploy) is expected: the page says so, with
  // Retry (RouteErrorBoundary). Any other error an error boundary caught is a bug: logged.
  onCaughtError(error, info) {
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  },
  // A hydration mismatch, among others: React recovers by rendering afresh, but it is a bug
  // (the server's HTML and the first render differ); said in the console, where tests look.
  onRecoverableError(error) {
    console.error(error);
  },
};

/** Renders the app, or hydrates the server's page once the page's own chunk is here. */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const pageData = readPageData();
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  if (!pageData) {
    createRoot(container, rootOptions).render(app);
    return;
  }
  seedPageData(queryClient, pageData, window.location.pathname + window.location.search);
  // After the page's chunk (asked for at once): hydration then meets every component ready and
  // in its first state. Hydrated at once instead, a page whose chunk was still on its way was
  // hydrated later, with whatever had changed meanwhile (the session read: the purchase page's
  // form): a mismatch, and React replaced the server's HTML. Until then links are plain links.
  void preloadPage(window.location.pathname)
    .catch(() => {
      // A chunk that cannot load: the page's error boundary says so once hydrated.
    })
    .then(() => {
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // taking the main thread for the whole page at once (issue 27: a phone's long tasks).
      startTransition(() => {
        hydrateRoot(container, app, rootOptions);
      });
    });
}

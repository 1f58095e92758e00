// First: zod must know it may not use eval before any schema is built (see the module).
import './lib/zod-without-eval';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@tools-factory/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/app';
import { seedPageData } from './app/page-data';
import { preloadPage } from './app/router';
import { isChunkLoadError } from './lib/lazy-route';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

const pageData = readPageData();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

if (pageData) {
  seedPageData(queryClient, pageData, window.location.pathname);
  // At once, not after the page's chunk: from here on React handles clicks (a click on the page
  // before its chunk arrives is replayed once it has). The page's part of the HTML stays as the
  // server sent it until then (layouts/page-outlet.tsx keeps updates away from it); its chunk is
  // asked for now, beside React's own ask.
  void preloadPage(window.location.pathname).catch(() => {
    // A chunk that cannot load: the page's error boundary says so.
  });
  hydrateRoot(container, app, rootOptions);
} else {
  createRoot(container, rootOptions).render(app);
}

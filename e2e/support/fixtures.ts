import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Screenshots the journeys keep for people to look at (gitignored). */
export const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');
export const artifactPath = (name: string): string => path.join(artifactsDir, name);

type Fixtures = {
  /** Console errors a test expects (matched against the message); none by default. */
  allowedConsoleErrors: RegExp | undefined;
  /** Fails the test when the page logged an error or threw an uncaught exception. */
  failOnConsoleErrors: void;
};

function isDocumentNotFound(
  text: string,
  resourceUrl: string | undefined,
  pageUrl: string,
): boolean {
  return /status of 404/.test(text) && resourceUrl !== undefined && resourceUrl === pageUrl;
}

/**
 * A server-rendered page shows before React takes it over, and starts the app only when the
 * visitor first reaches for it (web/src/app/wake-on-interaction.ts): after every load the
 * journeys move the pointer over the page, as a visitor's first move, and wait for the app's
 * mark (`<html data-hydrated>`, app/hydrated-mark.tsx), so that each step after it meets the
 * app. Pages the server does not render (no page-data element) start at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const asleep = await page
    .evaluate(
      () =>
        document.getElementById('page-data') !== null &&
        document.documentElement.dataset.hydrated !== 'true',
    )
    // A page that went on to another meanwhile: waited for as it is below.
    .catch(() => false);
  if (asleep) {
    // Two points, so that the pointer moves whatever point it was left at.
    await page.mouse.move(3, 3);
    await page.mouse.move(4, 4);
  }
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' ||
      document.getElementById('page-data') === null,
  );
}

/**
 * Makes the page's goto and reload wait for hydration after the load, as every journey's page
 * does; for a page of a context a test opens itself (a second person in a journey).
 */
export function waitForHydrationAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForHydration(page);
    return response;
  };
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // With JavaScript off nothing hydrates (and nothing can be waited for in the page).
    if (javaScriptEnabled !== false) waitForHydrationAfterLoads(page);
    await use(page);
  },
  allowedConsoleErrors: [undefined, { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) => allowedConsoleErrors?.test(text) ?? false;
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) errors.push(`pageerror: ${error.stack ?? error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() !== 'error' || allowed(message.text())) return;
        const { url, lineNumber } = message.location();
        // The not-found page comes with status 404 (server-rendered): Chromium logs that for the
        // document itself, which is what the page means, not an error of the page.
        if (isDocumentNotFound(message.text(), url, page.url())) return;
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      await use();
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Scrolls to the bottom a screen at a time, so lazily loaded images and scroll-triggered
 * counters below the fold start, then back to where the page was.
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { scrollX, scrollY } = window;
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
  });
}

/** How long a picture on its way may take to arrive (or fail) before it counts as not loaded. */
const IMAGE_SETTLE_MS = 15_000;

/**
 * Every <img> on the page has finished loading and has real pixels. A lazy picture far below the
 * fold never starts on its own (Chromium waits until it is scrolled near), so the page is
 * scrolled through first; then every picture still on its way is waited for until it settles
 * (its load or error event), and only then are they judged: a broken one fails at once, one
 * still loading after IMAGE_SETTLE_MS fails then.
 */
export async function expectImagesLoaded(page: Page): Promise<void> {
  await scrollThrough(page);
  const notLoaded = await page.evaluate(async (settleMs) => {
    const settled = (image: HTMLImageElement) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      });
    const onTheirWay = () => Array.from(document.images).filter((image) => !image.complete);
    const deadline = Date.now() + settleMs;
    // Again after each wait: a picture may change its source or be added meanwhile.
    for (let waiting = onTheirWay(); waiting.length > 0 && Date.now() < deadline;) {
      await Promise.race([
        Promise.all(waiting.map(settled)),
        new Promise((resolve) => setTimeout(resolve, deadline - Date.now())),
      ]);
      waiting = onTheirWay();
    }
    return Array.from(document.images)
      .filter((image) => !(image.complete && image.naturalWidth > 0))
      .map((image) => image.currentSrc || image.src);
  }, IMAGE_SETTLE_MS);
  expect(notLoaded, 'images that did not load').toEqual([]);
}

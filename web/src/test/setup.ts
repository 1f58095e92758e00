import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { failOnConsoleErrors, watchConsoleErrors } from './console-errors';

// findBy* waits 1 s by default: a lazily loaded page's first import in jsdom takes longer than that
// on a busy machine (CI runs several suites at once; at load 10-16 on two cores, seconds).
// Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 30_000 });

beforeEach(() => {
  watchConsoleErrors();
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup. The
// console is checked after it: an error logged while the page unmounts fails the test too.
afterEach(() => {
  cleanup();
  failOnConsoleErrors();
});

// jsdom has no IntersectionObserver; the business summary counts up only when seen, so in tests
// it is simply never seen (the final figures are in the page for screen readers anyway).
class NeverIntersecting implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: readonly number[] = [0];
  readonly scrollMargin = '0px';
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= NeverIntersecting;

// jsdom does not scroll (it logs 'Not implemented' instead); the shell asks it to on navigation.
// (The server entry's tests run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom has <dialog> and its `open` attribute but not showModal() or close(): enough of them for
// components that open a modal dialog (no top layer or inertness to emulate in tests).
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
}

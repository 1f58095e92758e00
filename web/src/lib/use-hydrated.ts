import { useSyncExternalStore } from 'react';

/** Nothing to listen to: once true in the browser, it stays true. */
const subscribe = () => () => {};

/**
 * False in the HTML the server renders and while React hydrates it, true once React runs the
 * page (and at once on a page rendered in the browser). A form that only works with the app's
 * script keeps its submit button disabled until then: pressed earlier, the browser would send
 * the form itself, its fields (a password) in the address of a GET.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { useState } from 'react';

type KeysetState<Filters> = {
  filters: Filters;
  /** The page shown, from 1. */
  page: number;
  /** Where this page starts: the `next` of the page before; undefined on the first. */
  after: string | undefined;
  /** Where each page before this one started: what Previous goes back to. */
  earlier: Array<string | undefined>;
};

/**
 * A list paged on the server by keyset (issue 43): its filters, the page shown and where it
 * starts. `next` goes on from where the page shown ended (its answer's `next`), `previous` back
 * to where the page before started, and a new search starts again on its first page.
 */
export function useKeysetPages<Filters>(initial: Filters) {
  const [state, setState] = useState<KeysetState<Filters>>({
    filters: initial,
    page: 1,
    after: undefined,
    earlier: [],
  });
  return {
    filters: state.filters,
    page: state.page,
    after: state.after,
    search(filters: Filters) {
      setState({ filters, page: 1, after: undefined, earlier: [] });
    },
    next(cursor: string) {
      setState((shown) => ({
        ...shown,
        page: shown.page + 1,
        after: cursor,
        earlier: [...shown.earlier, shown.after],
      }));
    },
    previous() {
      setState((shown) => ({
        ...shown,
        page: Math.max(1, shown.page - 1),
        after: shown.earlier.at(-1),
        earlier: shown.earlier.slice(0, -1),
      }));
    },
  };
}

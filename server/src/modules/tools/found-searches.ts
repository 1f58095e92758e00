import { createKeptPerBuild } from './kept-per-build.ts';
import type { ToolSearchFound } from './tool-search.service.ts';

/**
 * How many searches' found ids are kept: the most recently asked. Each holds at most
 * MAX_SEARCH_MATCHES ids (about 60 kB at 1,000), most far fewer.
 */
export const MAX_FOUND_SEARCHES_KEPT = 256;

type Find = (build: number, q: string, limit?: number) => Promise<ToolSearchFound>;

/**
 * The ids a search found, kept for the catalog build they were found in (createKeptPerBuild):
 * a popular search, its other pages and its other sorts are found once per build, not once
 * per order.
 */
export function createFoundSearches(find: Find, max = MAX_FOUND_SEARCHES_KEPT) {
  const kept = createKeptPerBuild<ToolSearchFound>({ capacity: max });
  return (build: number, q: string, limit?: number): Promise<ToolSearchFound> =>
    kept(build, `${limit ?? 'all'} ${q}`, () => find(build, q, limit));
}

export type FoundSearches = ReturnType<typeof createFoundSearches>;

import type { ToolSearchFound } from './tool-search.service.ts';

/**
 * How many searches' found ids are kept: the most recently asked. Each holds at most
 * MAX_SEARCH_MATCHES ids (about 60 kB at 1,000), most far fewer.
 */
export const MAX_FOUND_SEARCHES_KEPT = 256;

type Find = (q: string, limit?: number) => Promise<ToolSearchFound>;

/**
 * The ids a search found, kept for the catalog build they were found in (CatalogBodies.build).
 * The answers kept before routing (decision 028) are dropped with every catalog version, and a
 * version passes with every order; the ids depend only on the tools' names, SKUs and
 * descriptions and on what is on sale, which only a build changes. So a popular search, its
 * other pages and its other sorts go to the database once per build, not once per order.
 *
 * A search asked with the bodies of an older build than the latest seen is not kept: its ids
 * may be those of either.
 */
export function createFoundSearches(find: Find, max = MAX_FOUND_SEARCHES_KEPT) {
  let build = 0;
  const kept = new Map<string, Promise<ToolSearchFound>>();

  return function found(askedBuild: number, q: string, limit?: number): Promise<ToolSearchFound> {
    if (askedBuild < build) return find(q, limit);
    if (askedBuild > build) {
      kept.clear();
      build = askedBuild;
    }
    const key = `${limit ?? 'all'} ${q}`;
    const known = kept.get(key);
    if (known) {
      // The most recently asked are the last dropped.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const finding = find(q, limit);
    if (kept.size >= max) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(key, finding);
    // A failed search is asked again next time, never kept.
    finding.catch(() => {
      if (kept.get(key) === finding) kept.delete(key);
    });
    return finding;
  };
}

export type FoundSearches = ReturnType<typeof createFoundSearches>;

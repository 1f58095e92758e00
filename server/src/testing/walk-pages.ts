import { expect } from 'vitest';

/** How a test reads a keyset list (issue 43, docs/decisions/055) a page at a time. */
export type PageWalk<Page extends { next: string | null }, Row> = {
  /** The page size the pages are asked for with; none may hold more. */
  pageSize: number;
  /** One page, from its start: the page before's `next`, undefined for the first. */
  fetchPage: (after: string | undefined) => Promise<Page>;
  /** The rows a page shows, in its order. */
  rowsOf: (page: Page) => readonly Row[];
  /** What tells a row from every other: a row seen twice is a page that overlaps another. */
  idOf: (row: Row) => string;
};

/** A URL's query with the page's start added when there is one: `pageSize=2&after=...`. */
export function withAfter(query: string, after: string | undefined): string {
  if (after === undefined) return query;
  return [query, `after=${encodeURIComponent(after)}`].filter(Boolean).join('&');
}

/**
 * Every page of a list, from the first to the one whose `next` is null, each asked for with the
 * `next` of the one before: the rows in the order walked, and the pages. Fails where paging
 * went wrong rather than leaving it to the comparison with the whole list: a page of more rows
 * than asked, a page short of full that is not the last, an empty page (the one before should
 * have known it was the last; only an empty list answers one, its only page), a row seen twice,
 * a walk that does not end.
 */
export async function walkPages<Page extends { next: string | null }, Row>(
  walk: PageWalk<Page, Row>,
): Promise<{ rows: Row[]; pages: Page[] }> {
  const pages: Page[] = [];
  const rows: Row[] = [];
  const seen = new Set<string>();
  let after: string | undefined;
  do {
    // A bound only a walk that goes round in circles reaches: the tests' lists are small.
    expect(pages.length, 'more pages than a test list holds').toBeLessThan(1_000);
    const page = await walk.fetchPage(after);
    const shown = walk.rowsOf(page);
    const where = `page ${pages.length + 1}, pageSize ${walk.pageSize}`;
    expect(shown.length, where).toBeLessThanOrEqual(walk.pageSize);
    if (page.next !== null) expect(shown.length, `${where}, not the last`).toBe(walk.pageSize);
    if (pages.length > 0) expect(shown.length, `${where}, after another`).toBeGreaterThan(0);
    for (const row of shown) {
      const id = walk.idOf(row);
      expect(seen.has(id), `${where}: ${id} again`).toBe(false);
      seen.add(id);
    }
    pages.push(page);
    rows.push(...shown);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return { rows, pages };
}

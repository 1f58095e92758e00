// No zod here: the category page and the home page run these, and a schema would bring zod into
// their scripts. The schemas of the same rules are in categories.ts.

/** The tools a category page shows at once. */
export const CATEGORY_PAGE_SIZE = 24;

/** The slug of every tool on sale (/category/all): no category may take it. */
export const ALL_TOOLS_SLUG = 'all';

/** The orders a category's tools can be shown in: A to Z, cheapest first, dearest first. */
export const CATEGORY_SORTS = ['name', 'price', '-price'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export const DEFAULT_CATEGORY_SORT: CategorySort = 'name';

/** The attributes a tool may carry, each a facet of the category page. */
export const FACET_ATTRIBUTES = ['brandLine', 'size', 'material'] as const;
export type FacetAttribute = (typeof FACET_ATTRIBUTES)[number];

/** An attribute's longest value, and a category's longest name and slug. */
export const MAX_ATTRIBUTE_LENGTH = 60;
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_CATEGORY_SLUG_LENGTH = 60;
/** Values of one facet a URL may choose at once. */
export const MAX_FACET_VALUES = 20;
/** The deepest a category may sit: a top-level category is at depth 1. */
export const MAX_CATEGORY_DEPTH = 4;
/** The last page a URL may ask for (a higher number is refused before any counting). */
export const MAX_CATEGORY_PAGE = 10_000;

/** Lower-case letters and digits with single hyphens between: `hand-saws`, `pliers`. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An attribute's value as a URL and a facet name it: lower case, every run of other characters
 * than letters and digits one hyphen ('Chrome Vanadium' and 'chrome-vanadium' are one value).
 */
export function facetKey(value: string): string {
  const key = value
    .trim()
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return key === '' ? value.trim().toLocaleLowerCase() : key;
}

/** A category's slug made from its name ('Tape measures' -> 'tape-measures'), ASCII only. */
export function slugOfName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_CATEGORY_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/** What a category page shows: the chosen values of each facet, the order and the page. */
export type CategoryPageQuery = {
  filters: Record<FacetAttribute, string[]>;
  sort: CategorySort;
  page: number;
};

export function isCategorySort(value: unknown): value is CategorySort {
  return (CATEGORY_SORTS as readonly unknown[]).includes(value);
}

/**
 * The query as a URL's search, in one spelling (attributes in FACET_ATTRIBUTES' order, values
 * sorted, the default sort and page 1 left out): two URLs that ask the same give the same
 * string, which is the web's cache key and every link the page makes. '' for the first page of
 * everything by name.
 */
export function categoryToolsSearch(query: CategoryPageQuery): string {
  const parts: string[] = [];
  for (const attribute of FACET_ATTRIBUTES) {
    for (const value of [...new Set(query.filters[attribute])].sort()) {
      parts.push(`${attribute}=${encodeURIComponent(value)}`);
    }
  }
  if (query.sort !== DEFAULT_CATEGORY_SORT) parts.push(`sort=${encodeURIComponent(query.sort)}`);
  if (query.page > 1) parts.push(`page=${query.page}`);
  return parts.join('&');
}

/** What this file reads of a URLSearchParams (the contract compiles without the DOM's types). */
export type SearchParams = {
  get(name: string): string | null;
  getAll(name: string): string[];
};

/**
 * A URL's search read as the category page reads it, leniently (what the server refuses, it
 * says so when asked): facet values as keys, an unknown sort as the default, a page that is not
 * a whole number from 1 as page 1.
 */
export function readCategoryToolsQuery(search: SearchParams): CategoryPageQuery {
  const filters = {} as Record<FacetAttribute, string[]>;
  for (const attribute of FACET_ATTRIBUTES) {
    filters[attribute] = [...new Set(search.getAll(attribute).map(facetKey))].filter(Boolean);
  }
  const sort = search.get('sort');
  const page = Number(search.get('page') ?? '1');
  return {
    filters,
    sort: isCategorySort(sort) ? sort : DEFAULT_CATEGORY_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query with one facet value chosen or, if chosen already, left out; back to page 1. */
export function toggleFacetValue(
  query: CategoryPageQuery,
  attribute: FacetAttribute,
  value: string,
): CategoryPageQuery {
  const chosen = query.filters[attribute];
  const next = chosen.includes(value)
    ? chosen.filter((each) => each !== value)
    : [...chosen, value];
  return { ...query, filters: { ...query.filters, [attribute]: next }, page: 1 };
}

/** No facet value chosen. */
export function noFilters(): Record<FacetAttribute, string[]> {
  return { brandLine: [], size: [], material: [] };
}

/** The path of a category page with its query: `/category/hammers?material=steel&page=2`. */
export function categoryPagePath(slug: string, query?: CategoryPageQuery): string {
  const search = query ? categoryToolsSearch(query) : '';
  return `/category/${encodeURIComponent(slug)}${search ? `?${search}` : ''}`;
}

// No zod here: the home page runs these, and a schema would bring zod into its scripts. The
// schemas of the same rules are in catalog-search-query.ts.
import { lowestUnitPrice } from './price-break-rules.ts';

/** The longest search text the API and the search box take. */
export const MAX_SEARCH_LENGTH = 200;

/** The tools a page of GET /api/search shows. */
export const SEARCH_PAGE_SIZE = 24;

/**
 * The most matches a ranked search pages through, the best first: its `total` still counts them
 * all, and a sort orders these (a buyer who needs more than 1,000 narrows the words).
 */
export const MAX_SEARCH_MATCHES = 1_000;

/** The last page of GET /api/search. */
export const MAX_SEARCH_PAGE = Math.ceil(MAX_SEARCH_MATCHES / SEARCH_PAGE_SIZE);

/** A word that found nothing, and the catalog's word the search took instead ('hamer', 'hammer'). */
export type SearchCorrection = { word: string; correction: string };

/**
 * A search that reads as a SKU or the start of one: one word of a SKU's shape with a digit or a
 * separator in it ('hm-claw-16', 'sd-', 'rg1'). The tools whose SKU starts with it are then all
 * it finds; a plain word ('saw') is looked for in names and descriptions too.
 */
export function isSkuLike(words: readonly string[]): boolean {
  const [word] = words;
  return (
    words.length === 1 &&
    word !== undefined &&
    word.length <= 32 &&
    /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u.test(word) &&
    /[\p{N}._/-]/u.test(word)
  );
}

/** The orders the catalog can be sorted in; none keeps the catalog's own order. */
export const TOOL_SORTS = ['name', 'price', 'price-desc', 'available'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/**
 * True for one of TOOL_SORTS (how the home page reads its URL, without a schema).
 */
export function isToolSort(value: unknown): value is ToolSort {
  return (TOOL_SORTS as readonly unknown[]).includes(value);
}

/** A search of the catalog: GET /api/parts?q=saw&sort=price, and the home page's URL. */
export type SearchQuery = { q?: string | undefined; sort?: ToolSort | undefined };

/** What a search reads of a tool. */
type Searchable = {
  name: string;
  /** The tool's SKU (issue 26): found as a whole, as its start or as any part of it. */
  sku: string;
  desc: string;
  price: number;
  priceBreaks: readonly { minQuantity: number; price: number }[];
  availableQuantity: number;
};

/**
 * The price a tool's card shows and a price sort goes by: its lowest unit price ('from $9.50'),
 * which is the list price when the tool has no price breaks.
 */
const shownPrice = (tool: Searchable) => lowestUnitPrice(tool);

/**
 * The words of a search, lower-cased as typed (no accent folding: 'säge' finds 'Säge', not
 * 'Sage'); empty when there is nothing to look for. Two searches with the same words in the same
 * order give the same key.
 */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().toLocaleLowerCase().split(/\s+/u).filter(Boolean);
}

const COMPARE: Record<ToolSort, (a: Searchable, b: Searchable) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  price: (a, b) => shownPrice(a) - shownPrice(b),
  'price-desc': (a, b) => shownPrice(b) - shownPrice(a),
  available: (a, b) => b.availableQuantity - a.availableQuantity,
};

/**
 * The catalog as a search shows it: the tools whose name, SKU or description holds every word of
 * `q` (any case, any order; each word plain text, never a pattern), sorted by `sort` (ties keep
 * the catalog order), or in the catalog order without one, except that a tool whose SKU is `q`
 * itself comes first: a buyer who types a SKU from a catalogue or an invoice means that tool.
 * Returns a new array.
 */
export function searchTools<TTool extends Searchable>(
  tools: readonly TTool[],
  query: SearchQuery,
): TTool[] {
  const words = searchWords(query.q);
  if (!words.length) return query.sort ? [...tools].sort(COMPARE[query.sort]) : [...tools];
  const found = tools.filter((tool) => {
    const text = `${tool.name}\n${tool.sku}\n${tool.desc}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
  if (query.sort) return found.sort(COMPARE[query.sort]);
  const typed = words.join(' ');
  const exact = found.findIndex((tool) => tool.sku.toLocaleLowerCase() === typed);
  if (exact > 0) found.unshift(...found.splice(exact, 1));
  return found;
}

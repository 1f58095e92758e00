import { z } from 'zod';
import { textSchema } from './common.ts';
import { texts } from './texts.ts';

/** The longest search text the API and the search box take. */
export const MAX_SEARCH_LENGTH = 200;

/** The orders the catalog can be sorted in; none keeps the catalog's own order. */
export const TOOL_SORTS = ['name', 'price', 'price-desc', 'available'] as const;
export const ToolSortSchema = z.enum(TOOL_SORTS, {
  error: () => texts.fieldErrors.notOneOf('sort', TOOL_SORTS),
});
export type ToolSort = z.infer<typeof ToolSortSchema>;

/** GET /api/parts?q=saw&sort=price, and the home page's URL (/?q=saw&sort=price). */
export const SearchQuerySchema = z.object({
  q: textSchema('q', { max: MAX_SEARCH_LENGTH, required: false }).optional(),
  sort: ToolSortSchema.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** What a search reads of a tool. */
type Searchable = { name: string; desc: string; price: number; availableQuantity: number };

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
  price: (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  available: (a, b) => b.availableQuantity - a.availableQuantity,
};

/**
 * The catalog as a search shows it: the tools whose name or description holds every word of `q`
 * (any case, any order; each word plain text, never a pattern), sorted by `sort` (ties keep the
 * catalog order), or in the catalog order without one. Returns a new array.
 */
export function searchTools<TTool extends Searchable>(
  tools: readonly TTool[],
  query: SearchQuery,
): TTool[] {
  const words = searchWords(query.q);
  const found = words.length
    ? tools.filter((tool) => {
        const text = `${tool.name}\n${tool.desc}`.toLocaleLowerCase();
        return words.every((word) => text.includes(word));
      })
    : [...tools];
  return query.sort ? found.sort(COMPARE[query.sort]) : found;
}

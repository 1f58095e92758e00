import { z } from 'zod';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_PAGE, TOOL_SORTS } from './catalog-search.ts';
import { textSchema, wholeNumberSchema } from './common.ts';
import { texts } from './texts.ts';
import { ToolSchema } from './tools.ts';

export const ToolSortSchema = z.enum(TOOL_SORTS, {
  error: () => texts.fieldErrors.notOneOf('sort', TOOL_SORTS),
});

/** GET /api/parts?q=saw&sort=price: the words at most MAX_SEARCH_LENGTH, one of TOOL_SORTS. */
export const SearchQuerySchema = z.object({
  q: textSchema('q', { max: MAX_SEARCH_LENGTH, required: false }).optional(),
  sort: ToolSortSchema.optional(),
});

/** GET /api/search?q=hamer&sort=price&page=2: the words, a sort (none: the best first), a page. */
export const ToolSearchQuerySchema = SearchQuerySchema.extend({
  page: wholeNumberSchema('page', { min: 1, max: MAX_SEARCH_PAGE }).optional().default(1),
});
export type ToolSearchQueryInput = z.input<typeof ToolSearchQuerySchema>;

/** A word that found nothing and the catalog's word searched instead. */
export const SearchCorrectionSchema = z.object({ word: z.string(), correction: z.string() });

/** GET /api/search: a page of the tools found, how many there are, and the words corrected. */
export const ToolSearchPageSchema = z.object({
  /** The words searched, as the server read them (lower case, single spaces). */
  q: z.string(),
  tools: z.array(ToolSchema),
  /** Every tool found, counted past MAX_SEARCH_MATCHES too. */
  total: z.number().int(),
  /** Whether only the best MAX_SEARCH_MATCHES of `total` can be paged through (and sorted). */
  capped: z.boolean(),
  page: z.number().int(),
  /** At least 1, with no tool at all too. */
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  sort: ToolSortSchema.nullable(),
  /** Words that found nothing, each replaced by the nearest word of the catalog. */
  corrected: z.array(SearchCorrectionSchema),
});
export type ToolSearchPage = z.infer<typeof ToolSearchPageSchema>;

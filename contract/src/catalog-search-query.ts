import { z } from 'zod';
import { MAX_SEARCH_LENGTH, TOOL_SORTS } from './catalog-search.ts';
import { textSchema } from './common.ts';
import { texts } from './texts.ts';

export const ToolSortSchema = z.enum(TOOL_SORTS, {
  error: () => texts.fieldErrors.notOneOf('sort', TOOL_SORTS),
});

/** GET /api/parts?q=saw&sort=price: the words at most MAX_SEARCH_LENGTH, one of TOOL_SORTS. */
export const SearchQuerySchema = z.object({
  q: textSchema('q', { max: MAX_SEARCH_LENGTH, required: false }).optional(),
  sort: ToolSortSchema.optional(),
});

import { z } from 'zod';
import { textSchema, wholeNumberSchema } from './common.ts';
import { MAX_SEARCH_LENGTH } from './catalog-search.ts';
import { namedKeysetCursorSchema } from './keyset-cursor.ts';
import { ToolStockListSchema } from './low-stock.ts';
import { manageToolsTexts } from './manage-tools-texts.ts';
import { ToolListSchema } from './tools.ts';

/** How many tools a page of Manage Tools shows (GET /manageTools/page's default), and at most. */
export const MANAGE_TOOLS_PAGE_SIZE = 50;
export const MANAGE_TOOLS_MAX_PAGE_SIZE = 200;

/**
 * How many matching tools GET /manageTools/page counts at most (issue 43): beyond, the count stops
 * there and says so (`capped`), as Manage Orders' does, so that a page never counts a catalog.
 */
export const MANAGE_TOOLS_COUNT_CAP = 10_000;

/**
 * GET /manageTools/page (admin, issue 43): the tools on sale a page at a time, in the catalog's
 * order (oldest first, then by name) as GET /parts lists them; `q` keeps the tools whose name,
 * SKU or description holds every word (any case, as typed); `after` is the `next` of the page
 * before.
 */
export const ManageToolsPageQuerySchema = z.object({
  q: textSchema('q', { max: MAX_SEARCH_LENGTH, required: false }).optional(),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MANAGE_TOOLS_MAX_PAGE_SIZE })
    .optional()
    .default(MANAGE_TOOLS_PAGE_SIZE),
  after: namedKeysetCursorSchema(manageToolsTexts.page.badCursor).optional(),
});
export type ManageToolsPageQuery = z.input<typeof ManageToolsPageQuerySchema>;

/**
 * GET /manageTools/page's answer: the page's tools as GET /parts shows them, their stock and
 * low-stock thresholds as GET /manageTools/stock shows them (the page's tools only, in their
 * order), how many tools match, and the next page's `after` (null on the last page).
 */
export const ManageToolsPageSchema = z.object({
  tools: ToolListSchema,
  stock: ToolStockListSchema,
  /** How many tools match, on every page: MANAGE_TOOLS_COUNT_CAP at most. */
  total: z.number().int().nonnegative(),
  /** True when more tools match than MANAGE_TOOLS_COUNT_CAP: `total` then counts the first ones. */
  capped: z.boolean(),
  next: z.string().nullable(),
});
export type ManageToolsPage = z.infer<typeof ManageToolsPageSchema>;

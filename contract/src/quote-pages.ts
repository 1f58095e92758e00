import { z } from 'zod';
import { wholeNumberSchema } from './common.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { ManagedQuoteRequestSchema, QuoteRequestSchema } from './quote-requests.ts';
import { ManagedQuoteSchema, QuoteSchema } from './quotes.ts';
import { texts } from './texts.ts';

/*
 * The quote lists a page at a time (issue 43, docs/decisions/055): My Quotes' quotes of one tool
 * and requests of several lines, and the admins' Quotes page's, newest first, each page starting
 * where the page before ended (keyset on the time requested and the id).
 */

/** How many quotes (or requests) a page shows by default, and at most. */
export const QUOTES_PAGE_SIZE = 20;
export const QUOTES_MAX_PAGE_SIZE = 100;

/**
 * The groups the admins' Quotes page lists one after the other, newest first within each (as
 * GET /manageQuotes sorts them): waiting for an offer, an offer standing, then the rest (expired,
 * accepted, declined). Where a page of it ended names its group: `<group>~<time>_<id>`.
 */
export const MANAGED_QUOTE_GROUPS = ['requested', 'offered', 'other'] as const;
export type ManagedQuoteGroup = (typeof MANAGED_QUOTE_GROUPS)[number];

/** The separator between a Quotes page's group and its keyset cursor. */
export const QUOTE_GROUP_SEPARATOR = '~';

function pageSizeSchema() {
  return wholeNumberSchema('pageSize', { min: 1, max: QUOTES_MAX_PAGE_SIZE })
    .optional()
    .default(QUOTES_PAGE_SIZE);
}

/** Whether `text` is `<group>~<keyset cursor>`, the group one of MANAGED_QUOTE_GROUPS. */
function isGroupedCursor(text: string): boolean {
  const at = text.indexOf(QUOTE_GROUP_SEPARATOR);
  const group = text.slice(0, at);
  return (
    at > 0 &&
    (MANAGED_QUOTE_GROUPS as readonly string[]).includes(group) &&
    keysetCursorSchema('').safeParse(text.slice(at + 1)).success
  );
}

/** GET /quotes/page and GET /quoteRequests/page: the caller's own, `after` the page before's `next`. */
export const MyQuotesPageQuerySchema = z.object({
  pageSize: pageSizeSchema(),
  after: keysetCursorSchema(texts.quotes.badPageCursor).optional(),
});
export type MyQuotesPageQuery = z.input<typeof MyQuotesPageQuerySchema>;

/** GET /manageQuotes/page and GET /manageQuoteRequests/page (admins): `after` names its group too. */
export const ManagedQuotesPageQuerySchema = z.object({
  pageSize: pageSizeSchema(),
  after: z
    .string({ error: () => texts.manageQuotes.badPageCursor })
    .refine(isGroupedCursor, { error: () => texts.manageQuotes.badPageCursor })
    .optional(),
});
export type ManagedQuotesPageQuery = z.input<typeof ManagedQuotesPageQuerySchema>;

/** What every page of a quote list carries besides its rows. */
const pageFields = {
  /** How many the whole list holds, on every page. */
  total: z.number().int().nonnegative(),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
};

export const MyQuotesPageSchema = z.object({ quotes: z.array(QuoteSchema), ...pageFields });
export type MyQuotesPage = z.infer<typeof MyQuotesPageSchema>;

export const MyQuoteRequestsPageSchema = z.object({
  requests: z.array(QuoteRequestSchema),
  ...pageFields,
});
export type MyQuoteRequestsPage = z.infer<typeof MyQuoteRequestsPageSchema>;

export const ManagedQuotesPageSchema = z.object({
  quotes: z.array(ManagedQuoteSchema),
  ...pageFields,
});
export type ManagedQuotesPage = z.infer<typeof ManagedQuotesPageSchema>;

export const ManagedQuoteRequestsPageSchema = z.object({
  requests: z.array(ManagedQuoteRequestSchema),
  ...pageFields,
});
export type ManagedQuoteRequestsPage = z.infer<typeof ManagedQuoteRequestsPageSchema>;

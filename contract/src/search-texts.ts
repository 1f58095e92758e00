// The search page (issue 43 item 2): the catalog searched on the server, ranked and paged. Part
// of `texts` (texts.ts); apart, so that a public page carries only these.
import { categoryBrowseTexts, categoryTexts } from './category-texts.ts';

export const searchTexts = {
  /** The page's heading and title without words. */
  title: 'Search tools',
  pageTitle: (q: string, page: number) =>
    page > 1 ? `Results for "${q}", page ${page}` : `Results for "${q}"`,
  /** Above the results when words that found nothing were replaced ('hamer' by 'hammer'). */
  showingResultsFor: (q: string) => `Showing results for ${q}`,
  /** Under it: what was typed, which found nothing. */
  noneFor: (q: string) => `No tools match "${q}"`,
  submit: 'Search',
  /** Before anything is typed. */
  prompt: 'Type a name, a word of a description or a SKU',
  /** The first option of the sort control: the search's own ranking. */
  bestMatch: 'Best match',
  /** Above the grid: which of the matches this page shows. */
  showing: categoryBrowseTexts.showing,
  /** Past MAX_SEARCH_MATCHES matches: only the best can be paged through. */
  capped: (shown: number, total: number) =>
    `${total} tools match: the best ${shown} are shown. Add a word to narrow the search.`,
  pagination: 'Pages of results',
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
} as const;

/** The search's refusals (`{ message, statusCode }` bodies): apart, so no page carries them. */
export const searchErrors = {
  /** 404: a page past the last of the results. */
  noSuchPage: categoryTexts.errors.noSuchPage,
  /** 429: more searches from one client in a minute than SEARCHES_PER_MINUTE. */
  tooManySearches: 'You are searching too quickly. Please wait a minute and try again.',
} as const;

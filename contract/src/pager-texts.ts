/**
 * What a list paged on the server says under it (Manage Orders, ALL USERS: issue 43): kept apart,
 * so that the pages that page carry these few words and not each other's texts.
 */
export const pagerTexts = {
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
  /** A page whose count of pages is not known (the counts are capped). */
  pageNumber: (page: string) => `Page ${page}`,
  /** Where a page shows two paged lists: each pager's landmark names its list. */
  pagesOfList: (list: string, page: string) => `${list}: ${page}`,
};

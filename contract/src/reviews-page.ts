/*
 * The public reviews' page (GET /review/page) without zod: the home page's reviews ask for one
 * and the server slices one, and neither loads a schema for it (reviews.ts builds them).
 */

/**
 * How many reviews the home page shows at first, and each Show more adds (GET /review/page's
 * default page size): a shop of hundreds of reviews does not send them all to every visitor.
 */
export const REVIEWS_PAGE_SIZE = 9;
export const REVIEWS_MAX_PAGE_SIZE = 100;

/**
 * Page `page` of `pageSize` reviews of `reviews` (GET /review's list, newest first): a
 * ReviewsPage (reviews.ts) for a Review.
 */
export function reviewsPageOf<Item>(
  reviews: readonly Item[],
  page: number,
  pageSize: number,
): { reviews: Item[]; page: number; pageSize: number; total: number; pages: number } {
  const start = (page - 1) * pageSize;
  return {
    reviews: reviews.slice(start, start + pageSize),
    page,
    pageSize,
    total: reviews.length,
    pages: Math.max(1, Math.ceil(reviews.length / pageSize)),
  };
}

import { queryOptions } from '@tanstack/react-query';
import { apiPaths, REVIEWS_PAGE_SIZE, type ReviewsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** Every public review query starts so: posting or hiding a review asks them all again. */
export const reviewsQueryKey = ['reviews'] as const;

/** GET /api/review/page: page `page` of the home page's reviews, newest first. */
function getReviewsPage(page: number, signal?: AbortSignal): Promise<ReviewsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(REVIEWS_PAGE_SIZE) });
  return api.get<ReviewsPage>(`${apiPaths.reviewsPage}?${query}`, signal);
}

export const reviewsPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'page', page, REVIEWS_PAGE_SIZE],
    queryFn: ({ signal }) => getReviewsPage(page, signal),
  });

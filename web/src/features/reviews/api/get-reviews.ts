import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Review } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/review: every review (the bearer goes along when one is stored). */
function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return api.get<Review[]>(apiPaths.reviews, signal);
}

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: ({ signal }) => getReviews(signal),
  });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedReview } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The admins' Reviews list: hiding or showing a review updates it. */
export const managedReviewsQueryKey = ['manageReviews'] as const;

/** GET /api/manageReviews (bearer, admins): every review, hidden ones too, with its author. */
function getManagedReviews(signal?: AbortSignal): Promise<ManagedReview[]> {
  return api.get<ManagedReview[]>(apiPaths.manageReviews, signal);
}

export function useManagedReviews() {
  return useQuery(
    queryOptions({
      queryKey: managedReviewsQueryKey,
      queryFn: ({ signal }) => getManagedReviews(signal),
    }),
  );
}

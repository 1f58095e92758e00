import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedReviewsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The admins' Reviews list, every page of it: hiding or showing a review updates it. */
export const managedReviewsQueryKey = ['manageReviews'] as const;

/**
 * GET /api/manageReviews/page (bearer, admins, issue 43): a page of the reviews, hidden ones too,
 * newest first, from `after` (the `next` of the page before; none: the first).
 */
function getManagedReviewsPage(
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ManagedReviewsPage> {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return api.get<ManagedReviewsPage>(`${apiPaths.manageReviewsPage}${query}`, signal);
}

/** A page of the reviews; the page shown stays while the next one loads. */
export function useManagedReviewsPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...managedReviewsQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getManagedReviewsPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

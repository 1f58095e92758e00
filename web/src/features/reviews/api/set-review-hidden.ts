import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedReview } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedReviewsQueryKey } from './get-managed-reviews';
import { reviewsQueryKey } from './get-reviews';

/** PUT /api/manageReviews/{id}/hidden (bearer, admins): hide a review, or show it again. */
function setReviewHidden(change: { id: string; hidden: boolean }): Promise<ManagedReview> {
  return api.put<ManagedReview>(apiPaths.reviewHidden(change.id), { hidden: change.hidden });
}

/** Hides or shows a review; the admins' list and the home page's are asked for again. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managedReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
      ]),
  });
}

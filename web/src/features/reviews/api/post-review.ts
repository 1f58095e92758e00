import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CreateReview, type CreateReviewResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/**
 * POST /api/review (bearer): the name, text and stars typed; the server files the review under
 * the account's e-mail, and answers 429 when one account posts too many at once.
 */
export function postReview(review: CreateReview): Promise<CreateReviewResponse> {
  return api.post<CreateReviewResponse>(apiPaths.reviews, review);
}

/** Posts a review; the home page's list is asked for again, so it shows the new one. */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}

import type { Review } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import { selectReviewsNewestFirst, type ReviewRow } from './reviews.repository.ts';

export function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    review: row.review,
    rattings: row.rating,
  };
}

/** Every review, newest first, as GET /review shows them. */
export async function listReviews(executor: Executor): Promise<Review[]> {
  return (await selectReviewsNewestFirst(executor)).map(toReviewDto);
}

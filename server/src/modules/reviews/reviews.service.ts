import type { CreateReview, CreateReviewResponse, Review } from '@tools-factory/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Account } from '../identity/identity.service.ts';
import { insertReview, selectReviewsNewestFirst, type ReviewRow } from './reviews.repository.ts';

export function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    review: row.review,
    rattings: row.rating,
  };
}

/** Every review, newest first, as GET /review shows them (the catalog snapshot reads them here). */
export async function listReviews(executor: Executor): Promise<Review[]> {
  return (await selectReviewsNewestFirst(executor)).map(toReviewDto);
}

/**
 * The catalog snapshot as this module needs it. Declared here rather than imported from
 * catalog.service.ts, which imports this file to read the reviews: a type import back would close
 * an import cycle.
 */
export type ReviewsCatalog = { invalidate(): Promise<void> };

export type ReviewsServiceOptions = {
  db: Database;
  /** Told after every committed review, so the home page's GET /review shows it at once. */
  catalog: ReviewsCatalog;
};

export function createReviewsService(options: ReviewsServiceOptions) {
  const { db, catalog } = options;
  return {
    /**
     * POST /review: the name, text and stars the customer typed, under the account's e-mail
     * whatever the body says (DESIGN.md section 3), so nobody can review as someone else.
     */
    async postReview(caller: Account, input: CreateReview): Promise<CreateReviewResponse> {
      const row = await insertReview(db, {
        userId: caller.id,
        name: input.name,
        email: caller.email,
        review: input.review,
        rating: input.rattings,
      });
      await catalog.invalidate();
      return { acknowledged: true, insertedId: row.id };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

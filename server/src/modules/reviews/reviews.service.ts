import type { CreateReview, CreateReviewResponse, Review } from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import type { Account } from '../identity/identity.service.ts';
import { insertReview, selectReviewsNewestFirst, type ReviewRow } from './reviews.repository.ts';

function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    review: row.review,
    rattings: row.rating,
  };
}

export type ReviewsServiceOptions = {
  db: Database;
  /** Told after every committed review, so the home page's GET /review shows it at once. */
  catalog: CatalogChanged;
};

export function createReviewsService(options: ReviewsServiceOptions) {
  const { db, catalog } = options;
  return {
    /** Every review, newest first, as GET /review shows them (the catalog snapshot reads them here). */
    async list(): Promise<Review[]> {
      return (await selectReviewsNewestFirst(db)).map(toReviewDto);
    },

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

import {
  texts,
  type CreateReview,
  type CreateReviewResponse,
  type ManagedReview,
  type ManagedReviewsPage,
  type Review,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { forbidden, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account } from '../identity/identity.service.ts';
import {
  insertReview,
  selectAllReviewsNewestFirst,
  selectReviewsPage,
  selectShownReviewsNewestFirst,
  updateReviewHidden,
  type ReviewRow,
} from './reviews.repository.ts';

/** A review with whether its author has a paid order ('verified buyer'). */
type ReviewWithBuyer = ReviewRow & { verifiedBuyer: boolean };

/**
 * What the public sees: the name, never the e-mail (docs/architecture.md#departures-from-the-spec).
 */
function toReviewDto(row: ReviewWithBuyer): Review {
  return {
    _id: row.id,
    name: row.name,
    review: row.review,
    rattings: row.rating,
    verifiedBuyer: row.verifiedBuyer,
  };
}

/** What admins see: the public review, its author's e-mail, when it came and whether hidden. */
function toManagedReviewDto(row: ReviewWithBuyer): ManagedReview {
  return {
    ...toReviewDto(row),
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    hiddenAt: row.hiddenAt ? row.hiddenAt.toISOString() : null,
  };
}

export type ReviewsServiceOptions = {
  db: Database;
  /** Told after every committed change, so the home page's GET /review shows it at once. */
  catalog: CatalogChanged;
  /** Which reviewers have a paid order (the orders module's answer). */
  buyers: { withPaidOrders(userIds: readonly string[]): Promise<Set<string>> };
};

export function createReviewsService(options: ReviewsServiceOptions) {
  const { db, catalog, buyers } = options;

  /** The rows with their 'verified buyer', asked of the orders module in one query. */
  async function withBuyers(rows: ReviewRow[]): Promise<ReviewWithBuyer[]> {
    const authors = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
    const bought = await buyers.withPaidOrders(authors);
    return rows.map((row) => ({
      ...row,
      verifiedBuyer: row.userId !== null && bought.has(row.userId),
    }));
  }

  return {
    /**
     * The reviews GET /review shows (none hidden), newest first, each marked 'verified buyer'
     * when its author has a paid order (the catalog snapshot reads them here when it builds).
     */
    async list(): Promise<Review[]> {
      return (await withBuyers(await selectShownReviewsNewestFirst(db))).map(toReviewDto);
    },

    /** GET /manageReviews (admin): every review, hidden ones too, with the author's e-mail. */
    async listForAdmins(): Promise<ManagedReview[]> {
      return (await withBuyers(await selectAllReviewsNewestFirst(db))).map(toManagedReviewDto);
    },

    /**
     * GET /manageReviews/page (admin, issue 43): the reviews a page at a time, newest first as
     * GET /manageReviews, read from the page before's `next`.
     */
    async pageForAdmins(query: {
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManagedReviewsPage> {
      const found = await selectReviewsPage(db, {
        limit: query.pageSize,
        after: keysetCursorAfter(query.after),
      });
      return {
        reviews: (await withBuyers(found.rows)).map(toManagedReviewDto),
        total: found.total,
        capped: found.capped,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * POST /review: the text and stars the customer typed, under the account's name and e-mail
     * whatever the body says (docs/architecture.md#departures-from-the-spec), so nobody reviews as
     * someone else. An account whose e-mail is not verified is refused (403) in words that say what
     * to do.
     */
    async postReview(caller: Account, input: CreateReview): Promise<CreateReviewResponse> {
      if (!caller.emailVerified) throw forbidden(texts.reviews.verifyEmailFirst);
      const row = await insertReview(db, {
        userId: caller.id,
        name: caller.name,
        email: caller.email,
        review: input.review,
        rating: input.rattings,
      });
      await catalog.invalidate();
      return { acknowledged: true, insertedId: row.id };
    },

    /**
     * PUT /manageReviews/{id}/hidden (admin): hides the review or shows it again; it leaves (or
     * comes back to) GET /review and the home page once this answers.
     */
    async setHidden(id: string, hidden: boolean): Promise<ManagedReview> {
      // A malformed id is no review's: not found, never a database error.
      const reviewId = parseId(id);
      const row = reviewId ? await updateReviewHidden(db, reviewId, hidden) : undefined;
      if (!row) throw notFound(texts.reviewsAdmin.reviewNotFound);
      await catalog.invalidate();
      const [withBuyer] = await withBuyers([row]);
      if (!withBuyer) throw new Error('a review went missing while it was read');
      return toManagedReviewDto(withBuyer);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

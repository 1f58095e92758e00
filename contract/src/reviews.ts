import { z } from 'zod';
import { IdSchema, textSchema, wholeNumberSchema } from './common.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { REVIEWS_MAX_PAGE_SIZE, REVIEWS_PAGE_SIZE } from './reviews-page.ts';
import { MAX_STARS } from './stars.ts';
import { texts } from './texts.ts';

/**
 * A review as the public sees it (GET /review, the home page): the reviewer's name only, never
 * an e-mail (docs/architecture.md#departures-from-the-spec: the spec's Review has one; it stays for
 * admins).
 */
export const ReviewSchema = z.object({
  _id: IdSchema,
  /** The reviewer's account name (the name it had when the review was posted). */
  name: z.string(),
  review: z.string(),
  rattings: z.number().int().min(1).max(MAX_STARS),
  /** The reviewer has a paid (or shipped) order: the page says 'verified buyer'. */
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/** GET /review/page: the reviews of GET /review (newest first) a page at a time, from 1. */
export const ReviewsPageQuerySchema = z.object({
  page: wholeNumberSchema('page', { min: 1, max: 1_000_000 }).optional().default(1),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: REVIEWS_MAX_PAGE_SIZE })
    .optional()
    .default(REVIEWS_PAGE_SIZE),
});
export type ReviewsPageQuery = z.input<typeof ReviewsPageQuerySchema>;

/** GET /review/page's answer: one page of reviews, how many there are, and how many pages. */
export const ReviewsPageSchema = z.object({
  reviews: ReviewListSchema,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  /** At least 1 (an empty shop has one empty page). */
  pages: z.number().int().positive(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

/**
 * POST /review: the text and the stars. The name and the e-mail are always the account's (the
 * server ignores any in the body, whatever they hold), so nobody reviews in another's name.
 */
export const CreateReviewSchema = z.object({
  name: z
    .unknown()
    .optional()
    .meta({ description: "Ignored: the review carries the account's name." }),
  email: z.unknown().optional().meta({ description: "Ignored: the review is the account's." }),
  review: textSchema('review', { max: 2000 }),
  rattings: wholeNumberSchema('rating', { min: 1, max: MAX_STARS }).default(MAX_STARS),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

/** GET /manageReviews (admin): every review, hidden ones too, with its author's e-mail. */
export const ManagedReviewSchema = ReviewSchema.extend({
  email: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601 when an admin hid it (it is then out of GET /review and the home page), else null. */
  hiddenAt: z.string().nullable(),
});
export type ManagedReview = z.infer<typeof ManagedReviewSchema>;
export const ManagedReviewListSchema = z.array(ManagedReviewSchema);

/** How many reviews a page of Reviews shows (GET /manageReviews/page's default), and at most. */
export const MANAGED_REVIEWS_PAGE_SIZE = 50;
export const MANAGED_REVIEWS_MAX_PAGE_SIZE = 200;

/**
 * How many reviews GET /manageReviews/page counts at most (issue 43): beyond, the count stops
 * there and says so (`capped`), as Manage Orders' does.
 */
export const MANAGED_REVIEWS_COUNT_CAP = 10_000;

/**
 * GET /manageReviews/page (admin, issue 43): the reviews a page at a time, newest first as
 * GET /manageReviews; `after` is the `next` of the page before.
 */
export const ManagedReviewsPageQuerySchema = z.object({
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MANAGED_REVIEWS_MAX_PAGE_SIZE })
    .optional()
    .default(MANAGED_REVIEWS_PAGE_SIZE),
  after: keysetCursorSchema(texts.reviewsAdmin.badPageCursor).optional(),
});
export type ManagedReviewsPageQuery = z.input<typeof ManagedReviewsPageQuerySchema>;

/** GET /manageReviews/page's answer: one page, how many reviews there are, the next `after`. */
export const ManagedReviewsPageSchema = z.object({
  reviews: ManagedReviewListSchema,
  /** How many reviews there are, hidden ones too: MANAGED_REVIEWS_COUNT_CAP at most. */
  total: z.number().int().nonnegative(),
  /** True when there are more reviews than MANAGED_REVIEWS_COUNT_CAP. */
  capped: z.boolean(),
  next: z.string().nullable(),
});
export type ManagedReviewsPage = z.infer<typeof ManagedReviewsPageSchema>;

/** PUT /manageReviews/{id}/hidden (admin): hide a review (true) or show it again (false). */
export const ReviewVisibilitySchema = z.object({
  hidden: z.boolean({ error: texts.reviewsAdmin.hiddenRequired }),
});
export type ReviewVisibility = z.infer<typeof ReviewVisibilitySchema>;

/** POST /review answers what the original's insert answered. */
export const CreateReviewResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
});
export type CreateReviewResponse = z.infer<typeof CreateReviewResponseSchema>;

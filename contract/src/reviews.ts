import { z } from 'zod';
import { IdSchema, textSchema, wholeNumberSchema } from './common.ts';
import { MAX_STARS } from './stars.ts';
import { MAX_EMAIL_LENGTH } from './users.ts';

export const ReviewSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  review: z.string(),
  rattings: z.number().int().min(1).max(MAX_STARS),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/**
 * POST /review: the reviewer's name as typed, the text and the stars. The e-mail is always the
 * account's (the server ignores one in the body), so nobody reviews in another customer's name.
 */
export const CreateReviewSchema = z.object({
  name: textSchema('name', { max: 120 }),
  email: textSchema('email', { max: MAX_EMAIL_LENGTH, required: false }).optional(),
  review: textSchema('review', { max: 2000 }),
  rattings: wholeNumberSchema('rating', { min: 1, max: MAX_STARS }).default(MAX_STARS),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

/** POST /review answers what the original's insert answered. */
export const CreateReviewResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
});
export type CreateReviewResponse = z.infer<typeof CreateReviewResponseSchema>;

import { z } from 'zod';
import { IdSchema } from './common.ts';

export const MAX_STARS = 5;

export const ReviewSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  review: z.string(),
  rattings: z.number().int().min(1).max(MAX_STARS),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/** POST /review: name and e-mail come from the account on the server; the body may repeat them. */
export const CreateReviewSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  email: z.string().optional(),
  review: z.string().trim().min(1, 'review is required').max(2000),
  rattings: z.coerce.number().int().min(1).max(MAX_STARS).default(MAX_STARS),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CreateReviewResponseSchema,
  CreateReviewSchema,
  ErrorBodySchema,
  ReviewListSchema,
  texts,
} from '@tools-factory/contract';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import { sendPrepared } from '../../plugins/preserialized.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Reviews one account may post a minute: enough for a customer, too few to flood the home page. */
export const REVIEWS_PER_MINUTE = 5;

/** The home page's customer reviews, and posting one (Add Review). */
export async function reviewsRoutes(
  app: FastifyInstance,
  options: {
    reviews: ReviewsService;
    catalog: CatalogReader;
    guards: AuthGuards;
    /** Reviews one account may post a minute, counted per account (default REVIEWS_PER_MINUTE). */
    reviewsPerMinute?: number;
  },
): Promise<void> {
  const { reviews, catalog, guards, reviewsPerMinute = REVIEWS_PER_MINUTE } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // After the bearer guard, so the count is the account's, whatever addresses it comes from.
  const limitReviewsPerAccount = app.rateLimit({
    max: reviewsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `review:${callerOf(request).id}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: texts.reviews.tooManyReviews,
    }),
  });

  api.get(
    apiPaths.reviews,
    {
      schema: {
        operationId: 'listReviews',
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        security: [],
        response: { 200: ReviewListSchema },
      },
      compress: false,
    },
    (request, reply) => {
      sendPrepared(request, reply, catalog.current().reviews);
    },
  );

  api.post(
    apiPaths.reviews,
    {
      preHandler: [guards.requireUser, limitReviewsPerAccount],
      schema: {
        operationId: 'postReview',
        summary: 'Post a review',
        description: `A signed-in user. The name, text and stars (\`rattings\`, a whole number from 1 to 5, 5 when left out) come from the body; the e-mail is always the account's, whatever the body says. The review shows in GET /review at once. An account posts at most ${reviewsPerMinute} reviews a minute (429). Answers 200, as the original did.`,
        tags: ['reviews'],
        security: [{ bearer: [] }],
        body: CreateReviewSchema,
        response: {
          200: CreateReviewResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => reviews.postReview(callerOf(request), request.body),
  );
}

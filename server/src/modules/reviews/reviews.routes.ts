import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CreateReviewResponseSchema,
  CreateReviewSchema,
  IdParamsSchema,
  MANAGED_REVIEWS_COUNT_CAP,
  MANAGED_REVIEWS_MAX_PAGE_SIZE,
  MANAGED_REVIEWS_PAGE_SIZE,
  ManagedReviewListSchema,
  ManagedReviewSchema,
  ManagedReviewsPageQuerySchema,
  ManagedReviewsPageSchema,
  ReviewListSchema,
  REVIEWS_MAX_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  ReviewsPageQuerySchema,
  ReviewsPageSchema,
  reviewsPageOf,
  ReviewVisibilitySchema,
  type Review,
  texts,
} from '@tools-factory/contract';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import { listOfBody, sendPrepared } from '../../plugins/preserialized.ts';
import type { ReviewsService } from './reviews.service.ts';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** Reviews one account may post a minute: enough for a customer, too few to flood the home page. */
export const REVIEWS_PER_MINUTE = 5;

/** The home page's customer reviews, posting one (Add Review), and the admins' Reviews page. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  catalog: CatalogReader;
  guards: AuthGuards;
  /** Reviews one account may post a minute, counted per account (default REVIEWS_PER_MINUTE). */
  reviewsPerMinute?: number;
}> = async (app, options) => {
  const { reviews, catalog, guards, reviewsPerMinute = REVIEWS_PER_MINUTE } = options;
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

  app.get(
    apiPaths.reviews,
    {
      onRequest: publicRoute('GET /api/review'),
      schema: {
        operationId: 'listReviews',
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        description:
          "Every review no admin has hid, newest first: the reviewer's account name, never an e-mail (docs/architecture.md#departures-from-the-spec), and `verifiedBuyer` when the reviewer has a paid order.",
        response: { 200: ReviewListSchema },
      },
      compress: false,
      // The same public data for everyone: keeps its caching (no-cache and an ETag).
      config: { publicCache: true },
    },
    (request, reply) => {
      sendPrepared(request, reply, catalog.current().reviews);
    },
  );

  app.get(
    apiPaths.reviewsPage,
    {
      onRequest: publicRoute('GET /api/review/page'),
      schema: {
        operationId: 'listReviewsPage',
        tags: ['reviews'],
        summary: 'Customer reviews, a page at a time',
        description: `GET /review's reviews, newest first, a page at a time (issue 43): \`page\` from 1, \`pageSize\` ${REVIEWS_PAGE_SIZE} unless asked (at most ${REVIEWS_MAX_PAGE_SIZE}). The answer says how many reviews there are and how many pages; a page past the last is empty. The home page shows the first and asks for the next on Show more reviews.`,
        querystring: ReviewsPageQuerySchema,
        response: { 200: ReviewsPageSchema },
      },
    },
    (request) => {
      const { page, pageSize } = request.query;
      return reviewsPageOf(listOfBody<Review>(catalog.current().reviews), page, pageSize);
    },
  );

  app.post(
    apiPaths.reviews,
    {
      onRequest: guardOf(guards, 'POST /api/review'),
      preHandler: limitReviewsPerAccount,
      schema: {
        operationId: 'postReview',
        summary: 'Post a review',
        description: `A signed-in user whose e-mail is verified (403 otherwise, in words saying so). The text and stars (\`rattings\`, a whole number from 1 to 5, 5 when left out) come from the body; the name and the e-mail are always the account's, whatever the body says. The review shows in GET /review at once. An account posts at most ${reviewsPerMinute} reviews a minute (429). Answers 200, as the original did.`,
        tags: ['reviews'],
        body: CreateReviewSchema,
        response: { 200: CreateReviewResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => reviews.postReview(callerOf(request), request.body),
  );

  app.get(
    apiPaths.manageReviews,
    {
      onRequest: guardOf(guards, 'GET /api/manageReviews'),
      schema: {
        operationId: 'listAllReviews',
        summary: 'Every review, hidden ones too (Reviews)',
        description:
          "Admins only. Newest first, each with its author's e-mail, when it was posted and when it was hidden (null while shown).",
        tags: ['reviews'],
        response: { 200: ManagedReviewListSchema },
      },
    },
    async () => reviews.listForAdmins(),
  );

  app.get(
    apiPaths.manageReviewsPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageReviews/page'),
      schema: {
        operationId: 'pageAllReviews',
        summary: 'Every review, hidden ones too, a page at a time (Reviews)',
        description: `Admins only (issue 43). GET /manageReviews a page at a time, newest first, each review as that call shows it. \`pageSize\` 1 to ${MANAGED_REVIEWS_MAX_PAGE_SIZE} (default ${MANAGED_REVIEWS_PAGE_SIZE}); \`total\` counts every review, up to ${MANAGED_REVIEWS_COUNT_CAP.toLocaleString('en-US')} (beyond, \`capped\` is true and \`total\` is that cap). \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset on the time and id, not counted from the first); an \`after\` that no page answered is refused (400). GET /manageReviews stays whole.`,
        tags: ['reviews'],
        querystring: ManagedReviewsPageQuerySchema,
        response: { 200: ManagedReviewsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => reviews.pageForAdmins(request.query),
  );

  app.put(
    apiPaths.reviewHidden.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/manageReviews/:id/hidden'),
      schema: {
        operationId: 'setReviewHidden',
        summary: 'Hide a review, or show it again',
        description:
          'Admins only. `hidden: true` takes the review out of GET /review and the home page at once; `hidden: false` puts it back. Answers the review as GET /manageReviews lists it; 404 for an unknown review.',
        tags: ['reviews'],
        params: IdParamsSchema,
        body: ReviewVisibilitySchema,
        response: { 200: ManagedReviewSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => reviews.setHidden(request.params.id, request.body.hidden),
  );
};

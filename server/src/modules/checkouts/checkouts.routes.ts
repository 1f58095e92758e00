import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  CheckoutInputSchema,
  CheckoutListSchema,
  CheckoutRefusalSchema,
  CheckoutResponseSchema,
  CheckoutSchema,
  IDEMPOTENCY_KEY_HEADER,
  MY_CHECKOUTS_MAX_PAGE_SIZE,
  MY_CHECKOUTS_PAGE_SIZE,
  MyCheckoutsPageQuerySchema,
  MyCheckoutsPageSchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { badRequest } from '../../http-errors.ts';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { CheckoutsService } from './checkouts.service.ts';

/**
 * Checkouts (docs/architecture.md#business-buyers, issue 26): the cart placed as one purchase, and the caller's
 * checkouts with their lines (My Orders groups by them, the payment page pays one).
 */
export const checkoutsRoutes: FastifyPluginAsyncZod<{
  checkouts: CheckoutsService;
  guards: AuthGuards;
  /** Checkouts one account may place a minute (ORDER_RATE_LIMIT, as for orders). */
  checkoutsPerMinute: number;
}> = async (app, options) => {
  const { checkouts, guards, checkoutsPerMinute } = options;
  const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    return typeof key === 'string' ? key : undefined;
  };
  const limitCheckoutsPerAccount = refuseWhenUncounted(
    app.rateLimit({
      max: checkoutsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `checkout:${callerOf(request).id}`,
      allowList: async (request: FastifyRequest) => {
        const key = idempotencyKeyOf(request);
        return key !== undefined && checkouts.isRetryOfPlacedCheckout(callerOf(request), key);
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: texts.orders.tooManyOrdersAtOnce,
      }),
    }),
  );

  app.post(
    apiPaths.checkout,
    {
      onRequest: guardOf(guards, 'POST /api/checkout'),
      preHandler: limitCheckoutsPerAccount,
      schema: {
        operationId: 'checkOut',
        summary: "Check out the caller's cart: one order per line, all reserved or none",
        description:
          "Places every line of the caller's cart as one of the spec's orders, in ONE transaction: every line's stock is reserved or none is (409 naming each failing line and why; the cart is kept). Tools are locked in the order of their ids, so checkouts sharing tools never deadlock. Prices are today's (the price break each quantity reaches); lines whose price moved since they were added are listed in `priceChanges`, and an `expectedTotal` that is not today's total gets 409. The `Idempotency-Key` header is required: the same key again answers with the checkout it placed (200), with other details 422. MAX_UNPAID_ORDERS counts unpaid checkouts; the account's hold limit (403: UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT until its e-mail is verified, or its own) and the payable limit apply to the checkout's total; a line that would leave the account holding more than UNPAID_TOOL_SHARE percent of its tool's stock is refused like a line out of stock (409, naming it). The cart empties on success (201). One e-mail for the whole checkout goes to the buyer. Issue 45: `payment: 'account'` places it on the buyer's company's account: its lines are `invoiced` (not held, never expiring) and its invoice is issued at once, due within the company's payment terms (GET /checkouts/{id}/invoice.pdf). Refused, nothing reserved, when the company has no payment terms or the buyer none (409), without the PO number the company requires (400), when the company's open invoices and this checkout pass its credit limit (409 naming the credit left), when one of its invoices is past due (409), or when the shipping is to be quoted (409). Past a buyer's monthly limit it awaits approval first, and is invoiced when approved.",
        tags: ['checkouts'],
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional().describe(
            'Required: a value the client makes once per checkout it means to place (a UUID).',
          ),
        }),
        body: CheckoutInputSchema,
        response: {
          200: CheckoutResponseSchema.describe('A retry: the checkout this key placed.'),
          201: CheckoutResponseSchema,
          409: CheckoutRefusalSchema.describe(
            'Nothing placed: the lines that cannot be ordered and why (`lines`), the total changed, or too many unpaid checkouts (then `lines` is absent).',
          ),
          ...errorResponses(400, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest(serverTexts.orderErrors.idempotencyKeyRequired);
      const { response, replayed } = await checkouts.placeCheckout(
        callerOf(request),
        request.body,
        key,
      );
      return reply.code(replayed ? 200 : 201).send(response);
    },
  );

  // Untyped: the answer is a stream, which the zod type provider cannot type (the schema still
  // describes it in the OpenAPI document).
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    apiPaths.checkouts,
    {
      onRequest: guardOf(guards, 'GET /api/checkouts'),
      schema: {
        operationId: 'listMyCheckouts',
        summary: "The caller's checkouts with their lines, newest first",
        description:
          'Every order of the caller grouped by the checkout that placed it (an order placed by POST /order is a one-line checkout), with its reference, PO number, total and status. Written as it is read, a page of lines at a time, in bounded memory: a long history takes as long as it is long, and GET /checkouts/page reads it a page at a time.',
        tags: ['checkouts'],
        response: { 200: CheckoutListSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(checkouts.streamOwnCheckouts(callerOf(request))),
  );

  app.get(
    apiPaths.checkoutsPage,
    {
      onRequest: guardOf(guards, 'GET /api/checkouts/page'),
      schema: {
        operationId: 'pageMyCheckouts',
        summary: "The caller's checkouts with their lines, a page at a time (My Orders)",
        description: `Issue 43: GET /checkouts a page at a time, newest first, for a history too long to read at once. \`pageSize\` 1 to ${MY_CHECKOUTS_MAX_PAGE_SIZE} checkouts (default ${MY_CHECKOUTS_PAGE_SIZE}); \`total\` counts the caller's checkouts; \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset, not counted from the first). An \`after\` that no page answered is refused (400). Only the caller's own checkouts; an admin's are those placed before the account was made admin. GET /checkouts stays whole.`,
        tags: ['checkouts'],
        querystring: MyCheckoutsPageQuerySchema,
        response: { 200: MyCheckoutsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => checkouts.pageOwnCheckouts(callerOf(request), request.query),
  );

  app.get(
    apiPaths.checkoutById.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/checkouts/:id'),
      schema: {
        operationId: 'getMyCheckout',
        summary: 'One of your checkouts with its lines (its payment page)',
        description: "The caller's own checkout; someone else's (or an unknown id) answers 404.",
        tags: ['checkouts'],
        params: IdParamsSchema,
        response: { 200: CheckoutSchema, ...errorResponses(404) },
      },
    },
    async (request) => checkouts.findOwnCheckout(callerOf(request), request.params.id),
  );
};

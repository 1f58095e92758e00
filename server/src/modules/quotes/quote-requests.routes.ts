import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptQuoteRequestResponseSchema,
  AcceptQuoteRequestSchema,
  apiPaths,
  CheckoutRefusalSchema,
  IdParamsSchema,
  ManagedQuoteRequestListSchema,
  ManagedQuoteRequestSchema,
  ManagedQuoteRequestsPageSchema,
  ManagedQuotesPageQuerySchema,
  MAX_CART_LINES,
  MyQuoteRequestsPageSchema,
  MyQuotesPageQuerySchema,
  OfferQuoteRequestSchema,
  PO_NUMBER_MAX_LENGTH,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTES_MAX_PAGE_SIZE,
  QUOTES_PAGE_SIZE,
  QuoteRequestListSchema,
  QuoteRequestSchema,
  RefuseQuoteSchema,
  RequestQuoteFromCartSchema,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { QuoteRequestsService } from './quote-requests.service.ts';

/** What an admin's offer or refusal answers: the request as Quotes shows it, or why not. */
const adminAnswers = {
  200: ManagedQuoteRequestSchema,
  ...errorResponses(400, 404, 409),
};

/**
 * Quote requests of several lines (docs/architecture.md#business-buyers, issue 42): a customer
 * asks a price for every line of the cart, lists their own requests, accepts (one checkout) or
 * declines an offer; the admins' Quotes page lists every request, offers a price per line or
 * declines the request. A line's own quote calls answer 409: a request is answered whole.
 */
export const quoteRequestsRoutes: FastifyPluginAsyncZod<{
  requests: QuoteRequestsService;
  guards: AuthGuards;
  /** The quote requests' own rate limit (ORDER_RATE_LIMIT a minute, per account, shared). */
  limitRequestsPerAccount: preHandlerHookHandler;
}> = async (app, options) => {
  const { requests, guards, limitRequestsPerAccount } = options;

  app.post(
    apiPaths.quoteRequests,
    {
      onRequest: guardOf(guards, 'POST /api/quoteRequests'),
      preHandler: limitRequestsPerAccount,
      schema: {
        operationId: 'requestQuoteFromCart',
        summary: 'Request a quote for every line of your cart',
        description: `For the caller's account; the cart is left as it is. One request holding every cart line (its tool and quantity, in the cart's order, at most ${MAX_CART_LINES}), needed by a date today or later in UTC (400), with an optional note (at most ${QUOTE_NOTE_MAX_LENGTH} characters). Each line is held to the rules of POST /quotes: its tool on sale, its quantity above the tool's minimum order quantity and payable at a cent a unit; any line refused refuses the request (409 with \`lines\`, each naming the tool's SKU and why), nothing created. An empty cart is 400. The request counts once against MAX_OPEN_QUOTES (409) and against the ORDER_RATE_LIMIT a minute of quote requests (429).`,
        tags: ['quotes'],
        body: RequestQuoteFromCartSchema,
        response: {
          200: QuoteRequestSchema,
          ...errorResponses(400, 429),
          409: CheckoutRefusalSchema,
        },
      },
    },
    async (request) => requests.requestFromCart(callerOf(request), request.body),
  );

  app.get(
    apiPaths.quoteRequests,
    {
      onRequest: guardOf(guards, 'GET /api/quoteRequests'),
      schema: {
        operationId: 'listMyQuoteRequests',
        summary: "The caller's quote requests of several lines, newest first",
        description:
          "Each with its lines in the cart's order, each line's offered unit price and total, the offer's total, last valid day and note. An offer whose last valid day has passed reads 'expired'; an accepted request names the checkout it placed while one of its orders exists. Quotes of one tool are listed by GET /quotes.",
        tags: ['quotes'],
        response: { 200: QuoteRequestListSchema },
      },
    },
    async (request) => requests.listOwnRequests(callerOf(request)),
  );

  app.get(
    apiPaths.quoteRequestsPage,
    {
      onRequest: guardOf(guards, 'GET /api/quoteRequests/page'),
      schema: {
        operationId: 'pageMyQuoteRequests',
        summary: "The caller's quote requests of several lines, a page at a time (My Quotes)",
        description: `Issue 43: GET /quoteRequests a page at a time, newest first, the same requests with the same fields and every line of each. \`pageSize\` 1 to ${QUOTES_MAX_PAGE_SIZE} requests (default ${QUOTES_PAGE_SIZE}); \`total\` counts the caller's requests; \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset on the time requested and the request's id). An \`after\` of the wrong shape is refused (400). Only the caller's own requests; GET /quoteRequests stays whole.`,
        tags: ['quotes'],
        querystring: MyQuotesPageQuerySchema,
        response: { 200: MyQuoteRequestsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => requests.pageOwnRequests(callerOf(request), request.query),
  );

  app.post(
    apiPaths.acceptQuoteRequest.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/quoteRequests/:id/accept'),
      schema: {
        operationId: 'acceptQuoteRequest',
        summary: 'Accept the offer of one of your quote requests',
        description: `The request's customer only (anyone else, an admin included, 404). \`lines\` are the unit prices the customer saw, each line's by its \`_id\`: 409 when they are not the request's lines, when the offer has changed since, when there is no offer, when it has expired, or when the request is accepted or declined already. \`address\` (required), \`phone\` and \`poNumber\` (at most ${PO_NUMBER_MAX_LENGTH} characters) as POST /quotes/{id}/accept takes them. Places ONE unpaid checkout with an order per line at its offered unit price, in one transaction, under the rules of POST /checkout: MAX_UNPAID_ORDERS (409) and the account's hold limit on the whole total (403), nothing placed when refused. Each line's stock is reserved when its tool is still on sale, at least its quantity is available and the account stays within its share of the tool's stock (UNPAID_TOOL_SHARE); otherwise that line's order is made to order. E-mails go to the customer (with the checkout's pay link) and to each ADMIN_EMAILS address.`,
        tags: ['quotes'],
        params: IdParamsSchema,
        body: AcceptQuoteRequestSchema,
        response: {
          200: AcceptQuoteRequestResponseSchema,
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request) => requests.acceptRequest(callerOf(request), request.params.id, request.body),
  );

  app.post(
    apiPaths.declineQuoteRequest.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/quoteRequests/:id/decline'),
      schema: {
        operationId: 'declineQuoteRequest',
        summary: 'Decline the offer of one of your quote requests',
        description:
          "The request's customer only (anyone else 404). Only a request with an offer, expired or not (409 otherwise); every line is declined.",
        tags: ['quotes'],
        params: IdParamsSchema,
        response: { 200: QuoteRequestSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => requests.declineRequest(callerOf(request), request.params.id),
  );

  app.get(
    apiPaths.manageQuoteRequests,
    {
      onRequest: guardOf(guards, 'GET /api/manageQuoteRequests'),
      schema: {
        operationId: 'listAllQuoteRequests',
        summary: 'Every quote request of several lines (Quotes)',
        description:
          "Admins only. Requested ones first, then offered ones, then the rest, newest first within each; each line with the catalog's unit price for its quantity and the stock now (null once the tool left the catalog).",
        tags: ['quotes'],
        response: { 200: ManagedQuoteRequestListSchema },
      },
    },
    async () => requests.listAllRequests(),
  );

  app.get(
    apiPaths.manageQuoteRequestsPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageQuoteRequests/page'),
      schema: {
        operationId: 'pageAllQuoteRequests',
        summary: 'Every quote request of several lines, a page at a time (Quotes)',
        description: `Admins only. Issue 43: GET /manageQuoteRequests a page at a time, in its order (requested ones first, then offered ones, then the rest, newest first within each) and with its fields. \`pageSize\` 1 to ${QUOTES_MAX_PAGE_SIZE} requests (default ${QUOTES_PAGE_SIZE}); \`total\` counts every request; \`next\` (null on the last page) is the \`after\` of the next page, \`<group>~<time>_<id>\`: the group the page ended in and its last request. An \`after\` of another shape is refused (400). Only the page's tools are read from the catalog. GET /manageQuoteRequests stays whole.`,
        tags: ['quotes'],
        querystring: ManagedQuotesPageQuerySchema,
        response: { 200: ManagedQuoteRequestsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => requests.pageAllRequests(request.query),
  );

  app.post(
    apiPaths.offerQuoteRequest.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageQuoteRequests/:id/offer'),
      schema: {
        operationId: 'offerQuoteRequest',
        summary: 'Offer a price for each line of a quote request',
        description: `Admins only. \`lines\`: a unit price for every line of the request, each by its \`_id\`, once (409 when they are not the request's lines); one last valid day (today or later, UTC; 400 otherwise) and an optional \`note\` (at most ${QUOTE_NOTE_MAX_LENGTH} characters) for the whole request. On a requested, offered or expired request: a new offer replaces the previous one whole. An offer whose total would be $1,000,000 or more, which no payment could take, is refused (400). 409 on an accepted or declined request; 404 on an unknown one. The customer is e-mailed the offer.`,
        tags: ['quotes'],
        params: IdParamsSchema,
        body: OfferQuoteRequestSchema,
        response: adminAnswers,
      },
    },
    async (request) => requests.offerRequest(request.params.id, request.body),
  );

  app.post(
    apiPaths.refuseQuoteRequest.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageQuoteRequests/:id/decline'),
      schema: {
        operationId: 'refuseQuoteRequest',
        summary: 'Decline a quote request of several lines',
        description:
          'Admins only, with the reason the customer reads; every line is declined. On a requested, offered or expired request; 409 on an accepted or declined one; 404 on an unknown one.',
        tags: ['quotes'],
        params: IdParamsSchema,
        body: RefuseQuoteSchema,
        response: adminAnswers,
      },
    },
    async (request) => requests.refuseRequest(request.params.id, request.body),
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptQuoteResponseSchema,
  AcceptQuoteSchema,
  apiPaths,
  IdParamsSchema,
  ManagedQuoteListSchema,
  ManagedQuoteSchema,
  ManagedQuotesPageQuerySchema,
  ManagedQuotesPageSchema,
  MyQuotesPageQuerySchema,
  MyQuotesPageSchema,
  OfferQuoteSchema,
  PO_NUMBER_MAX_LENGTH,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTES_MAX_PAGE_SIZE,
  QUOTES_PAGE_SIZE,
  QuoteListSchema,
  QuoteSchema,
  RefuseQuoteSchema,
  RequestQuoteSchema,
  texts,
} from '@tools-factory/contract';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { QuotesService } from './quotes.service.ts';
import type { QuoteRequestsService } from './quote-requests.service.ts';
import { quoteRequestsRoutes } from './quote-requests.routes.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** What an admin's offer or refusal answers: the quote as Quotes shows it, or why not. */
const adminAnswers = {
  200: ManagedQuoteSchema,
  ...errorResponses(400, 404, 409),
};

/**
 * Quotes (docs/architecture.md#business-buyers): a customer requests one, lists their own, accepts or declines
 * an offer; the admins' Quotes page lists every quote, offers a price or declines a request.
 */
export const quotesRoutes: FastifyPluginAsyncZod<{
  quotes: QuotesService;
  /** Requests of several lines (quote-requests.routes.ts), under the same rate limit. */
  requests: QuoteRequestsService;
  guards: AuthGuards;
  /** Quote requests one account may send a minute (ORDER_RATE_LIMIT), counted per account. */
  requestsPerMinute: number;
}> = async (app, options) => {
  const { quotes, requests, guards, requestsPerMinute } = options;
  // As POST /order: after the bearer guard, so the count is the account's.
  const limitRequestsPerAccount = refuseWhenUncounted(
    app.rateLimit({
      max: requestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `quote:${callerOf(request).id}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: texts.quotes.tooManyRequestsAtOnce,
      }),
    }),
  );
  // One count a minute for both kinds of request: the same limiter instance serves them.
  await app.register(quoteRequestsRoutes, { requests, guards, limitRequestsPerAccount });

  app.post(
    apiPaths.quotes,
    {
      onRequest: guardOf(guards, 'POST /api/quotes'),
      preHandler: limitRequestsPerAccount,
      schema: {
        operationId: 'requestQuote',
        summary: 'Request a quote',
        description:
          "For the caller's account (its e-mail is taken from the account). The tool must be on sale (404); the quantity above the tool's minimum order quantity, with no upper limit but the integer range (400); the needed-by date today or later in UTC (400); a quantity that even at a cent a unit would come to $1,000,000 or more, which no payment could take, is refused (400). An account waits on at most MAX_OPEN_QUOTES open quotes (409) and sends at most ORDER_RATE_LIMIT requests a minute (429).",
        tags: ['quotes'],
        body: RequestQuoteSchema,
        response: { 200: QuoteSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => quotes.requestQuote(callerOf(request), request.body),
  );

  app.get(
    apiPaths.quotes,
    {
      onRequest: guardOf(guards, 'GET /api/quotes'),
      schema: {
        operationId: 'listMyQuotes',
        summary: "The caller's quotes, newest first",
        description:
          "An offer whose last valid day has passed reads 'expired'; an accepted quote names the order it placed while that order exists.",
        tags: ['quotes'],
        response: { 200: QuoteListSchema },
      },
    },
    async (request) => quotes.listOwnQuotes(callerOf(request)),
  );

  app.get(
    apiPaths.quotesPage,
    {
      onRequest: guardOf(guards, 'GET /api/quotes/page'),
      schema: {
        operationId: 'pageMyQuotes',
        summary: "The caller's quotes, a page at a time (My Quotes)",
        description: `Issue 43: GET /quotes a page at a time, newest first, the same quotes with the same fields. \`pageSize\` 1 to ${QUOTES_MAX_PAGE_SIZE} quotes (default ${QUOTES_PAGE_SIZE}); \`total\` counts the caller's quotes of one tool; \`next\` (null on the last page) is the \`after\` of the next page, which starts there however deep (keyset on the time requested and the id). An \`after\` of the wrong shape is refused (400). Only the caller's own quotes; GET /quotes stays whole.`,
        tags: ['quotes'],
        querystring: MyQuotesPageQuerySchema,
        response: { 200: MyQuotesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => quotes.pageOwnQuotes(callerOf(request), request.query),
  );

  app.post(
    apiPaths.acceptQuote.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/quotes/:id/accept'),
      schema: {
        operationId: 'acceptQuote',
        summary: 'Accept the offer of one of your quotes',
        description: `The quote's customer only (anyone else, an admin included, 404). \`price\` is the unit price the customer saw: 409 when the offer has changed since, when there is no offer, when it has expired, or when the quote is accepted or declined already. \`address\` (required, 400 when missing or blank, nothing changed) and \`phone\` (optional) are where the order goes, as POST /order takes them; \`poNumber\` (optional, at most ${PO_NUMBER_MAX_LENGTH} characters, 400 beyond) is the buyer's own reference, kept on the order's checkout as POST /checkout keeps it. Places an unpaid order at the offered unit price, under the rules of POST /order: MAX_UNPAID_ORDERS (409) and the account's hold limit (403: UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT until the e-mail is verified, or the account's own), the offer kept when refused. The stock is reserved when the tool is still on sale, at least the quantity is available and the account stays within its share of the tool's stock (UNPAID_TOOL_SHARE), otherwise the order is made to order. A quote is accepted once, whatever races. E-mails go to the customer (with the pay link) and to each ADMIN_EMAILS address.`,
        tags: ['quotes'],
        params: IdParamsSchema,
        body: AcceptQuoteSchema,
        response: { 200: AcceptQuoteResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => quotes.acceptQuote(callerOf(request), request.params.id, request.body),
  );

  app.post(
    apiPaths.declineQuote.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/quotes/:id/decline'),
      schema: {
        operationId: 'declineQuote',
        summary: 'Decline the offer of one of your quotes',
        description:
          "The quote's customer only (anyone else 404). Only a quote with an offer, expired or not (409 otherwise).",
        tags: ['quotes'],
        params: IdParamsSchema,
        response: { 200: QuoteSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => quotes.declineQuote(callerOf(request), request.params.id),
  );

  app.get(
    apiPaths.manageQuotes,
    {
      onRequest: guardOf(guards, 'GET /api/manageQuotes'),
      schema: {
        operationId: 'listAllQuotes',
        summary: 'Every quote (Quotes)',
        description:
          "Admins only. Requested quotes first, then offered ones, then the rest, newest first within each; with the catalog's unit price for the quote's quantity and the stock now (null once the tool left the catalog).",
        tags: ['quotes'],
        response: { 200: ManagedQuoteListSchema },
      },
    },
    async () => quotes.listAllQuotes(),
  );

  app.get(
    apiPaths.manageQuotesPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageQuotes/page'),
      schema: {
        operationId: 'pageAllQuotes',
        summary: 'Every quote, a page at a time (Quotes)',
        description: `Admins only. Issue 43: GET /manageQuotes a page at a time, in its order (requested quotes first, then offered ones, then the rest, newest first within each) and with its fields. \`pageSize\` 1 to ${QUOTES_MAX_PAGE_SIZE} quotes (default ${QUOTES_PAGE_SIZE}); \`total\` counts every quote of one tool; \`next\` (null on the last page) is the \`after\` of the next page, \`<group>~<time>_<id>\`: the group the page ended in and its last quote, from which the next page starts however deep. An \`after\` of another shape is refused (400). Only the page's tools are read from the catalog. GET /manageQuotes stays whole.`,
        tags: ['quotes'],
        querystring: ManagedQuotesPageQuerySchema,
        response: { 200: ManagedQuotesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => quotes.pageAllQuotes(request.query),
  );

  app.post(
    apiPaths.offerQuote.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageQuotes/:id/offer'),
      schema: {
        operationId: 'offerQuote',
        summary: 'Offer a price for a quote',
        description: `Admins only. A unit price valid through a date (today or later, UTC; 400 otherwise), with an optional \`note\` the customer reads with the price (lead time, terms; at most ${QUOTE_NOTE_MAX_LENGTH} characters, 400 beyond), on a requested, offered or expired quote: a new offer replaces the previous one, its note included. An offer whose total (unit price times the quantity) would be $1,000,000 or more, which no payment could take, is refused (400). 409 on an accepted or declined quote; 404 on an unknown one. The customer is e-mailed the offer, its note included.`,
        tags: ['quotes'],
        params: IdParamsSchema,
        body: OfferQuoteSchema,
        response: adminAnswers,
      },
    },
    async (request) => quotes.offerQuote(request.params.id, request.body),
  );

  app.post(
    apiPaths.refuseQuote.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageQuotes/:id/decline'),
      schema: {
        operationId: 'refuseQuote',
        summary: 'Decline a quote request',
        description:
          'Admins only, with the reason the customer reads. On a requested, offered or expired quote; 409 on an accepted or declined one; 404 on an unknown one.',
        tags: ['quotes'],
        params: IdParamsSchema,
        body: RefuseQuoteSchema,
        response: adminAnswers,
      },
    },
    async (request) => quotes.refuseQuote(request.params.id, request.body),
  );
};

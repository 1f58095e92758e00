import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  HoldLimitResponseSchema,
  ReleaseHoldsResponseSchema,
  SetHoldLimitSchema,
  STOCK_HOLDS_MAX_PAGE_SIZE,
  STOCK_HOLDS_PAGE_SIZE,
  StockHoldListSchema,
  StockHoldsPageQuerySchema,
  StockHoldsPageSchema,
  UserIdParamsSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { HoldsService } from './holds.service.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** The admins' Stock holds page: who holds stock with unpaid orders, and releasing a hold. */
export const holdsRoutes: FastifyPluginAsyncZod<{
  holds: HoldsService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { holds, guards } = options;

  app.get(
    apiPaths.manageHolds,
    {
      onRequest: guardOf(guards, 'GET /api/manageHolds'),
      schema: {
        operationId: 'listStockHolds',
        summary: 'Who holds stock with unpaid orders (Stock holds)',
        description:
          'Admins only. Every account holding unpaid orders: its name, e-mail and whether the e-mail is verified, its hold limit (`limit`, in dollars: what its unpaid orders may come to; `limitSource`: set for the account, or the default of a verified account, UNPAID_HOLD_LIMIT, or of an unverified one, UNVERIFIED_HOLD_LIMIT), and each unpaid order (oldest first) with its tool, units, unit price, value, when it was placed and when its hold ends (ORDER_HOLD_HOURS after placing, or up to an hour later once a payment is under way, never past ORDER_HOLD_HOURS + 1 h). Accounts by the value they hold, the largest first. Orders of removed accounts are not listed (Manage Orders has them).',
        tags: ['holds'],
        response: { 200: StockHoldListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return holds.listHolds();
    },
  );

  app.get(
    apiPaths.manageHoldsPage,
    {
      onRequest: guardOf(guards, 'GET /api/manageHolds/page'),
      schema: {
        operationId: 'pageStockHolds',
        summary: 'Who holds stock with unpaid orders, a page of accounts at a time (Stock holds)',
        description: `Admins only. Issue 43: GET /manageHolds a page at a time, each account with the same fields and all its unpaid orders. Accounts by the value they hold, the largest first, then by account id. \`pageSize\` 1 to ${STOCK_HOLDS_MAX_PAGE_SIZE} accounts (default ${STOCK_HOLDS_PAGE_SIZE}); \`total\` counts the accounts holding unpaid orders; \`next\` (null on the last page) is the \`after\` of the next page, \`<cents>_<userId>\`: the value the page's last account holds and its id, from which the next page starts (keyset). An \`after\` of another shape is refused (400). Only the live unpaid orders are read, off their own index. GET /manageHolds stays whole.`,
        tags: ['holds'],
        querystring: StockHoldsPageQuerySchema,
        response: { 200: StockHoldsPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return holds.pageHolds(request.query);
    },
  );

  app.post(
    apiPaths.releaseHolds.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageHolds/:userId/release'),
      schema: {
        operationId: 'releaseStockHolds',
        summary: "Release an account's holds",
        description:
          'Admins only. Removes every unpaid order of the account (`userId`, as GET /manageHolds lists it) in one transaction and puts their stock back on sale; paid orders are untouched, and an order being paid at that moment is kept once paid. Answers how many orders were removed and how many units went back. An unknown account answers 404.',
        tags: ['holds'],
        params: UserIdParamsSchema,
        response: { 200: ReleaseHoldsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => holds.release(callerOf(request), request.params.userId),
  );

  app.put(
    apiPaths.holdLimit.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/manageHolds/:userId/limit'),
      schema: {
        operationId: 'setHoldLimit',
        summary: "Set an account's hold limit",
        description:
          "Admins only. What the account's unpaid orders may come to (`limit`, in dollars, at most two decimals, below $1,000,000), whatever its kind; `null` gives it its default again (UNPAID_HOLD_LIMIT when its e-mail is verified, UNVERIFIED_HOLD_LIMIT until then). POST /order, POST /checkout and accepting a quote refuse (403) an order that would take its unpaid orders past it; orders held already are kept. Answers the account's limit as it is now. An unknown account answers 404.",
        tags: ['holds'],
        params: UserIdParamsSchema,
        body: SetHoldLimitSchema,
        response: { 200: HoldLimitResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const answer = await holds.setLimit(request.params.userId, request.body.limit);
      request.auditAdminAction('account.holdLimit', request.params.userId);
      return answer;
    },
  );
};

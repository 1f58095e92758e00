import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { quotesRoutes } from './quotes.routes.ts';
import { createQuotesService } from './quotes.service.ts';
import {
  createQuoteRequestsService,
  type QuoteRequestsServiceOptions,
} from './quote-requests.service.ts';

export type QuotesModuleDeps = QuoteRequestsServiceOptions & {
  guards: AuthGuards;
  /** Quote requests one account may send a minute (ORDER_RATE_LIMIT). */
  requestsPerMinute: number;
};

/**
 * Quote requests, offers, acceptance and refusal (docs/architecture.md#server-modules): of one
 * tool, and of every line of the cart at once.
 */
export function createQuotesModule(deps: QuotesModuleDeps) {
  const service = createQuotesService(deps);
  const requests = createQuoteRequestsService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(quotesRoutes, {
      quotes: service,
      requests,
      guards: deps.guards,
      requestsPerMinute: deps.requestsPerMinute,
    });
  };
  return { service, routes };
}

import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { quotesRoutes } from './quotes.routes.ts';
import { createQuotesService, type QuotesServiceOptions } from './quotes.service.ts';

export type QuotesModuleDeps = QuotesServiceOptions & {
  guards: AuthGuards;
  /** Quote requests one account may send a minute (ORDER_RATE_LIMIT). */
  requestsPerMinute: number;
};

/** Quote requests, offers, acceptance and refusal (docs/architecture.md#server-modules). */
export function createQuotesModule(deps: QuotesModuleDeps) {
  const service = createQuotesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(quotesRoutes, {
      quotes: service,
      guards: deps.guards,
      requestsPerMinute: deps.requestsPerMinute,
    });
  };
  return { service, routes };
}

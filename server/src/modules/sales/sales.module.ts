import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { salesRoutes } from './sales.routes.ts';
import { createSalesService } from './sales.service.ts';

export type SalesModuleDeps = Parameters<typeof createSalesService>[0] & { guards: AuthGuards };

/** The Sales page (docs/architecture.md#server-modules): figures the orders module sums. */
export function createSalesModule(deps: SalesModuleDeps) {
  const service = createSalesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(salesRoutes, { sales: service, guards: deps.guards });
  };
  return { service, routes };
}

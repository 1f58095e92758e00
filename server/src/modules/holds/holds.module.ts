import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { holdsRoutes } from './holds.routes.ts';
import { createHoldsService } from './holds.service.ts';

export type HoldsModuleDeps = Parameters<typeof createHoldsService>[0] & { guards: AuthGuards };

/** Stock holds (docs/architecture.md#server-modules): read and released through orders' service. */
export function createHoldsModule(deps: HoldsModuleDeps) {
  const service = createHoldsService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(holdsRoutes, { holds: service, guards: deps.guards });
  };
  return { service, routes };
}

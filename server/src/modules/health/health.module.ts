import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes.ts';
import { createReadiness } from './readiness.ts';

export type HealthModuleDeps = Parameters<typeof createReadiness>[0];

/** /api/health and /api/ready (docs/architecture.md#server-modules): routes and the readiness. */
export function createHealthModule(deps: HealthModuleDeps) {
  const service = createReadiness(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(healthRoutes, { readiness: service });
  };
  return { service, routes };
}

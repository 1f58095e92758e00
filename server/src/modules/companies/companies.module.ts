import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { companiesRoutes } from './companies.routes.ts';
import { createCompaniesService, type CompaniesServiceOptions } from './companies.service.ts';

export type CompaniesModuleDeps = CompaniesServiceOptions & { guards: AuthGuards };

/** Company accounts (issue 44, docs/architecture.md#companies). */
export function createCompaniesModule(deps: CompaniesModuleDeps) {
  const service = createCompaniesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(companiesRoutes, { companies: service, guards: deps.guards });
  };
  return { service, routes };
}

import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';

export type InvoicesModuleDeps = Parameters<typeof createInvoicesService>[0] & {
  guards: AuthGuards;
};

/** Invoices and credit notes (docs/architecture.md#server-modules). */
export function createInvoicesModule(deps: InvoicesModuleDeps) {
  const service = createInvoicesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(invoicesRoutes, { invoices: service, guards: deps.guards });
  };
  return { service, routes };
}

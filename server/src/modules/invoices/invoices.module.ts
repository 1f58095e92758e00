import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';
import { createOnAccount } from './on-account.ts';

export type InvoicesModuleDeps = Parameters<typeof createInvoicesService>[0] & {
  guards: AuthGuards;
  /** ORDER_HOLD_HOURS, for the lines an invoice on account copies. */
  orderHoldHours: number;
  now: () => Date;
};

/**
 * Invoices and credit notes (docs/architecture.md#server-modules), and the checkouts placed on
 * account that are invoiced when placed (issue 45).
 */
export function createInvoicesModule(deps: InvoicesModuleDeps) {
  const service = createInvoicesService(deps);
  const onAccount = createOnAccount({
    db: deps.db,
    invoices: service,
    orderHoldHours: deps.orderHoldHours,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(invoicesRoutes, { invoices: service, guards: deps.guards });
  };
  return { service, onAccount, routes };
}

import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { OutboxWriter } from '../../mail/outbox.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { companyInvoicesRoutes } from './company-invoices.routes.ts';
import { createCompanyInvoicesService } from './company-invoices.service.ts';
import { createInvoiceReminders } from './invoice-reminders.ts';
import { createInvoiceReminderSweeper } from './invoice-reminders.sweeper.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';
import { createOnAccount } from './on-account.ts';
import { createReceivables, type AnnouncePaid } from './receivables.ts';
import { receivablesRoutes } from './receivables.routes.ts';

export type InvoicesModuleDeps = Parameters<typeof createInvoicesService>[0] & {
  guards: AuthGuards;
  /** ORDER_HOLD_HOURS, for the lines an invoice on account copies. */
  orderHoldHours: number;
  now: () => Date;
  /** The payment reminders' e-mails (issue 45), written with their rows. */
  outbox: Pick<OutboxWriter, 'enqueueEach'>;
  publicUrl: string;
  /** INVOICE_REMINDER_SWEEP_SECONDS: how often this instance sweeps for reminders. */
  reminderSweepSeconds: number;
  log: FastifyBaseLogger;
  /** The paid e-mails of a checkout its last payment on account settled (Receivables). */
  announcePaid: AnnouncePaid;
};

/**
 * Invoices and credit notes (docs/architecture.md#server-modules), the checkouts placed on
 * account that are invoiced when placed, and the payment reminders of their invoices (issue 45).
 */
export function createInvoicesModule(deps: InvoicesModuleDeps) {
  const service = createInvoicesService(deps);
  const onAccount = createOnAccount({
    db: deps.db,
    invoices: service,
    orderHoldHours: deps.orderHoldHours,
    now: deps.now,
  });
  const reminders = createInvoiceReminders({
    db: deps.db,
    identity: deps.identity,
    outbox: deps.outbox,
    seller: deps.seller,
    publicUrl: deps.publicUrl,
  });
  // The Company page's open invoices (issue 45).
  const companyInvoices = createCompanyInvoicesService({
    db: deps.db,
    invoices: service,
    now: deps.now,
  });
  // The shop admins' Receivables page (issue 45).
  const receivables = createReceivables({
    db: deps.db,
    orders: deps.orders,
    identity: deps.identity,
    announcePaid: deps.announcePaid,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(invoicesRoutes, { invoices: service, guards: deps.guards });
    await api.register(receivablesRoutes, { receivables, guards: deps.guards });
    await api.register(companyInvoicesRoutes, { companyInvoices, guards: deps.guards });
  };
  return {
    service,
    onAccount,
    routes,
    /** The payment reminders' sweep, run once with a clock (tests call it so). */
    reminders,
    /** The periodic sweep of payment reminders (the app starts and stops it). */
    reminderSweeper: createInvoiceReminderSweeper({
      reminders,
      log: deps.log,
      intervalMs: deps.reminderSweepSeconds * 1000,
      now: deps.now,
    }),
  };
}

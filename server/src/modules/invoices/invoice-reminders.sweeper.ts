import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicSweep, type PeriodicSweep } from '../../periodic-sweep.ts';
import type { InvoiceReminders } from './invoice-reminders.ts';

export type InvoiceReminderSweeper = PeriodicSweep;

/**
 * Runs the payment reminders' sweep periodically on this instance (INVOICE_REMINDER_SWEEP_SECONDS).
 * Every instance runs its own: the sweep is safe to run concurrently (see
 * `sweepInvoiceReminders`).
 */
export function createInvoiceReminderSweeper(options: {
  reminders: Pick<InvoiceReminders, 'sweepInvoiceReminders'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs: number;
  now: () => Date;
}): InvoiceReminderSweeper {
  const { reminders, log } = options;
  return createPeriodicSweep({
    ...options,
    async sweep(now) {
      const result = await reminders.sweepInvoiceReminders(now);
      if (result.reminders > 0) log.info(result, 'payment reminders of invoices on account sent');
    },
    onError: (error) =>
      log.error({ err: error }, 'payment reminder sweep failed; retrying next time'),
  });
}

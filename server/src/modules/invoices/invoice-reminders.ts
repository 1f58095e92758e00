import type { Seller } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxMail, OutboxWriter } from '../../mail/outbox.ts';
import { invoiceReminderMail, type ReminderKind } from '../../mail/templates/invoice-reminders.ts';
import { selectAdminIdsOfCompanies } from '../companies/companies-of-invoices.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import { selectRemindedInvoices, takeDueReminders } from './invoice-reminders.repository.ts';

/** Invoices the reminder sweep takes per transaction (keeps its transactions and locks short). */
const REMINDER_BATCH_SIZE = 200;

export type ReminderSweepResult = {
  /** Reminders recorded (a row of invoice_reminders each). */
  reminders: number;
  /** E-mails written to the outbox with them (one per admin of the invoice's company). */
  mails: number;
};

const isReminderKind = (kind: string): kind is ReminderKind =>
  kind === 'due-in-3' || kind === 'due' || /^overdue-[0-9]+$/.test(kind);

/**
 * Payment reminders of invoices on account (issue 45, docs/decisions/066): three days before an
 * invoice is due, on the due date, and every seven days after while it is open, an e-mail to each
 * admin of the company it bills. Each is sent once, on any number of instances: a reminder is a
 * row of invoice_reminders written with its e-mails in one transaction, and only the rows a
 * sweep wrote itself get e-mails (invoice-reminders.repository.ts).
 */
export function createInvoiceReminders(options: {
  db: Database;
  identity: Pick<IdentityService, 'findByIds'>;
  outbox: Pick<OutboxWriter, 'enqueueEach'>;
  /** The seller's bank details and e-mail: how to pay (SELLER_BANK_DETAILS, SELLER_EMAIL). */
  seller: Pick<Seller, 'bankLines' | 'email'>;
  publicUrl: string;
}) {
  const { db, identity, outbox, seller, publicUrl } = options;

  return {
    /**
     * Sends the reminders due at `now` (the caller's clock; the database's is not read), batch by
     * batch, each batch one transaction: its invoices locked (SKIP LOCKED), the reminder rows
     * inserted, and the e-mails written to the outbox, committed together or not at all. Only the
     * latest step an invoice reached is sent (a sweep that catches up late sends no earlier one),
     * and nothing for an invoice settled (`paid_at` set) or with nothing open. Safe to run on
     * several instances at once.
     */
    async sweepInvoiceReminders(now: Date): Promise<ReminderSweepResult> {
      const result: ReminderSweepResult = { reminders: 0, mails: 0 };
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const taken = await takeDueReminders(tx, now, REMINDER_BATCH_SIZE);
          const invoices = new Map(
            (
              await selectRemindedInvoices(
                tx,
                taken.map(({ invoiceId }) => invoiceId),
              )
            ).map((invoice) => [invoice.id, invoice]),
          );
          const adminIds = await selectAdminIdsOfCompanies(tx, [
            ...new Set([...invoices.values()].flatMap(({ companyId }) => companyId ?? [])),
          ]);
          const accounts = await identity.findByIds(
            [...new Set([...adminIds.values()].flat())],
            tx,
          );
          const mails: OutboxMail[] = taken.flatMap(({ invoiceId, kind }) => {
            const invoice = invoices.get(invoiceId);
            if (!invoice?.companyId || !isReminderKind(kind)) return [];
            return (adminIds.get(invoice.companyId) ?? []).flatMap((adminId) => {
              const admin = accounts.get(adminId);
              if (!admin) return [];
              return [
                {
                  message: invoiceReminderMail(invoice, {
                    to: admin.email,
                    kind,
                    now,
                    seller,
                    publicUrl,
                  }),
                  about: { mail: 'invoice reminder', invoiceId, kind },
                },
              ];
            });
          });
          if (mails.length > 0) await outbox.enqueueEach(tx, mails);
          return { taken: taken.length, mails: mails.length };
        });
        result.reminders += batch.taken;
        result.mails += batch.mails;
        if (batch.taken < REMINDER_BATCH_SIZE) break;
      }
      return result;
    },
  };
}

export type InvoiceReminders = ReturnType<typeof createInvoiceReminders>;

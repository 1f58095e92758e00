import { and, asc, gt, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { invoiceReminders, invoices } from './invoices.table.ts';

/** A reminder takeDueReminders wrote: its invoice and kind ('due-in-3', 'due', 'overdue-7' ...). */
export type TakenReminder = { invoiceId: string; kind: string };

/** An invoice a reminder was taken for, with what its e-mail says. */
export type RemindedInvoiceRow = Pick<
  typeof invoices.$inferSelect,
  | 'id'
  | 'number'
  | 'companyId'
  | 'buyerCompany'
  | 'poNumber'
  | 'issuedAt'
  | 'totalCents'
  | 'receivedCents'
  | 'creditedCents'
> & { dueAt: Date };

/**
 * The steps of the reminders, in days from the due date (docs/decisions/066): three days before
 * ('due-in-3'), on the due date ('due'), and every seven days after ('overdue-7', 'overdue-14'
 * ...). All in hours, so that no time zone's daylight saving moves them.
 */
const step = (at: Date) => {
  const now = sql`${at.toISOString()}::timestamptz`;
  const dueAt = invoices.dueAt;
  // The latest step reached at `now`: -3, 0 or a multiple of 7 (whole weeks past due).
  const reached = sql<number>`(case
    when ${dueAt} + interval '168 hours' <= ${now}
      then 7 * floor(extract(epoch from (${now} - ${dueAt})) / 604800)::int
    when ${dueAt} <= ${now} then 0
    else -3 end)`;
  return { now, reached };
};

/** A reminder kind's step in days, as SQL: 'due-in-3' is -3, 'due' 0, 'overdue-14' 14. */
const stepOfKind = sql`(case ${invoiceReminders.kind}
    when 'due-in-3' then -3 when 'due' then 0
    else substr(${invoiceReminders.kind}, 9)::int end)`;

/** The kind of a step, as SQL: the inverse of stepOfKind. */
const kindOfStep = (reached: ReturnType<typeof step>['reached']) =>
  sql<string>`(case ${reached} when -3 then 'due-in-3' when 0 then 'due'
    else 'overdue-' || ${reached} end)`;

/**
 * Records the reminders due at `now`, in one statement of `tx`: of at most `limit` open invoices
 * on account (not settled, something still open, a company to remind) that reached a step and
 * have no reminder of that step or a later one, each locked FOR UPDATE SKIP LOCKED (an invoice
 * another sweep, or a payment being recorded, holds is left to the next sweep), one row of the
 * latest step reached: an invoice a sweep first sees 20 days past due gets 'overdue-14', never
 * the steps before it. The primary key (invoice, kind) with ON CONFLICT DO NOTHING is the
 * enforcement when two sweeps reach one invoice: only the rows written here are answered, so
 * only their e-mails are written. Oldest due first.
 */
export async function takeDueReminders(
  tx: Transaction,
  now: Date,
  limit: number,
): Promise<TakenReminder[]> {
  const { now: at, reached } = step(now);
  const due = tx
    .select({
      invoiceId: invoices.id,
      kind: kindOfStep(reached).as('kind'),
      sentAt: sql<Date>`${at}`.as('sent_at'),
    })
    .from(invoices)
    .where(
      and(
        isNull(invoices.paidAt),
        isNotNull(invoices.companyId),
        lte(sql`${invoices.dueAt} - interval '72 hours'`, at),
        gt(sql`${invoices.totalCents} - ${invoices.receivedCents} - ${invoices.creditedCents}`, 0),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(invoiceReminders)
            .where(
              and(
                sql`${invoiceReminders.invoiceId} = ${invoices.id}`,
                sql`${stepOfKind} >= ${reached}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(invoices.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .insert(invoiceReminders)
    .select(due)
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId, kind: invoiceReminders.kind });
}

/** The invoices of `ids` as their reminders' e-mails read them (in `tx`, which holds them). */
export async function selectRemindedInvoices(
  tx: Transaction,
  ids: readonly string[],
): Promise<RemindedInvoiceRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      companyId: invoices.companyId,
      buyerCompany: invoices.buyerCompany,
      poNumber: invoices.poNumber,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
      totalCents: invoices.totalCents,
      receivedCents: invoices.receivedCents,
      creditedCents: invoices.creditedCents,
    })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return rows.flatMap((row) => (row.dueAt ? [{ ...row, dueAt: row.dueAt }] : []));
}

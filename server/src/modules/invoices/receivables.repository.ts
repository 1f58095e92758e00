import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices } from './invoices.table.ts';
import type { InvoiceRow } from './invoices.repository.ts';

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type NewInvoicePaymentRow = typeof invoicePayments.$inferInsert;

/** An invoice issued on account: it names its company and is due by its terms. */
const onAccount = and(isNotNull(invoices.companyId), isNotNull(invoices.dueAt));

/**
 * Every open invoice on account (issue 45, the Receivables page), off the open invoices' partial
 * index: by company (the legal name its invoices carry), then due date and number.
 */
export function selectOpenInvoicesOnAccount(executor: Executor): Promise<InvoiceRow[]> {
  return executor
    .select()
    .from(invoices)
    .where(and(onAccount, isNull(invoices.paidAt)))
    .orderBy(
      asc(invoices.buyerCompany),
      asc(invoices.companyId),
      asc(invoices.dueAt),
      asc(invoices.number),
    );
}

/**
 * An invoice on account, its row locked until `tx` ends (`FOR NO KEY UPDATE`: its payments'
 * foreign keys take KEY SHARE of it, which this lets through), so that two payments recorded at
 * once against it add up one after the other. Undefined for any other id.
 */
export async function lockInvoiceOnAccount(
  tx: Transaction,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), onAccount))
    .for('no key update');
  return row;
}

/** The payment recorded with this bank reference, in any case, and its invoice's number. */
export async function selectPaymentByReference(
  executor: Executor,
  bankReference: string,
): Promise<(InvoicePaymentRow & { invoiceNumber: string }) | undefined> {
  const [row] = await executor
    .select({ payment: invoicePayments, invoiceNumber: invoices.number })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(sql`lower(${invoicePayments.bankReference}) = lower(${bankReference})`);
  return row ? { ...row.payment, invoiceNumber: row.invoiceNumber } : undefined;
}

export async function insertInvoicePayment(
  tx: Transaction,
  values: NewInvoicePaymentRow,
): Promise<InvoicePaymentRow> {
  const [row] = await tx.insert(invoicePayments).values(values).returning();
  if (!row) throw new Error('insert into invoice_payments returned no row');
  return row;
}

/**
 * Adds a payment's amount to what its invoice received, in one UPDATE of the locked row; when
 * nothing is left open it is settled then: `paid_at` and the settling bank reference set. The
 * database's check refuses more than the total.
 */
export async function addReceived(
  tx: Transaction,
  id: string,
  payment: { amountCents: number; bankReference: string; at: Date },
): Promise<InvoiceRow> {
  const received = sql`${invoices.receivedCents} + ${payment.amountCents}`;
  const settles = sql`${received} + ${invoices.creditedCents} = ${invoices.totalCents}`;
  const [row] = await tx
    .update(invoices)
    .set({
      receivedCents: received,
      paidAt: sql`case when ${settles} then ${payment.at.toISOString()}::timestamptz else null end`,
      transactionId: sql`case when ${settles} then ${payment.bankReference} else ${invoices.transactionId} end`,
    })
    .where(and(eq(invoices.id, id), isNull(invoices.paidAt)))
    .returning();
  if (!row) throw new Error(`invoice ${id} was settled when a payment was added to it`);
  return row;
}

/** The payments of these invoices, oldest first. */
export function selectPaymentsOfInvoices(
  executor: Executor,
  invoiceIds: readonly string[],
): Promise<InvoicePaymentRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.recordedAt));
}

/** The orders an invoice bills (its lines' orders still there), in the invoice's order. */
export async function selectOrderIdsOfInvoice(
  executor: Executor,
  invoiceId: string,
): Promise<string[]> {
  const rows = await executor
    .select({ orderId: invoiceLines.orderId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), isNotNull(invoiceLines.orderId)))
    .orderBy(asc(invoiceLines.position));
  return rows.flatMap((row) => (row.orderId ? [row.orderId] : []));
}

/**
 * A credit note against an open invoice on account (issue 45: an invoiced line cancelled or part
 * of it given back): what it takes off, at most what is open, is added to `credited_cents` in one
 * UPDATE of the invoice's row (a payment recorded at once waits for it, and reads it after).
 * Nothing left open, the invoice is settled then. Undefined when the invoice is settled already.
 */
export async function addCredited(
  tx: Transaction,
  id: string,
  credit: { amountCents: number; at: Date },
): Promise<InvoiceRow | undefined> {
  const open = sql`${invoices.totalCents} - ${invoices.receivedCents} - ${invoices.creditedCents}`;
  const credited = sql`${invoices.creditedCents} + least(${credit.amountCents}, ${open})`;
  const settles = sql`${invoices.receivedCents} + ${credited} = ${invoices.totalCents}`;
  const [row] = await tx
    .update(invoices)
    .set({
      creditedCents: credited,
      paidAt: sql`case when ${settles} then ${credit.at.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(invoices.id, id), onAccount, isNull(invoices.paidAt)))
    .returning();
  return row;
}

import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkoutsOfBuyerSql } from '../checkouts/checkouts-of-company-invoices.ts';
import { invoices } from './invoices.table.ts';

/** An open invoice on account as the Company page lists it. */
export type OpenInvoiceRow = {
  id: string;
  number: string;
  checkoutId: string | null;
  poNumber: string;
  buyerName: string;
  issuedAt: Date;
  dueAt: Date;
  totalCents: number;
  receivedCents: number;
  creditedCents: number;
};

const openInvoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  checkoutId: invoices.checkoutId,
  poNumber: invoices.poNumber,
  buyerName: invoices.buyerName,
  issuedAt: invoices.issuedAt,
  dueAt: invoices.dueAt,
  totalCents: invoices.totalCents,
  receivedCents: invoices.receivedCents,
  creditedCents: invoices.creditedCents,
};

/**
 * Whose open invoices: the company's on account, not settled (`paid_at` null: the partial index
 * invoices_open_company_id_due_at_idx), and only those of `buyerId`'s checkouts when given.
 */
function openOfCompany(companyId: string, buyerId: string | undefined): SQL | undefined {
  return and(
    eq(invoices.companyId, companyId),
    isNull(invoices.paidAt),
    isNotNull(invoices.dueAt),
    buyerId === undefined
      ? undefined
      : sql`${invoices.checkoutId} in ${checkoutsOfBuyerSql(buyerId)}`,
  );
}

/** A row as selected: an open invoice on account always has its due date (invoices_paid_or_due). */
function withDueDate(row: Omit<OpenInvoiceRow, 'dueAt'> & { dueAt: Date | null }): OpenInvoiceRow {
  if (!row.dueAt) throw new Error(`open invoice ${row.id} has no due date`);
  return { ...row, dueAt: row.dueAt };
}

/**
 * The company's open invoices on account (issue 45, the Company page), due date first: every one
 * for its admins, those of `buyerId`'s own checkouts for a buyer.
 */
export async function selectOpenInvoicesOfCompany(
  executor: Executor,
  companyId: string,
  buyerId?: string,
): Promise<OpenInvoiceRow[]> {
  const rows = await executor
    .select(openInvoiceColumns)
    .from(invoices)
    .where(openOfCompany(companyId, buyerId))
    .orderBy(asc(invoices.dueAt), asc(invoices.number));
  return rows.map(withDueDate);
}

/** One of them by its id (undefined when it is not one of them: another's, settled, unknown). */
export async function selectOpenInvoiceOfCompany(
  executor: Executor,
  invoiceId: string,
  companyId: string,
  buyerId?: string,
): Promise<OpenInvoiceRow | undefined> {
  const [row] = await executor
    .select(openInvoiceColumns)
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), openOfCompany(companyId, buyerId)));
  return row && withDueDate(row);
}

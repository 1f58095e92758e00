import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { invoiceLines, invoices, invoiceSequences } from './invoices.table.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLineRow = typeof invoiceLines.$inferInsert;

/**
 * The next running number of `year`, in one statement: the first invoice of a year inserts its
 * row at 1; later ones bump it. The row stays locked until `tx` ends, so concurrent payments (of
 * any instance) take their numbers one after the other, and a rollback gives the number back.
 */
export async function takeNextSequence(tx: Transaction, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: invoiceSequences.year,
      set: { lastSequence: sql`${invoiceSequences.lastSequence} + 1` },
    })
    .returning({ lastSequence: invoiceSequences.lastSequence });
  if (!row) throw new Error('upsert into invoice_sequences returned no row');
  return row.lastSequence;
}

export async function insertInvoice(tx: Transaction, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('insert into invoices returned no row');
  return row;
}

/** An invoice's lines, in place order (at least one each). */
export async function insertInvoiceLines(
  tx: Transaction,
  values: readonly NewInvoiceLineRow[],
): Promise<InvoiceLineRow[]> {
  return tx
    .insert(invoiceLines)
    .values([...values])
    .returning();
}

export function selectInvoiceLines(
  executor: Executor,
  invoiceId: string,
): Promise<InvoiceLineRow[]> {
  return executor
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

/**
 * The invoice that bills an order: its checkout's, found by the order's line on it (each order is
 * on one invoice at most: invoice_lines_order_id_unique), with that line.
 */
export async function selectInvoiceByOrderId(
  executor: Executor,
  orderId: string,
): Promise<(InvoiceRow & { line: InvoiceLineRow }) | undefined> {
  const [row] = await executor
    .select({ invoice: invoices, line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(eq(invoiceLines.orderId, orderId));
  return row && { ...row.invoice, line: row.line };
}

/** The invoice of a checkout (at most one: invoices_checkout_id_unique). */
export async function selectInvoiceByCheckoutId(
  executor: Executor,
  checkoutId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor.select().from(invoices).where(eq(invoices.checkoutId, checkoutId));
  return row;
}

export async function selectInvoiceById(
  executor: Executor,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/**
 * What a company owes on account (issue 45), read under its row's lock: the open invoices' totals
 * less what was received of them, and whether any is past its due date at `now`. Off the partial
 * index of open invoices (invoices_open_company_id_due_at_idx).
 */
/** What is still open of an invoice on account: its total less what was received and credited. */
const openCentsOf = sql`${invoices.totalCents} - ${invoices.receivedCents} - ${invoices.creditedCents}`;

/**
 * The shop's receivables (issue 45, the Sales page): what every open invoice on account still
 * asks for, and what of it is past its due date, off the open invoices' partial index.
 */
export async function selectReceivablesTotals(
  executor: Executor,
  now: Date,
): Promise<{ openCents: number; overdueCents: number }> {
  const [row] = await executor
    .select({
      openCents: sql<string>`coalesce(sum(${openCentsOf}), 0)`,
      overdueCents: sql<string>`coalesce(sum(${openCentsOf}) filter (where ${invoices.dueAt} < ${now.toISOString()}::timestamptz), 0)`,
    })
    .from(invoices)
    .where(and(isNotNull(invoices.companyId), isNull(invoices.paidAt)));
  return { openCents: Number(row?.openCents ?? 0), overdueCents: Number(row?.overdueCents ?? 0) };
}

export async function selectOpenBalanceOfCompany(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<{ openCents: number; overdue: boolean }> {
  const [row] = await executor
    .select({
      openCents: sql<string>`coalesce(sum(${openCentsOf}), 0)`,
      overdue: sql<boolean>`coalesce(bool_or(${invoices.dueAt} < ${now.toISOString()}::timestamptz), false)`,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), isNull(invoices.paidAt)));
  return {
    openCents: Number(row?.openCents ?? 0),
    overdue:
      row?.overdue === true || String(row?.overdue) === 't' || String(row?.overdue) === 'true',
  };
}

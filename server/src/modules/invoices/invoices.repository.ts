import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { invoices, invoiceSequences } from './invoices.table.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

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

/** The invoice of an order (at most one: invoices_order_id_unique). */
export async function selectInvoiceByOrderId(
  executor: Executor,
  orderId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

export async function selectInvoiceById(
  executor: Executor,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { creditNotes, creditNoteSequences } from './invoices.table.ts';

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type NewCreditNoteRow = typeof creditNotes.$inferInsert;

/**
 * The next running number of `year`'s credit notes, taken as an invoice's is (one upsert whose
 * row lock queues concurrent cancellations until `tx` ends; a rollback gives the number back).
 */
export async function takeNextCreditNoteSequence(tx: Transaction, year: number): Promise<number> {
  const [row] = await tx
    .insert(creditNoteSequences)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: creditNoteSequences.year,
      set: { lastSequence: sql`${creditNoteSequences.lastSequence} + 1` },
    })
    .returning({ lastSequence: creditNoteSequences.lastSequence });
  if (!row) throw new Error('upsert into credit_note_sequences returned no row');
  return row.lastSequence;
}

export async function insertCreditNote(
  tx: Transaction,
  values: NewCreditNoteRow,
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('insert into credit_notes returned no row');
  return row;
}

/**
 * The latest credit note of an order (issue 42: partial refunds each have theirs, then a
 * cancellation may credit the rest).
 */
export async function selectCreditNoteByOrderId(
  executor: Executor,
  orderId: string,
): Promise<CreditNoteRow | undefined> {
  const [row] = await executor
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.number))
    .limit(1);
  return row;
}

export async function selectCreditNoteById(
  executor: Executor,
  id: string,
): Promise<CreditNoteRow | undefined> {
  const [row] = await executor.select().from(creditNotes).where(eq(creditNotes.id, id));
  return row;
}

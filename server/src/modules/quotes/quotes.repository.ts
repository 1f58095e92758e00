import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { quotes } from './quotes.table.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;

export async function insertQuote(executor: Executor, values: NewQuoteRow): Promise<QuoteRow> {
  const [row] = await executor.insert(quotes).values(values).returning();
  if (!row) throw new Error('insert into quotes returned no row');
  return row;
}

/** The first key of the advisory locks that serialise one account's quote requests. */
const QUOTE_REQUESTS_LOCK = 724_503;

/**
 * Takes a lock, held until the transaction ends, that every quote request of that user takes
 * first: requests sent at once are counted against MAX_OPEN_QUOTES one after the other.
 */
export async function lockQuoteRequests(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTE_REQUESTS_LOCK}, hashtext(${userId}))`);
}

/**
 * A user's open quotes: waiting on an admin (requested), or on the customer with an offer whose
 * last valid day (`today` or later) has not passed.
 */
export async function countOpenQuotes(
  executor: Executor,
  userId: string,
  today: string,
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(quotes)
    .where(
      and(
        eq(quotes.userId, userId),
        or(
          eq(quotes.status, 'requested'),
          and(eq(quotes.status, 'offered'), gte(quotes.offerValidUntil, today)),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** A user's quotes, newest first. */
export function selectQuotesOfUser(executor: Executor, userId: string): Promise<QuoteRow[]> {
  return executor
    .select()
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.requestedAt), desc(quotes.id));
}

/** Every quote, newest first (the service puts the open ones first: it knows what expired). */
export function selectAllQuotes(executor: Executor): Promise<QuoteRow[]> {
  return executor.select().from(quotes).orderBy(desc(quotes.requestedAt), desc(quotes.id));
}

/**
 * A quote, locked until the transaction ends: an offer and an acceptance (on any instance) take
 * turns on it, so the one that comes second sees what the first one left.
 */
export async function selectQuoteByIdForUpdate(
  tx: Transaction,
  id: string,
): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

/** Changes a quote locked by selectQuoteByIdForUpdate; resolves to it as it is now. */
export async function updateQuote(
  tx: Transaction,
  id: string,
  values: Partial<Omit<NewQuoteRow, 'id' | 'userId'>>,
): Promise<QuoteRow> {
  const [row] = await tx.update(quotes).set(values).where(eq(quotes.id, id)).returning();
  if (!row) throw new Error(`quote ${id} was not there to update`);
  return row;
}

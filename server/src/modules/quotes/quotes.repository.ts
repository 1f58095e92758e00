import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { quoteRequests, quotes } from './quotes.table.ts';

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
 * last valid day (`today` or later) has not passed. A request of several lines counts once: its
 * lines share their status and offer.
 */
export async function countOpenQuotes(
  executor: Executor,
  userId: string,
  today: string,
): Promise<number> {
  const [row] = await executor
    .select({
      count: sql<number>`count(distinct coalesce(${quotes.requestId}, ${quotes.id}))::int`,
    })
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

/** A user's quotes of one tool, newest first (a request's lines are listed with their request). */
export function selectQuotesOfUser(executor: Executor, userId: string): Promise<QuoteRow[]> {
  return executor
    .select()
    .from(quotes)
    .where(and(eq(quotes.userId, userId), isNull(quotes.requestId)))
    .orderBy(desc(quotes.requestedAt), desc(quotes.id));
}

/**
 * Every quote of one tool, newest first (the service puts the open ones first: it knows what
 * expired).
 */
export function selectAllQuotes(executor: Executor): Promise<QuoteRow[]> {
  return executor
    .select()
    .from(quotes)
    .where(isNull(quotes.requestId))
    .orderBy(desc(quotes.requestedAt), desc(quotes.id));
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

// --- requests of several lines (issue 42) ---------------------------------------------------

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/** A request and its lines, written together (the lines numbered from 1 in the given order). */
export async function insertQuoteRequest(
  tx: Transaction,
  request: { userId: string; requestedAt: Date },
  lines: readonly Omit<NewQuoteRow, 'requestId' | 'lineNumber' | 'userId' | 'requestedAt'>[],
): Promise<QuoteRow[]> {
  const [row] = await tx.insert(quoteRequests).values(request).returning();
  if (!row) throw new Error('insert into quote_requests returned no row');
  const inserted = await tx
    .insert(quotes)
    .values(
      lines.map((line, index) => ({
        ...line,
        userId: request.userId,
        requestedAt: request.requestedAt,
        requestId: row.id,
        lineNumber: index + 1,
      })),
    )
    .returning();
  return inserted.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));
}

/**
 * A request, locked until the transaction ends: its actions (offer, acceptance, refusal) take
 * turns on it, on any instance.
 */
export async function selectQuoteRequestForUpdate(
  tx: Transaction,
  id: string,
): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
  return row;
}

/** The lines of requests, newest request first, each request's in its order. */
function linesOfRequests(executor: Executor, where: SQL | undefined): Promise<QuoteRow[]> {
  return executor
    .select()
    .from(quotes)
    .where(and(isNotNull(quotes.requestId), where))
    .orderBy(desc(quotes.requestedAt), desc(quotes.requestId), asc(quotes.lineNumber));
}

/** The lines of one request, in its order. */
export function selectLinesOfRequest(executor: Executor, requestId: string): Promise<QuoteRow[]> {
  return linesOfRequests(executor, eq(quotes.requestId, requestId));
}

/** The lines of a user's requests, newest request first. */
export function selectRequestLinesOfUser(executor: Executor, userId: string): Promise<QuoteRow[]> {
  return linesOfRequests(executor, eq(quotes.userId, userId));
}

/** The lines of every request, newest request first. */
export function selectAllRequestLines(executor: Executor): Promise<QuoteRow[]> {
  return linesOfRequests(executor, undefined);
}

/**
 * Changes every line of a request locked by selectQuoteRequestForUpdate (what they share: the
 * status, the offer's day and note, the reason); resolves to them as they are now, in order.
 */
export async function updateLinesOfRequest(
  tx: Transaction,
  requestId: string,
  values: Partial<Omit<NewQuoteRow, 'id' | 'userId' | 'requestId' | 'lineNumber'>>,
): Promise<QuoteRow[]> {
  const rows = await tx
    .update(quotes)
    .set(values)
    .where(eq(quotes.requestId, requestId))
    .returning();
  return rows.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));
}

/**
 * Offers every line of a locked request its own unit price (`prices`, by line id: each line
 * once), with the offer's day and note they share; resolves to the lines as they are now.
 */
export async function updateLineOffers(
  tx: Transaction,
  requestId: string,
  prices: ReadonlyMap<string, number>,
  offer: { validUntil: string; offeredAt: Date; note: string },
): Promise<QuoteRow[]> {
  // One row at a time: each line's price, its day and its moment are set together (one check).
  for (const [id, offerPriceCents] of prices) {
    await tx
      .update(quotes)
      .set({
        status: 'offered',
        offerPriceCents,
        offerValidUntil: offer.validUntil,
        offeredAt: offer.offeredAt,
        offerNote: offer.note,
      })
      .where(and(eq(quotes.requestId, requestId), eq(quotes.id, id)));
  }
  return selectLinesOfRequest(tx, requestId);
}

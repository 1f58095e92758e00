import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../db/prepared-per-database.ts';
import type { Database, Executor } from '../db/client.ts';
import { outboxMessages } from './outbox.table.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = Pick<
  typeof outboxMessages.$inferInsert,
  'origin' | 'to' | 'subject' | 'text' | 'html' | 'attachments' | 'about'
>;

/** A span of time as PostgreSQL reads it, for `now() + ...`. */
const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/** Writes e-mails to send, with the caller's transaction (or alone, given the database). */
export async function insertOutboxMessages(
  executor: Executor,
  rows: readonly NewOutboxRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(outboxMessages).values([...rows]);
}

/**
 * Claims up to `limit` messages due for an attempt, oldest first, in one statement: each is
 * leased to the caller until now + `leaseMs` and counts an attempt. Rows another instance is
 * claiming at the same moment are skipped (`FOR UPDATE SKIP LOCKED`), rows it holds a lease on
 * are not due: each message is in one instance's hands at a time. Another instance's messages
 * are due only once they are `handoverMs` old (their writer delivers first).
 */
export function claimDueOutboxMessages(
  db: Database,
  claim: { origin: string; limit: number; leaseMs: number; handoverMs: number },
): Promise<OutboxRow[]> {
  return claimStatement(db).execute({
    origin: claim.origin,
    limit: claim.limit,
    lease: milliseconds(claim.leaseMs),
    handover: milliseconds(claim.handoverMs),
  });
}

/** A span of time as a placeholder's value, for `now() + $n::interval`. */
const milliseconds = (ms: number) => `${Math.max(0, Math.round(ms))} milliseconds`;
const intervalPlaceholder = (name: string) => sql`${sql.placeholder(name)}::interval`;

/** claimDueOutboxMessages's statement, prepared once per database (the worker runs it often). */
const claimStatement = preparedPerDatabase((db) => {
  const m = outboxMessages;
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(
      and(
        isNull(m.sentAt),
        lte(m.nextAttemptAt, sql`now()`),
        or(isNull(m.lockedUntil), lt(m.lockedUntil, sql`now()`)),
        or(
          eq(m.origin, sql.placeholder('origin')),
          lte(m.createdAt, sql`now() - ${intervalPlaceholder('handover')}`),
        ),
      ),
    )
    .orderBy(asc(m.id))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(m)
    .set({
      lockedUntil: sql`now() + ${intervalPlaceholder('lease')}`,
      attempts: sql`${m.attempts} + 1`,
    })
    .where(inArray(m.id, due))
    .returning()
    .prepare('outbox_claim');
});

/**
 * The message left: it is never claimed again. Written before the next message is sent, so a
 * crash repeats at most the one in flight (decision 017).
 */
export async function markOutboxMessageSent(db: Database, id: number): Promise<void> {
  await sentStatement(db).execute({ id });
}

/** markOutboxMessageSent's statement, prepared once (the worker runs it for every message). */
const sentStatement = preparedPerDatabase((db) =>
  db
    .update(outboxMessages)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outboxMessages.id, sql.placeholder('id')))
    .prepare('outbox_sent'),
);

/** The attempt failed: due again in `retryInMs`, with the reason in a few words. */
export async function markOutboxMessageFailed(
  db: Database,
  id: number,
  failure: { retryInMs: number; error: string },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      lockedUntil: null,
      nextAttemptAt: sql`now() + ${interval(failure.retryInMs)}`,
      lastError: failure.error,
    })
    .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.sentAt)));
}

/**
 * Makes every message waiting for a later attempt due now (the mail server, or the disk, is back:
 * those that failed while it was away need not wait out their back-off); answers how many.
 */
export async function bringForwardWaitingOutboxMessages(db: Database): Promise<number> {
  const m = outboxMessages;
  const moved = await db
    .update(m)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(isNull(m.sentAt), gt(m.nextAttemptAt, sql`now()`)))
    .returning({ id: m.id });
  return moved.length;
}

/** Gives claimed messages back untried (the instance is stopping): due again at once. */
export async function releaseOutboxMessages(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ lockedUntil: null, attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)` })
    .where(and(inArray(outboxMessages.id, [...ids]), isNull(outboxMessages.sentAt)));
}

/** Deletes up to `limit` messages sent more than `olderThanMs` ago; answers how many. */
export async function deleteOutboxMessagesSentBefore(
  db: Database,
  olderThanMs: number,
  limit: number,
): Promise<number> {
  const m = outboxMessages;
  const old = db
    .select({ id: m.id })
    .from(m)
    .where(lt(m.sentAt, sql`now() - ${interval(olderThanMs)}`))
    .orderBy(asc(m.id))
    .limit(limit);
  const deleted = await db.delete(m).where(inArray(m.id, old)).returning({ id: m.id });
  return deleted.length;
}

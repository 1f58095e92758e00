import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { readinessHeartbeat } from './health.table.ts';

/**
 * Writes the readiness heartbeat's one row and commits: what any order needs of the database.
 * `newPage` (PostgreSQL) empties the table first, so that the row takes a new page of the data
 * files, which a full disk refuses (53100); `timeoutMs` bounds each statement and lock wait on
 * PostgreSQL (PGlite has no timers in its engine: the caller's race bounds it there).
 */
export async function writeReadinessHeartbeat(
  db: Database,
  options: { newPage: boolean; timeoutMs?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (options.timeoutMs !== undefined) {
      const ms = Math.round(options.timeoutMs);
      // SET takes no parameters: the number is ours.
      await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      await tx.execute(sql.raw(`set local lock_timeout = ${ms}`));
    }
    if (options.newPage) await tx.execute(sql`truncate table ${readinessHeartbeat}`);
    await tx
      .insert(readinessHeartbeat)
      .values({ id: 1 })
      .onConflictDoUpdate({ target: readinessHeartbeat.id, set: { writtenAt: sql`now()` } });
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/**
 * How often PGlite's tables are vacuumed and analyzed, and how long after a start the first time.
 * A run at 100,000 orders took 2.2-3.7 s (docs/decisions/061-pglite-vacuums-itself.md), during
 * which the one backend answers nothing else.
 */
export const PGLITE_UPKEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
export const PGLITE_UPKEEP_FIRST_MS = 10 * 60 * 1000;

export type PgliteUpkeep = {
  /** Runs once after `firstAfterMs`, then every interval. */
  start(): void;
  /** Runs now (tests; the timer's runs do the same); resolves when done, rejects on failure. */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run under way (call before the database closes). */
  stop(): Promise<void>;
};

/**
 * PGlite is PostgreSQL as one backend in this process, without the autovacuum launcher: nothing
 * else ever vacuums or analyzes its tables. Without it, the planner keeps the statistics of the
 * day the tables were made (a year of orders planned as the first few), dead rows from every
 * update stay, and index-only scans read the table anyway (no page is marked all-visible). This
 * does what autovacuum does on a PostgreSQL server: `VACUUM (ANALYZE)` of the whole database, on
 * a timer. A failure is logged and the next interval tries again.
 */
export function createPgliteUpkeep(options: {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstAfterMs?: number;
}): PgliteUpkeep {
  const {
    db,
    log,
    intervalMs = PGLITE_UPKEEP_INTERVAL_MS,
    firstAfterMs = PGLITE_UPKEEP_FIRST_MS,
  } = options;
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function runNow(): Promise<void> {
    if (running) return running;
    const startedAt = performance.now();
    running = db
      .execute(sql`vacuum (analyze)`)
      .then(() => {
        const ms = Math.round(performance.now() - startedAt);
        log.info({ ms }, 'PGlite upkeep: vacuumed and analyzed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function runOnTimer(): void {
    if (running || stopped) return;
    runNow().catch((error: unknown) => {
      if (!stopped) log.error({ err: error }, 'PGlite upkeep failed; retrying next time');
    });
  }

  return {
    start() {
      if (first || timer || stopped) return;
      first = setTimeout(() => {
        runOnTimer();
        timer = setInterval(runOnTimer, intervalMs);
        timer.unref();
      }, firstAfterMs);
      first.unref();
    },
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      first = undefined;
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

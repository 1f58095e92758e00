import type { FastifyBaseLogger } from 'fastify';
import { serverTexts } from '@tools-factory/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { wholeMb } from '../../db/disk-reserve.ts';
import { describeDatabaseError, isDatabaseUnavailable, isStorageFull } from '../../db/errors.ts';
import type { StorageHealth } from '../../db/storage-health.ts';
import { writeReadinessHeartbeat } from './health.repository.ts';

/** How long /ready waits for the database's write before calling it down. */
export const READY_TIMEOUT_MS = 2_000;
/** At most one probe per instance in this time, whatever the number of /ready calls. */
export const READY_PROBE_INTERVAL_MS = 1_000;

export type ReadinessVerdict = { ready: true } | { ready: false; message: string };

export type Readiness = {
  /** The last verdict when it is younger than READY_PROBE_INTERVAL_MS, or a new probe's. */
  check(): Promise<ReadinessVerdict>;
};

const refused = (message: string): ReadinessVerdict => ({ ready: false, message });

/**
 * SQLSTATE classes of a database that answered and said no to the write itself: integrity (23),
 * a read-only transaction (25006), privileges or a missing table (42), insufficient resources
 * (53), limits (54), an object's state (55). Anything else (a dropped connection, a database gone)
 * is the database being unavailable.
 */
const REFUSING_CLASSES = new Set(['23', '25', '42', '53', '54', '55']);

function refusesWrites(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 10; depth += 1) {
    if (typeof current !== 'object') return false;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return REFUSING_CLASSES.has(code.slice(0, 2));
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Whether this instance can take a write (GET /ready, issue 40 item 13): on every instance, idle
 * or not, the database must commit a write of the heartbeat row, PGlite's DATA_DIR must have its
 * reserve of free space (disk-reserve.ts) and DATA_DIR must take a file (storage-health.ts).
 * A reachable database on a full disk answers `select 1`; only a write shows it.
 */
export function createReadiness(options: {
  database: DatabaseHandle;
  storage: StorageHealth;
  log: FastifyBaseLogger;
  now?: () => number;
}): Readiness {
  const { database, storage, log, now = Date.now } = options;
  let last: { verdict: ReadinessVerdict; at: number } | undefined;
  let probing: Promise<ReadinessVerdict> | undefined;
  /** The heartbeat's write, while one is under way (it may outlive READY_TIMEOUT_MS). */
  let writing: Promise<unknown> | undefined;
  /** The last reason logged: each change is logged once, not each probe. */
  let logged: string | undefined;
  const warnOnce = (reason: string, line: string) => {
    if (logged !== reason) log.warn(`not ready: ${line}`);
    logged = reason;
  };

  const writeHeartbeat = async (): Promise<ReadinessVerdict> => {
    if (writing) return refused(serverTexts.apiErrors.databaseUnavailable);
    const write = writeReadinessHeartbeat(database.db, {
      newPage: database.kind === 'postgres',
      ...(database.kind === 'postgres' ? { timeoutMs: READY_TIMEOUT_MS } : {}),
    });
    writing = write.catch(() => {}).finally(() => (writing = undefined));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
    });
    try {
      if ((await Promise.race([write, timeout])) === 'timeout') {
        warnOnce('timeout', `the heartbeat write took more than ${READY_TIMEOUT_MS} ms`);
        return refused(serverTexts.apiErrors.databaseUnavailable);
      }
      return { ready: true };
    } catch (error) {
      const verdict = isStorageFull(error)
        ? refused(serverTexts.apiErrors.storageFull)
        : !isDatabaseUnavailable(error) && refusesWrites(error)
          ? refused(serverTexts.apiErrors.databaseRefusesWrites)
          : refused(serverTexts.apiErrors.databaseUnavailable);
      if (!verdict.ready) {
        warnOnce(verdict.message, `the heartbeat write failed: ${describeDatabaseError(error)}`);
      }
      return verdict;
    } finally {
      clearTimeout(timer);
    }
  };

  const probe = async (): Promise<ReadinessVerdict> => {
    const reserve = database.diskReserve;
    if (reserve) {
      const space = await reserve.space();
      if (!space.enough) {
        const reserveMb = wholeMb(reserve.reserveBytes);
        warnOnce(
          'reserve',
          `DATA_DIR has ${wholeMb(space.freeBytes)} MB free, below its reserve of ${reserveMb} MB: writes are refused`,
        );
        return refused(serverTexts.apiErrors.storageBelowReserve(reserveMb));
      }
    }
    const written = await writeHeartbeat();
    if (!written.ready) return written;
    if (await storage.isFull()) return refused(serverTexts.apiErrors.storageFull);
    if (logged !== undefined) log.info('ready again: the database takes writes');
    logged = undefined;
    return written;
  };

  return {
    check() {
      if (last && now() - last.at < READY_PROBE_INTERVAL_MS) return Promise.resolve(last.verdict);
      probing ??= probe()
        .then((verdict) => {
          last = { verdict, at: now() };
          return verdict;
        })
        .finally(() => {
          probing = undefined;
        });
      return probing;
    },
  };
}

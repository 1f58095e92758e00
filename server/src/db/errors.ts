import { DiskReserveError } from './disk-reserve.ts';

/** PostgreSQL's SQLSTATE for a unique constraint that refused a row. */
const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's SQLSTATE for a row that names a row that is not there (any more). */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * SQLSTATEs that say the server cannot serve us right now, not that the query is wrong:
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up or recovering),
 * too_many_connections (full, for a moment), query_canceled (our statement timeout),
 * lock_not_available (our lock timeout), deadlock_detected and idle_in_transaction_session_timeout.
 * Class 08 (connection exceptions) is matched whole. Each rolls the transaction back.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
  '40P01',
  '25P03',
]);

/**
 * Storage that cannot take another byte: PostgreSQL's disk_full (53100), Node's ENOSPC (the
 * outbox's files), and PGlite's file system, which raises Emscripten's ErrnoError with its own
 * number for ENOSPC (51) and no message.
 */
const DISK_FULL_SQLSTATE = '53100';
const EMSCRIPTEN_ENOSPC = 51;

/** Node's socket errors for a server that is down, unreachable or went away mid-query. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What pg, pg-pool and PGlite say when the connection itself failed: they raise plain Errors
 * without a code ('Connection terminated unexpectedly', the pool's connect timeout, a client
 * that lost its connection, an engine closed under the app).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is clos(ed|ing)$/,
];

/**
 * The error and what caused it, outermost first: Drizzle wraps the driver's error in `cause`,
 * and Node reports a host that failed on every address as an AggregateError of each attempt.
 */
function* causesOf(error: unknown): Generator<object> {
  const pending: unknown[] = [error];
  // Bounded: a cause chain is a handful deep; a cycle must not hang the error handler.
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    yield current;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
}

function codeOf(error: object): unknown {
  return 'code' in error ? error.code : undefined;
}

/**
 * True when a database error (from pg or PGlite, possibly wrapped by Drizzle in `cause`) is a
 * unique violation.
 */
/** True when a database error (possibly wrapped by Drizzle or Better Auth) has this SQLSTATE. */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  for (const current of causesOf(error)) if (codeOf(current) === sqlState) return true;
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  for (const current of causesOf(error)) {
    if (codeOf(current) === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * The name of the unique constraint (or unique index) a database error says refused a row, when
 * it is a unique violation ('tools_sku_unique'); undefined otherwise. pg and PGlite both pass on
 * PostgreSQL's `constraint` field, so a table with several unique rules can tell which one said no.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (const current of causesOf(error)) {
    if (codeOf(current) !== UNIQUE_VIOLATION) continue;
    const constraint = 'constraint' in current ? current.constraint : undefined;
    return typeof constraint === 'string' ? constraint : undefined;
  }
  return undefined;
}

/** True when a database error (possibly wrapped by Drizzle in `cause`) is a foreign key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (const current of causesOf(error)) {
    if (codeOf(current) === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * True when the database could not be reached or the connection broke (an outage, a restart, a
 * network cut), as opposed to a query it refused: the request may well work in a moment, so the
 * API answers 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causesOf(error)) {
    const code = codeOf(current);
    if (typeof code === 'string') {
      if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (current instanceof Error && UNAVAILABLE_MESSAGES.some((re) => re.test(current.message))) {
      return true;
    }
  }
  return false;
}

/** True when the error (possibly wrapped) says the storage under the database or DATA_DIR is full. */
export function isStorageFull(error: unknown): boolean {
  for (const current of causesOf(error)) {
    const code = codeOf(current);
    if (code === DISK_FULL_SQLSTATE || code === 'ENOSPC') return true;
    // Refused before the engine wrote: DATA_DIR is below its reserve (disk-reserve.ts).
    if (current instanceof DiskReserveError) return true;
    if ('errno' in current && current.errno === EMSCRIPTEN_ENOSPC && !('code' in current)) {
      return true;
    }
    if (current instanceof Error && /no space left on (the )?device/i.test(current.message)) {
      return true;
    }
  }
  return false;
}

/**
 * A one-line account of an error for the operator: the innermost message (the driver's own, not
 * Drizzle's wrapper, which quotes the query and its parameters), or a code when none has one.
 */
export function describeDatabaseError(error: unknown): string {
  let description: string | undefined;
  for (const current of causesOf(error)) {
    const code = codeOf(current);
    if (current instanceof Error && current.message) description = current.message;
    else if (typeof code === 'string') description ??= code;
    // PGlite's file system raises Emscripten's ErrnoError: a name and a number, no message.
    else if ('errno' in current && typeof current.errno === 'number') {
      description ??=
        current.errno === EMSCRIPTEN_ENOSPC
          ? 'no space left on the device'
          : `file system error ${current.errno}`;
    }
  }
  return description ?? String(error);
}

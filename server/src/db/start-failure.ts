import { existsSync } from 'node:fs';
import path from 'node:path';
import { freeBytesUnder, NEW_DATABASE_MB, wholeMb } from './disk-reserve.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './errors.ts';

/** A PostgreSQL URL fit for a log line: credentials and query string (it may hold a password) out. */
export function redactDatabaseUrl(url: string): string {
  if (!URL.canParse(url)) return '***';
  const parsed = new URL(url);
  const credentials = parsed.username || parsed.password ? '***@' : '';
  return `${parsed.protocol}//${credentials}${parsed.host}${parsed.pathname}`;
}

function decodedOrSame(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The one line an operator reads when the database cannot be opened at start
 * (docs/architecture.md#infrastructure): which variable points where, and why, without a stack
 * trace or a password.
 */
export function databaseStartFailureLine(
  database: { url: string } | { pgliteDir: string },
  error: unknown,
): string {
  // One line, whatever the driver wrote.
  let reason = describeDatabaseError(error).replace(/\s*\n\s*/g, ' ');
  if ('pgliteDir' in database) {
    return `Cannot open the database in DATA_DIR (${database.pgliteDir}): ${reason}`;
  }
  const password = URL.canParse(database.url) ? new URL(database.url).password : '';
  // The driver's messages do not quote the password; should one ever, it stays out all the same.
  for (const secret of password ? [password, decodedOrSame(password)] : []) {
    reason = reason.replaceAll(secret, '***');
  }
  const verb = isDatabaseUnavailable(error) ? 'reach' : 'open';
  return `Cannot ${verb} the database at DATABASE_URL (${redactDatabaseUrl(database.url)}): ${reason}`;
}

/** The folder itself, or the nearest one above it that exists (DATA_DIR may not, yet). */
function existingFolder(dir: string): string {
  let folder = path.resolve(dir);
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return folder;
}

/**
 * The one line an operator reads when DATA_DIR has too little room for the embedded database to
 * start (its reserve, and a new database's files when there is none yet), or undefined when it
 * has enough. PGlite itself says only that it 'failed to initialize properly', or hangs.
 */
export async function missingRoomToStart(options: {
  dataDir: string;
  pgliteDir: string;
  reserveMb: number;
  freeBytes?: (dir: string) => Promise<number>;
}): Promise<string | undefined> {
  const { dataDir, pgliteDir, reserveMb, freeBytes = freeBytesUnder } = options;
  const newDatabase = !existsSync(pgliteDir);
  const neededMb = reserveMb + (newDatabase ? NEW_DATABASE_MB : 0);
  const free = await freeBytes(existingFolder(dataDir)).catch(() => Number.POSITIVE_INFINITY);
  if (free >= neededMb * 1024 * 1024) return undefined;
  const parts = newDatabase
    ? `${NEW_DATABASE_MB} MB for a new database and the ${reserveMb} MB reserve`
    : `the ${reserveMb} MB reserve`;
  return (
    `DATA_DIR (${dataDir}) has ${wholeMb(free)} MB free; the server needs at least ${neededMb} MB ` +
    `free there to start (${parts} of DISK_RESERVE_MB, so that the embedded database never ` +
    `meets a full disk). Free some space or give DATA_DIR more room.`
  );
}

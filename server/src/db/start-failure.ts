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
 * The one line an operator reads when the database cannot be opened at start (DESIGN.md section
 * 2): which variable points where, and why, without a stack trace or a password.
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

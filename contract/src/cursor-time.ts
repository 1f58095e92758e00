/**
 * Whether a keyset cursor (issue 43: `<time>_<id>`, the time as PostgreSQL writes it to the
 * microsecond, e.g. 2026-06-01T08:30:00.123456Z) starts with a time that exists: its shape is
 * checked by a pattern, but 2026-13-45 has that shape too, and the database would refuse it
 * with an error rather than an empty page. Read back to the millisecond, it must say the same.
 */
export function isCursorTime(cursor: string): boolean {
  const millis = cursor.slice(0, 23);
  const time = new Date(`${millis}Z`);
  return (
    !Number.isNaN(time.getTime()) &&
    // No year 0 in PostgreSQL (1 BC), nor before it.
    time.getUTCFullYear() >= 1 &&
    time.toISOString().slice(0, 23) === millis
  );
}

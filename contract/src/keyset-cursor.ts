import { z } from 'zod';

/**
 * A keyset cursor (issue 43, docs/decisions/055): where a page ended, `<time>_<id>`, the time as
 * PostgreSQL writes it to the microsecond (2026-06-01T08:30:00.123456Z) and the id of the last
 * row. Every paged list's `next` and `after` carry one; server/src/db/keyset-cursor.ts writes and
 * reads it.
 */
const KEYSET_CURSOR =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a keyset cursor starts with a time that exists: its shape is checked by a pattern, but
 * 2026-13-45 has that shape too, and the database would refuse it with an error rather than an
 * empty page. Read back to the millisecond, it must say the same.
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

/**
 * The `after` of a paged list: a keyset cursor, or `badCursor` (the list's own words, a 400)
 * whatever else it is: not text, the wrong shape, or a time that does not exist.
 */
export function keysetCursorSchema(badCursor: string) {
  return z
    .string({ error: () => badCursor })
    .regex(KEYSET_CURSOR, { error: () => badCursor, abort: true })
    .refine(isCursorTime, { error: () => badCursor });
}

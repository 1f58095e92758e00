import { z } from 'zod';

/**
 * A keyset cursor (issue 43, docs/decisions/055): where a page ended, `<time>_<id>`, the time as
 * PostgreSQL writes it to the microsecond (2026-06-01T08:30:00.123456Z) and the id of the last
 * row. Every paged list's `next` and `after` carry one; server/src/db/keyset-cursor.ts writes and
 * reads it.
 */
const TIME_AND_ID =
  '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEYSET_CURSOR = new RegExp(`^${TIME_AND_ID}$`);
/**
 * A named keyset cursor: the time and the id, then the name of the last row (any text but a NUL
 * character, which PostgreSQL's text cannot hold), for a list in the order (time, name, id).
 */
const NAMED_KEYSET_CURSOR = new RegExp(`^${TIME_AND_ID}_[^\\u0000]+$`, 'su');

/** How long a cursor's `<time>_<id>` is: a named cursor's name starts after it and a `_`. */
export const KEYSET_CURSOR_TIME_AND_ID_LENGTH = 27 + 1 + 36;

/** The longest name a named cursor carries: a tool's name is at most 120 characters. */
export const MAX_CURSOR_NAME_LENGTH = 500;

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

/**
 * The `after` of a list in the order (time, name, id), such as Manage Tools' (the catalog's
 * order: oldest first, then by name): `<time>_<id>_<name>`, or `badCursor` (a 400) whatever
 * else it is. The name comes last, so that it may hold any character, `_` included.
 */
export function namedKeysetCursorSchema(badCursor: string) {
  return z
    .string({ error: () => badCursor })
    .max(KEYSET_CURSOR_TIME_AND_ID_LENGTH + 1 + MAX_CURSOR_NAME_LENGTH, { error: () => badCursor })
    .regex(NAMED_KEYSET_CURSOR, { error: () => badCursor, abort: true })
    .refine(isCursorTime, { error: () => badCursor });
}

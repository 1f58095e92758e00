import { KEYSET_CURSOR_TIME_AND_ID_LENGTH } from '@tools-factory/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Where a page of a list ended (issue 43, docs/decisions/055): its last row's time, as PostgreSQL
 * writes it to the microsecond (a JavaScript Date keeps milliseconds, and rows a microsecond apart
 * would be skipped or repeated), and its id. The next page starts after it.
 */
export type KeysetCursor = { createdAt: string; id: string };

/** The cursor's text, as a page's `next` and the next page's `after` carry it: `<time>_<id>`. */
export function keysetCursorText(cursor: KeysetCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** A cursor read back from its text, whose shape the contract's keysetCursorSchema checked. */
export function parseKeysetCursor(text: string): KeysetCursor {
  const at = text.indexOf('_');
  return { createdAt: text.slice(0, at), id: text.slice(at + 1) };
}

/** The cursor read back from a query's optional `after`. */
export function keysetCursorAfter(after: string | undefined): KeysetCursor | undefined {
  return after === undefined ? undefined : parseKeysetCursor(after);
}

/**
 * Where a page of a list in the order (time, name, id) ended, such as Manage Tools' (the
 * catalog's order: oldest first, then by name): a keyset cursor and the last row's name.
 */
export type NamedKeysetCursor = KeysetCursor & { name: string };

/** The named cursor's text: `<time>_<id>_<name>`, the name last so that it may hold a `_`. */
export function namedKeysetCursorText(cursor: NamedKeysetCursor): string {
  return `${keysetCursorText(cursor)}_${cursor.name}`;
}

/** The named cursor read back from a query's optional `after` (namedKeysetCursorSchema checked it). */
export function namedKeysetCursorAfter(after: string | undefined): NamedKeysetCursor | undefined {
  if (after === undefined) return undefined;
  return {
    ...parseKeysetCursor(after.slice(0, KEYSET_CURSOR_TIME_AND_ID_LENGTH)),
    name: after.slice(KEYSET_CURSOR_TIME_AND_ID_LENGTH + 1),
  };
}

/** A timestamptz column as the cursor writes it: UTC, to the microsecond. */
export function cursorTime(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The rows strictly after `cursor` in the order (time, id), read forwards (`>`) or backwards
 * (`<`): one row comparison, which PostgreSQL answers off an index on those columns.
 */
export function pastCursor(
  time: SQLWrapper,
  id: SQLWrapper,
  direction: '<' | '>',
  cursor: KeysetCursor,
  idType: 'uuid' | 'text',
): SQL {
  const idValue = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}`;
  return sql`(${time}, ${id}) ${sql.raw(direction)} (${cursor.createdAt}::timestamptz, ${idValue})`;
}

/**
 * The rows strictly after `cursor` in the order (time, name, id), forwards (`>`) or backwards
 * (`<`): one row comparison, answered off an index on those columns (the name compared in the
 * column's collation, the one its ORDER BY and its index use).
 */
export function pastNamedCursor(
  columns: { time: SQLWrapper; name: SQLWrapper; id: SQLWrapper },
  direction: '<' | '>',
  cursor: NamedKeysetCursor,
): SQL {
  return sql`(${columns.time}, ${columns.name}, ${columns.id}) ${sql.raw(direction)} (${cursor.createdAt}::timestamptz, ${cursor.name}, ${cursor.id}::uuid)`;
}

/**
 * How many rows a page's query reads: one more than the page shows, so that the page knows
 * whether another follows (keysetPage).
 */
export function keysetPageLimit(limit: number): number {
  return limit + 1;
}

/**
 * A page read `keysetPageLimit(limit)` rows deep: the rows it shows, and where the next page
 * starts (after its last row) only when the extra row came back. A list that ends exactly at a
 * page's end so offers no Next to an empty page.
 */
export function keysetPage<Row, Cursor>(
  found: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor,
): { rows: Row[]; next: Cursor | undefined } {
  const rows = found.slice(0, limit);
  const last = found.length > limit ? rows.at(-1) : undefined;
  return { rows, next: last === undefined ? undefined : cursorOf(last) };
}

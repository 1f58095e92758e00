import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/*
 * How the scale data reaches the database: rows made in Node, sent a few thousand at a time as
 * one JSON parameter and expanded by the database (`json_to_recordset`): one round trip and one
 * statement per batch, whatever the rows' number of columns, on PGlite and PostgreSQL alike.
 */

/** A column of a batch: its name in the table and its SQL type ('uuid', 'int', 'timestamptz'). */
export type JsonColumns = Record<string, string>;

/** Rows as `json_to_recordset` reads them: keys are the columns' names. */
export type JsonRow = Record<string, string | number | boolean | null | object>;

/** How many rows go in one statement: a few MB of JSON at most. */
export const BATCH_ROWS = 5_000;

/** The rows of `json` (the JSON text of an array of rows) as a relation with these columns. */
export function jsonRecords(json: string, columns: JsonColumns): SQL {
  const definition = sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `"${name}" ${type}`)
      .join(', '),
  );
  return sql`json_to_recordset(${json}::json) as r(${definition})`;
}

/** Inserts `rows` into `table`, BATCH_ROWS a statement; resolves to how many were inserted. */
export async function insertJsonRows(
  executor: Executor,
  table: PgTable,
  columns: JsonColumns,
  rows: readonly JsonRow[],
): Promise<number> {
  const names = sql.raw(
    Object.keys(columns)
      .map((name) => `"${name}"`)
      .join(', '),
  );
  const tableName = sql.identifier(getTableConfig(table).name);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const json = JSON.stringify(rows.slice(start, start + BATCH_ROWS));
    await executor.execute(
      sql`insert into ${tableName} (${names}) select ${names} from ${jsonRecords(json, columns)}`,
    );
  }
  return rows.length;
}

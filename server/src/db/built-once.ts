import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';

/**
 * Statements Drizzle builds once per shape and then runs with each call's values, in whatever
 * transaction the call is in. Building a statement (its SQL text from the tables' columns) was
 * the largest part of an order's CPU on the server after the database's own (decision 022,
 * part 2); a hot statement's shape, such as how many rows each INSERT of POST /order's one
 * statement writes, repeats, and its values are placeholders that Drizzle fills and encodes
 * as it would have (a timestamp, a JSON column).
 */
export type BuiltOnce = {
  /**
   * Runs the statement of this shape, building it with `build` the first time; resolves to the
   * rows it returned as the driver gave them (column names as written, values not mapped).
   */
  run(
    executor: Executor,
    shape: string,
    build: () => { toSQL(): Query },
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]>;
  /**
   * Runs it as `run` does, its rows mapped as Drizzle maps a RETURNING or SELECT of `selection`
   * (the same object the statement returns: its keys, each a column or an expression whose
   * mapWith decodes it).
   */
  runMapped<Selection extends Record<string, PgColumn | SQL>>(
    executor: Executor,
    shape: string,
    build: () => { toSQL(): Query },
    values: Record<string, unknown>,
    selection: Selection,
  ): Promise<Array<Record<keyof Selection, unknown>>>;
  /** How many shapes were built (a test's check that the cache is used, and bounded). */
  readonly size: number;
};

const dialect = new PgDialect();

/** A statement written as Drizzle's `sql` (not a query builder), for `run`'s build. */
export function sqlStatement(statement: SQL): { toSQL(): Query } {
  return { toSQL: () => dialect.sqlToQuery(statement) };
}

/** At most this many shapes are kept; past it, a statement is built each time, as before. */
export const MAX_SHAPES = 64;

export function builtOnce(): BuiltOnce {
  const built = new Map<string, Query>();
  function queryOf(shape: string, build: () => { toSQL(): Query }): Query {
    let query = built.get(shape);
    if (!query) {
      query = build().toSQL();
      if (built.size < MAX_SHAPES) built.set(shape, query);
    }
    return query;
  }
  return {
    async run(executor, shape, build, values) {
      const query = queryOf(shape, build);
      const prepared = executor._.session.prepareQuery(query, undefined, undefined, false);
      const result = (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
      return result.rows;
    },
    async runMapped(executor, shape, build, values, selection) {
      const query = queryOf(shape, build);
      // The order Drizzle gives a flat selection's fields, which the statement returns in.
      const fields: SelectedFieldsOrdered = Object.entries(selection).map(([key, field]) => ({
        path: [key],
        field,
      }));
      const prepared = executor._.session.prepareQuery(query, fields, undefined, true);
      return (await prepared.execute(values)) as Array<Record<keyof typeof selection, unknown>>;
    },
    get size() {
      return built.size;
    },
  };
}

/**
 * Rows whose values are placeholders named `<prefix><row>_<column>`, for a statement built once:
 * the placeholders' values go into `values`, and the shape says which columns each row gives
 * (a value left undefined is the column's default, as in Drizzle's own INSERT).
 */
export function placeholderRows<Row extends Record<string, unknown>>(
  prefix: string,
  rows: readonly Row[],
  values: Record<string, unknown>,
): { rows: Row[]; shape: string } {
  const shapes: string[] = [];
  const placed = rows.map((row, index) => {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined);
    shapes.push(columns.join(','));
    const placeholders: Record<string, Placeholder> = {};
    for (const column of columns) {
      const name = `${prefix}${index}_${column}`;
      values[name] = row[column];
      placeholders[column] = sql.placeholder(name);
    }
    // Drizzle takes a placeholder wherever an INSERT takes a value of that column.
    return placeholders as unknown as Row;
  });
  return { rows: placed, shape: `${prefix}[${shapes.join(';')}]` };
}

/**
 * A statement Drizzle prepares once per database (its `.prepare(name)`, placeholders for the
 * values): for the statements run outside a transaction on every request or e-mail, such as the
 * bearer guard's and the outbox's. On PostgreSQL the name makes it a named statement.
 */
export function preparedPerDatabase<Prepared>(
  prepare: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

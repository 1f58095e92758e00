import type { Database } from './client.ts';

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

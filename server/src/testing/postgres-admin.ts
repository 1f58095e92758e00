import pg from 'pg';

/**
 * What the server's PostgreSQL tests (test-database.ts) and the bench's order rows both do to
 * make a database of their own on a server and drop it afterwards.
 */

/** The same server URL, naming another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on a connection of its own (CREATE and DROP DATABASE take no pool). */
export async function runAdminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

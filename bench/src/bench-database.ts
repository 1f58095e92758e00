import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runAdminQuery, withDatabaseName } from '../../server/src/testing/postgres-admin.ts';
import { pgliteExtensions } from '../../server/src/db/pglite-extensions.ts';

/**
 * The databases the write rows (orders.ts, checkouts.ts) load and replay their baselines on: a
 * fresh PostgreSQL database, or the PGlite data directory a server left, each seen through the
 * same two calls, one statement and one transaction.
 */

/** Answers one SQL statement with parameters, as both engines do. */
export type Query = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/** Runs `work` in one transaction (committed when it resolves, rolled back when it throws). */
export type Transact = (work: (tx: Query) => Promise<void>) => Promise<void>;

export type BenchDatabase = { query: Query; transact: Transact };

/** The server's pool size (server/src/db/client.ts), so a baseline has as many connections. */
export const SERVER_POOL_SIZE = 10;

/** PostgreSQL that may create databases: BENCH_POSTGRES_URL, else the test one, else the local one. */
const postgresAdminUrl =
  process.env.BENCH_POSTGRES_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

function pgliteQuery(db: Pick<PGlite, 'query'>): Query {
  return async (text, params) => ({
    rows: (await db.query<Record<string, unknown>>(text, params)).rows,
  });
}

/**
 * The PGlite data directory `pgliteDir` (no server on it now), opened in this process for `use`
 * and closed after.
 */
export async function withPgliteDatabase<T>(
  pgliteDir: string,
  use: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const db = await PGlite.create(pgliteDir, { extensions: pgliteExtensions });
  try {
    return await use({
      query: pgliteQuery(db),
      transact: (work) => db.transaction((tx) => work(pgliteQuery(tx))),
    });
  } finally {
    await db.close();
  }
}

/**
 * A fresh database named `name` on the PostgreSQL server for `use` (its URL, for a server, and a
 * pool of the server's size), dropped afterwards. Resolves to undefined, and says why, when no
 * PostgreSQL answers (`what` names the rows skipped).
 */
export async function withBenchDatabase<T>(
  name: string,
  what: string,
  use: (database: BenchDatabase & { url: string }) => Promise<T>,
): Promise<T | undefined> {
  const identifier = pg.escapeIdentifier(name);
  const adminQuery = (text: string) => runAdminQuery(postgresAdminUrl, text);
  try {
    await adminQuery(`drop database if exists ${identifier} with (force)`);
    await adminQuery(`create database ${identifier}`);
  } catch (error) {
    console.log(
      `bench: skipping ${what} on PostgreSQL (${error instanceof Error ? error.message : String(error)})`,
    );
    return undefined;
  }
  const url = withDatabaseName(postgresAdminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL_SIZE });
  pool.on('error', () => {});
  try {
    return await use({
      url,
      query: async (text, params) => pool.query(text, params),
      transact: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await work(async (text, params) => client.query(text, params));
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    });
  } finally {
    await pool.end();
    await adminQuery(`drop database if exists ${identifier} with (force)`);
  }
}

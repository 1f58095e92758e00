import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either the database or a transaction already under way. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'pglite-instance'; pglite: PGlite };

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle =
    options.kind === 'postgres'
      ? await openPostgres(options.url, options.poolSize)
      : await openPglite(options);
  await applyMigrations(handle, options.kind === 'postgres' ? options.url : undefined);
  return handle;
}

async function openPglite(
  options:
    { kind: 'pglite'; dataDir: string | undefined } | { kind: 'pglite-instance'; pglite: PGlite },
): Promise<DatabaseHandle> {
  let client: PGlite;
  if (options.kind === 'pglite-instance') {
    client = options.pglite;
  } else {
    if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
    client = await PGlite.create(options.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload = '') => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    listen: async (channel, onMessage) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    notify: async (channel, payload = '') => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    close: async () => {
      await Promise.all(listeners.splice(0).map((client) => client.end()));
      await pool.end();
    },
  };
}

/** Several instances may start at once against one PostgreSQL: one migrates, the others wait. */
async function applyMigrations(handle: DatabaseHandle, url?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    // drizzle's migrator is typed per driver; the handle's db is that driver's database.
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder,
    });
    return;
  }
  // A session lock needs one connection for lock, migration and unlock.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724501)');
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock(724501)');
  } finally {
    await client.end();
  }
}

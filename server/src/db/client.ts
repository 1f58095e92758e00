import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { KEEP_ALIVE_DELAY_MS, listenWithReconnect, type PostgresListener } from './listener.ts';

/**
 * The one database type the repositories see, whichever engine is behind it. It knows no table:
 * each repository imports its own (modules/tables.ts lists them all for drizzle-kit), so the
 * infrastructure imports no module. Nothing uses Drizzle's relational `db.query`.
 */
type NoTables = Record<string, never>;
export type Database = PgDatabase<PgQueryResultHKT, NoTables>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoTables,
  ExtractTablesWithRelations<NoTables>
>;
/** Repositories take either the database or a transaction already under way. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel; resolves to the unsubscribe function. A subscription whose
   * connection is lost subscribes again by itself and then calls `onReconnect` (notifications
   * sent meanwhile were missed). Rejects when the first subscription cannot be made.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails:
 * while the database is down, requests answer 503 after this instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Names this instance's connections in pg_stat_activity (default 'tools-factory'). */
      applicationName?: string;
      /** Default CONNECT_TIMEOUT_MS; tests of an outage wait less. */
      connectTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'pglite-instance'; pglite: PGlite };

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle =
    options.kind === 'postgres' ? await openPostgres(options) : await openPglite(options);
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
    if (options.dataDir) {
      mkdirSync(path.dirname(options.dataDir), { recursive: true });
      // PGlite reports this as a bare errno number: say it in words.
      if (statSync(options.dataDir, { throwIfNoEntry: false })?.isDirectory() === false) {
        throw new Error(`${options.dataDir} is not a directory`);
      }
    }
    client = await PGlite.create(options.dataDir);
  }
  const db = drizzlePglite(client) as unknown as Database;
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

async function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
): Promise<DatabaseHandle> {
  const {
    url,
    poolSize = 10,
    applicationName = 'tools-factory',
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
  } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
    // Notices a peer that vanished without closing (a failover, a network partition).
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Database;
  const listeners = new Set<PostgresListener>();
  return {
    db,
    kind: 'postgres',
    listen: async (channel, onMessage, onReconnect = () => {}) => {
      const listener = await listenWithReconnect({
        url,
        channel,
        applicationName: `${applicationName} listen`,
        connectionTimeoutMillis: connectTimeoutMs,
        onMessage,
        onReconnect,
      });
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    notify: async (channel, payload = '') => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    close: async () => {
      const stopping = [...listeners].map((listener) => listener.stop());
      listeners.clear();
      await Promise.all(stopping);
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
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724501)');
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock(724501)');
  } finally {
    await client.end();
  }
}

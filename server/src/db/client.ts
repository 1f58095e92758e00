import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { pgliteClientForDrizzle, poolClientClass, withCommitJobs } from './driver-adapter.ts';
import { keepingDiskReserve, type DiskReserve } from './disk-reserve.ts';
import type { PostgresListener } from './listener.ts';
import { serverRoot } from '../server-root.ts';

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
  /** PGlite on DATA_DIR: the free space its writes keep in reserve (disk-reserve.ts). */
  diskReserve?: DiskReserve;
};

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails:
 * while the database is down, requests answer 503 after this instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long one statement may run, and wait for a lock, on PostgreSQL before the server cancels
 * it (SQLSTATE 57014, 55P03): a stalled or locked database answers 503 in words well before a
 * proxy's 60 s, and the transaction rolls back instead of committing after the client gave up.
 * An order's longest wait is its turn at the tool's row lock, milliseconds per buyer, but a rush
 * of hundreds of buyers of one tool on a loaded machine queues for seconds: the bounds leave it
 * that room (the lock's below the statement's, or it would never be the one to answer).
 */
export const STATEMENT_TIMEOUT_MS = 20_000;
export const LOCK_TIMEOUT_MS = 15_000;
/** A transaction left open by a request that died: its locks are freed after this. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

/**
 * PGlite runs Postgres with the settings of its data directory's postgresql.conf, made for a
 * server of its own: shared_buffers = 128MB, all of it resident in our process (WASM memory never
 * shrinks). The embedded database is a shop's, tens of MB, and one backend: 16 MB of buffers hold
 * what it touches (an order-like transaction loop costs the same CPU, measured in decision 014),
 * and the idle server holds about 125 MB less. The PostgreSQL server's settings are its own.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Names this instance's connections in pg_stat_activity (default 'tools-factory'). */
      applicationName?: string;
      /** Default CONNECT_TIMEOUT_MS; tests of an outage wait less. */
      connectTimeoutMs?: number;
      /** Default STATEMENT_TIMEOUT_MS and LOCK_TIMEOUT_MS; tests of a stall wait less. */
      statementTimeoutMs?: number;
      lockTimeoutMs?: number;
    }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** Refuses the engine's writes while DATA_DIR's free space is below it. */
      diskReserve?: DiskReserve;
    }
  | { kind: 'pglite-instance'; pglite: PGlite };

/**
 * Opens the database and applies the committed migrations. Each engine's driver is imported when
 * that engine is opened: a server on PostgreSQL never loads PGlite, nor one on PGlite `pg`.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const handle = await openPostgres(options);
    await applyMigrations(handle, options.url);
    return handle;
  }
  // A data directory this start creates is removed again when the start fails (a full disk
  // during initdb or the migrations): the next start begins from nothing, not from half a database.
  const createdDir =
    options.kind === 'pglite' && options.dataDir !== undefined && !existsSync(options.dataDir)
      ? options.dataDir
      : undefined;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openPglite(options);
    await applyMigrations(handle);
    return handle;
  } catch (error) {
    if (createdDir) {
      await handle?.close().catch(() => {});
      rmSync(createdDir, { recursive: true, force: true });
    }
    throw error;
  }
}

/**
 * The listeners of every handle this process opened on one PGlite instance, by channel. PGlite
 * has one owner, this process: a notification its handles send reaches every listener there
 * is without a statement. As `select pg_notify(...)` it cost a statement on the engine's one
 * thread for each order (the catalog's stock NOTIFY, coalesced on PostgreSQL, is sent as soon as
 * the previous one is done, which on PGlite is at once; decision 022, part 2).
 */
const pgliteListeners = new WeakMap<PGlite, Map<string, Set<(payload: string) => void>>>();

function inProcessListeners(client: PGlite): Map<string, Set<(payload: string) => void>> {
  let listeners = pgliteListeners.get(client);
  if (!listeners) {
    listeners = new Map();
    pgliteListeners.set(client, listeners);
  }
  return listeners;
}

async function openPglite(
  options: Exclude<DatabaseOptions, { kind: 'postgres' }>,
): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
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
    const { PGlite } = await import('@electric-sql/pglite');
    // Imported with PGlite, never before: a server on PostgreSQL loads neither.
    const { pgliteExtensions } = await import('./pglite-extensions.ts');
    client = await PGlite.create({
      dataDir: options.dataDir,
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
  }
  const diskReserve = options.kind === 'pglite' ? options.diskReserve : undefined;
  // The driver adapter's PGlite (its named statements and turns), or the instance itself.
  const adapted = await pgliteClientForDrizzle(client);
  const db = withCommitJobs(
    drizzle({
      client: diskReserve ? keepingDiskReserve(adapted, diskReserve) : adapted,
    }) as unknown as Database,
  );
  const listeners = inProcessListeners(client);
  return {
    db,
    kind: 'pglite',
    ...(diskReserve ? { diskReserve } : {}),
    // A NOTIFY from SQL would come through PGlite (none is sent since migration 0013); one this
    // process's handles send (the catalog's) is handed to every handle's listeners directly.
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      const onChannel = listeners.get(channel) ?? new Set();
      listeners.set(channel, onChannel);
      onChannel.add(onMessage);
      return async () => {
        onChannel.delete(onMessage);
        await unlisten();
      };
    },
    notify: async (channel, payload = '') => {
      await Promise.resolve();
      for (const onMessage of [...(listeners.get(channel) ?? [])]) onMessage(payload);
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
    statementTimeoutMs = STATEMENT_TIMEOUT_MS,
    lockTimeoutMs = LOCK_TIMEOUT_MS,
  } = options;
  const [{ default: pg }, { drizzle }, { KEEP_ALIVE_DELAY_MS, listenWithReconnect }] =
    await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('./listener.ts')]);
  const pool = new pg.Pool({
    // Each statement parsed and planned once per connection, unless DB_DRIVER_TRICKS=off.
    Client: poolClientClass(pg.Client),
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
    // Notices a peer that vanished without closing (a failover, a network partition).
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    statement_timeout: statementTimeoutMs,
    lock_timeout: lockTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one on a client checked out for a transaction: pg-pool listens for errors only while a
  // client is idle, and a connection lost mid-transaction (a restart, a failover, a terminated
  // backend) would be an uncaught 'error' event, which ends the process. The query under way
  // rejects with the same error (503 in words) and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = withCommitJobs(drizzle(pool) as unknown as Database);
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
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // drizzle's migrator is typed per driver; the handle's db is that driver's database.
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
    return;
  }
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A session lock needs one connection for lock, migration and unlock.
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724501)');
    await migrate(drizzle(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock(724501)');
  } finally {
    await client.end();
  }
}

import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, type App } from './app.ts';
import { closeStep } from './close-step.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createDiskReserve } from './db/disk-reserve.ts';
import { isDatabaseUnavailable, isStorageFull } from './db/errors.ts';
import { preparePasswordChecks } from './modules/identity/password-strength.ts';
import { seedDemoData } from './modules/seed.ts';
import { createStdoutLog } from './stdout-log.ts';
import { databaseStartFailureLine, missingRoomToStart } from './db/start-failure.ts';

/** How long a shutdown may take (draining requests, closing the database) before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Its steps' limits, well inside the timer: what outlives them is left behind (closeStep), so the
 * close reaches its end and exits 0 rather than being cut off by its own timer with exit 1.
 */
const DRAIN_LIMIT_MS = 7_000;
const DATABASE_CLOSE_LIMIT_MS = 1_500;
/** Waits only when the drain ran out first: the outbox's stop began with the signal (outbox.ts). */
const OUTBOX_STOP_LIMIT_MS = 500;
/** What the log's last lines may wait for a slow reader before the exit (stdout-log.ts). */
const LOG_DRAIN_LIMIT_MS = 500;

/** The log goes to stdout without ever blocking the process, its reader gone or not reading. */
const log = createStdoutLog();

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}

const pgliteDir = (config: Config) => path.join(config.dataDir, 'pglite');

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const diskReserve = createDiskReserve({ dir: config.dataDir, reserveMb: config.diskReserveMb });
  return openDatabase({ kind: 'pglite', dataDir: pgliteDir(config), diskReserve });
}

/**
 * Opens the database and builds the app. A database that cannot be opened, or that goes away
 * while the app starts, is an operator's problem: one line naming the variable, exit 1.
 */
async function startOrExit(config: Config): Promise<{ database: DatabaseHandle; app: App }> {
  let database: DatabaseHandle | undefined;
  const noRoom = config.databaseUrl
    ? undefined
    : await missingRoomToStart({
        dataDir: config.dataDir,
        pgliteDir: pgliteDir(config),
        reserveMb: config.diskReserveMb,
      });
  if (noRoom) {
    console.error(noRoom);
    process.exit(1);
  }
  try {
    database = await openConfiguredDatabase(config);
    if (config.seedDemo) await seedDemoData(database.db);
    return { database, app: await buildApp({ config, database, logStream: log }) };
  } catch (error) {
    // Once the database opened, anything but an outage is a bug: keep its stack trace.
    if (database && !isDatabaseUnavailable(error) && !isStorageFull(error)) throw error;
    const where = config.databaseUrl
      ? { url: config.databaseUrl }
      : { pgliteDir: pgliteDir(config) };
    console.error(databaseStartFailureLine(where, error));
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

const config = readConfig();
const { database, app } = await startOrExit(config);

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal ?? 'shutdown'} received: draining requests, then closing`);
  // The outbox takes no new message from now on; the one in hand is sent and noted before the
  // database closes, however long the drain takes (its stop is bounded well within the drain's).
  const outboxStopped = app.outbox.stop();
  await closeStep(app.log, 'requests and background work', DRAIN_LIMIT_MS, () => app.close());
  await closeStep(app.log, 'the message in hand', OUTBOX_STOP_LIMIT_MS, () => outboxStopped);
  await closeStep(app.log, 'the database', DATABASE_CLOSE_LIMIT_MS, () => database.close());
  await log.drained(LOG_DRAIN_LIMIT_MS);
});

// Before the first request rather than inside it (password-strength.ts).
preparePasswordChecks();

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await app.close();
  await database.close();
  process.exit(1);
}

const engine = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${pgliteDir(config)}`;
app.log.info(`Tools Factory is serving ${config.publicUrl} (database: ${engine})`);

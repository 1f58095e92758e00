import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';

/** How long a shutdown may take (draining requests, closing the database) before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  return openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

const config = readConfig();
const database = await openConfiguredDatabase(config);
if (config.seedDemo) await seedDemoData(database.db);
const app = await buildApp({ config, database });

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal ?? 'shutdown'} received: draining requests, then closing`);
  await app.close();
  await database.close();
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await app.close();
  await database.close();
  process.exit(1);
}

const engine = config.databaseUrl
  ? 'PostgreSQL'
  : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
app.log.info(`Tools Factory is serving ${config.publicUrl} (database: ${engine})`);

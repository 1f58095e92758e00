import { rmSync } from 'node:fs';
import { buildApp, type App, type BuildAppOptions } from '../app.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { seedDemoData } from '../modules/seed.ts';
import { createTestConfig } from './test-config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestAppOptions = {
  /** Config fields to change from createTestConfig()'s. */
  config?: Partial<Config>;
  /**
   * A database shared with other apps (two instances on one database); the caller closes it.
   * Without it the app gets a fresh database of its own, dropped when the app closes.
   */
  database?: DatabaseHandle;
  /** Seed the demo data before the app builds its catalog snapshot. */
  seed?: boolean;
  /** Run the periodic expiry sweep of unpaid orders (off: tests call the sweep with their clock). */
  sweepExpiredOrders?: boolean;
  /** Run the periodic sweep of payment reminders (off: tests call the sweep with their clock). */
  sweepInvoiceReminders?: boolean;
} & Pick<BuildAppOptions, 'logStream' | 'httpTimeouts' | 'outboxTiming' | 'now'>;

/**
 * The whole app on a fresh database (in-memory PGlite, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set), ready for `app.inject`. Close it with `app.close()`.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const config = createTestConfig(options.config);
  let owned: TestDatabase | undefined;
  let database = options.database;
  if (!database) {
    owned = await createTestDatabase();
    database = await owned.connect();
  }
  const cleanUp = async () => {
    await owned?.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  try {
    if (options.seed) await seedDemoData(database.db);
    return await buildApp({
      config,
      database,
      onClose: cleanUp,
      sweepExpiredOrders: options.sweepExpiredOrders ?? false,
      sweepInvoiceReminders: options.sweepInvoiceReminders ?? false,
      logStream: options.logStream,
      httpTimeouts: options.httpTimeouts,
      outboxTiming: options.outboxTiming,
      now: options.now,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

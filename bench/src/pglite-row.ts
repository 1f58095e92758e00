import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPgliteDatabase, type BenchDatabase } from './bench-database.ts';
import { startAppServer, type RunningServer } from './processes.ts';
import { watchServer, type WatchedServer } from './server-figures.ts';

/**
 * The steps every write row on PGlite takes (orders.ts, checkouts.ts): the data directory (the
 * one given, made, migrated and seeded by an earlier server with none on it now; else a new one
 * a first start makes, removed after), the row's own data added while no server holds it, the
 * server on it for the load, then the baseline in this process on the same data.
 */
export type PgliteRowSteps<Data, Loaded, Result> = {
  /** Names the row's servers and its data directory. */
  name: string;
  /** Given by the caller: a directory an earlier server left (the caller removes it). */
  dataDir: string | undefined;
  /** The server's environment beside DATA_DIR. */
  env: Record<string, string>;
  /** How the server's figures are labelled. */
  label: string;
  /** Adds the row's own data (its tools) with no server on the directory. */
  prepare: (database: BenchDatabase) => Promise<Data>;
  /** The load against the server. */
  load: (server: RunningServer, watched: WatchedServer, data: Data) => Promise<Loaded>;
  /** The bare baseline, on the same data once the server stopped. */
  baseline: (database: BenchDatabase, data: Data, loaded: Loaded) => Promise<Result>;
};

export async function runPgliteRow<Data, Loaded, Result>(
  steps: PgliteRowSteps<Data, Loaded, Result>,
): Promise<{ loaded: Loaded; bare: Result }> {
  const dataDir =
    steps.dataDir ?? mkdtempSync(path.join(tmpdir(), `tools-factory-bench-${steps.name}-`));
  const pgliteDir = path.join(dataDir, 'pglite');
  try {
    if (!steps.dataDir) {
      await (await startAppServer(`${steps.name}-pglite-init`, { DATA_DIR: dataDir })).stop();
    }
    const data = await withPgliteDatabase(pgliteDir, steps.prepare);
    const server = await startAppServer(`${steps.name}-pglite`, {
      DATA_DIR: dataDir,
      ...steps.env,
    });
    let loaded: Loaded;
    try {
      loaded = await steps.load(server, await watchServer(server, steps.label), data);
    } finally {
      await server.stop();
    }
    const bare = await withPgliteDatabase(pgliteDir, (database) =>
      steps.baseline(database, data, loaded),
    );
    return { loaded, bare };
  } finally {
    if (!steps.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The steps of a write row whose server and baseline take turns on PGlite (orders.ts): both stay
 * open, the server on the data directory and the baseline in this process on a copy of it made
 * once the server's accounts exist, so neither has to stop for the other between rounds.
 */
export type SideBySideSteps<Data, Enrolled, Result> = Pick<
  PgliteRowSteps<Data, unknown, Result>,
  'name' | 'dataDir' | 'env' | 'label' | 'prepare'
> & {
  /** What the baseline needs of a server too (its accounts), on a first server stopped after. */
  enroll: (server: RunningServer, data: Data) => Promise<Enrolled>;
  /** The rounds, the server and the baseline's copy both open. */
  measure: (
    server: RunningServer,
    watched: WatchedServer,
    bare: BenchDatabase,
    data: Data,
    enrolled: Enrolled,
  ) => Promise<Result>;
};

export async function runPgliteSideBySide<Data, Enrolled, Result>(
  steps: SideBySideSteps<Data, Enrolled, Result>,
): Promise<Result> {
  const dataDir =
    steps.dataDir ?? mkdtempSync(path.join(tmpdir(), `tools-factory-bench-${steps.name}-`));
  const pgliteDir = path.join(dataDir, 'pglite');
  const copyDir = mkdtempSync(path.join(tmpdir(), `tools-factory-bench-${steps.name}-bare-`));
  const env = { DATA_DIR: dataDir, ...steps.env };
  try {
    if (!steps.dataDir) {
      await (await startAppServer(`${steps.name}-pglite-init`, { DATA_DIR: dataDir })).stop();
    }
    const data = await withPgliteDatabase(pgliteDir, steps.prepare);
    const first = await startAppServer(`${steps.name}-pglite-enrol`, env);
    let enrolled: Enrolled;
    try {
      enrolled = await steps.enroll(first, data);
    } finally {
      await first.stop();
    }
    cpSync(pgliteDir, copyDir, { recursive: true });
    const server = await startAppServer(`${steps.name}-pglite`, env);
    try {
      const watched = await watchServer(server, steps.label);
      return await withPgliteDatabase(copyDir, (bare) =>
        steps.measure(server, watched, bare, data, enrolled),
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
    if (!steps.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

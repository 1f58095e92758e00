import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { pgliteExtensions } from '../db/pglite-extensions.ts';
import { runAdminQuery, withDatabaseName } from './postgres-admin.ts';

/** A database of its own for one test (or for several apps of one test), dropped at the end. */
export type TestDatabase = {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: this database's URL (for a test that connects its own way, e.g. through a proxy). */
  url: string | undefined;
  /**
   * A new handle on this database: for PostgreSQL its own pool and listeners (as a second
   * server instance would have); for PGlite the same in-process engine.
   */
  connect(): Promise<DatabaseHandle>;
  /** Closes every handle made by connect() and drops the database. */
  destroy(): Promise<void>;
};

/** PostgreSQL when TEST_DATABASE_URL is set (`npm run test:postgres`), in-memory PGlite otherwise. */
export function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

// --- PGlite -----------------------------------------------------------------------------------
//
// A fresh PGlite takes seconds to initialise (initdb in WASM). So the migrated data directory is
// made once per machine and migration set (a tarball in the temp folder, named by a hash of the
// migrations), loaded once per test worker as a template, and each test database is a clone().

const templateDir = path.join(tmpdir(), 'tools-factory-pglite-template');

function migrationsHash(): string {
  const hash = createHash('sha256');
  // A new PGlite may not read an older one's data directory: its version is part of the key.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = path.resolve(path.dirname(pgliteEntry), '..', 'package.json');
  const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string })
    .version;
  hash.update(pgliteVersion);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** Templates of older migration sets (about 40 MB each), once nobody made them for an hour. */
function removeStaleTemplates(current: string): void {
  for (const name of readdirSync(templateDir)) {
    const file = path.join(templateDir, name);
    if (file === current || !name.endsWith('.tar')) continue;
    const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modified > 60 * 60 * 1000) rmSync(file, { force: true });
  }
}

async function buildTemplateDump(file: string): Promise<void> {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await openDatabase({ kind: 'pglite-instance', pglite });
    const dump = await pglite.dumpDataDir('none');
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
    removeStaleTemplates(file);
  } finally {
    await pglite.close();
  }
}

/** The migrated data directory as a tarball; one worker makes it while the others wait. */
async function templateDumpFile(): Promise<string> {
  mkdirSync(templateDir, { recursive: true });
  const file = path.join(templateDir, `${migrationsHash()}.tar`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 180_000;
  while (!existsSync(file)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is making it; take over a lock left by a crashed one.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${file}`);
      await sleep(100);
      continue;
    }
    try {
      if (!existsSync(file)) await buildTemplateDump(file);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return file;
}

let template: Promise<PGlite> | undefined;

function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const dump = readFileSync(await templateDumpFile());
    return PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  })();
  return template;
}

/**
 * A migrated PGlite data directory at `dir`, unpacked from the template: for a real server started
 * in a child process, which would otherwise spend seconds in initdb.
 */
export async function createPgliteDataDir(dir: string): Promise<void> {
  const dump = readFileSync(await templateDumpFile());
  const pglite = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([dump]),
    extensions: pgliteExtensions,
  });
  await pglite.close();
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  // clone() is typed as the PGlite interface, but it makes a PGlite like the template.
  const pglite = (await (await pgliteTemplate()).clone()) as PGlite;
  const handles: DatabaseHandle[] = [];
  return {
    kind: 'pglite',
    url: undefined,
    async connect() {
      const handle = await openDatabase({ kind: 'pglite-instance', pglite });
      // Every handle shares the engine: only destroy() closes it.
      const shared: DatabaseHandle = { ...handle, close: async () => {} };
      handles.push(shared);
      return shared;
    },
    async destroy() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

// --- PostgreSQL -------------------------------------------------------------------------------

async function createPostgresTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `tools_factory_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const identifier = pg.escapeIdentifier(name);
  await runAdminQuery(adminUrl, `create database ${identifier}`);
  const url = withDatabaseName(adminUrl, name);
  const handles: DatabaseHandle[] = [];
  return {
    kind: 'postgres',
    url,
    async connect() {
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
      handles.push(handle);
      return handle;
    },
    async destroy() {
      await Promise.allSettled(handles.splice(0).map((handle) => handle.close()));
      await runAdminQuery(adminUrl, `drop database if exists ${identifier} with (force)`);
    },
  };
}

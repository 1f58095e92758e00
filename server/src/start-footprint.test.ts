import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
} from './testing/test-database.ts';
import { ensureWebBuilt } from './proof/web-build.ts';

const serverEntry = path.resolve(import.meta.dirname, 'server.ts');
/** What `npm run serve` runs: the server bundled by `npm run build` (scripts/build-server.ts). */
const builtEntry = path.resolve(import.meta.dirname, '..', 'dist', 'server.js');

/**
 * Packages only some requests or some configurations need, each holding MB of code and heap in
 * every process that imports them: they are imported on first use (decision 014). A static import
 * that pulls one in at start again fails here.
 */
const LOADED_ON_FIRST_USE = [
  'stripe', // only with STRIPE_SECRET_KEY
  'pdfkit', // the first invoice
  'fontkit',
  'nodemailer', // the first e-mail
  'ioredis', // only with REDIS_URL
  'sharp', // the first picture uploaded
];

/**
 * Preloaded into the server: records every module Node loads (import and require alike, through
 * the in-thread module hooks) and writes their URLs to LOADED_MODULES_FILE when the process exits.
 */
const recordLoadedModules = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = new Set();
registerHooks({ load(url, context, nextLoad) { loaded.add(url); return nextLoad(url, context); } });
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, [...loaded].join('\\n')));
`;

/** The npm packages among the loaded modules' URLs ('@scope/name' or 'name'). */
function packagesOf(urls: string[]): Set<string> {
  const names = urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]);
  return new Set(names.filter((name) => name !== undefined));
}

/**
 * Starts the real server (`entry`, on the suite's engine) until it says it is serving, stops it
 * with SIGTERM and answers the URLs of the modules it had loaded by then.
 */
function modulesLoadedAtStart(
  entry: string,
  env: Record<string, string>,
  dir: string,
): Promise<string[]> {
  const listFile = path.join(dir, 'loaded-modules.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(recordLoadedModules)}`, entry],
      {
        env: {
          PATH: process.env.PATH ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          SEED_DEMO: '0',
          ACCESS_TOKEN_SECRET: 'footprint-test-access-token-secret-01234',
          BETTER_AUTH_SECRET: 'footprint-test-better-auth-secret-01234',
          DATA_DIR: dir,
          LOADED_MODULES_FILE: listFile,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Tools Factory is serving')) child.kill('SIGTERM');
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(guard);
      try {
        resolve(readFileSync(listFile, 'utf8').split('\n'));
      } catch (error) {
        reject(new Error(`the server left no module list: ${String(error)}\n${output}`));
      }
    });
  });
}

describe('what the server loads at start', () => {
  let dir: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-footprint-'));
    // On PostgreSQL (test:postgres) a database of its own; on PGlite a migrated data directory
    // where the server looks for it (DATA_DIR/pglite), as a server that ran before finds it.
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    else await createPgliteDataDir(path.join(dir, 'pglite'));
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  // The build must keep what the sources leave for later: a bundle that inlined the Stripe
  // gateway or the invoices would import their packages at start.
  it.each([
    ['sources', serverEntry],
    ['build', builtEntry],
  ])(
    'leaves the packages of rare work, and the other engine, for later (%s)',
    async (_, entry) => {
      if (entry === builtEntry) ensureWebBuilt('start-footprint');
      const onPostgres = database?.url !== undefined;
      const modules = await modulesLoadedAtStart(
        entry,
        database?.url ? { DATABASE_URL: database.url } : {},
        dir,
      );
      const packages = packagesOf(modules);

      // The probe saw the start: the server's own packages and its engine's driver are there.
      expect(packages).toContain('fastify');
      expect(packages).toContain('better-auth');
      expect(packages).toContain(onPostgres ? 'pg' : '@electric-sql/pglite');

      const otherEngine = onPostgres ? '@electric-sql/pglite' : 'pg';
      const loadedTooEarly = [...LOADED_ON_FIRST_USE, otherEngine].filter((name) =>
        packages.has(name),
      );
      expect(loadedTooEarly).toEqual([]);
    },
    90_000,
  );

  it('runs no TypeScript when built: the type stripper stays out of its memory', async () => {
    ensureWebBuilt('start-footprint');
    const modules = await modulesLoadedAtStart(
      builtEntry,
      database?.url ? { DATABASE_URL: database.url } : {},
      dir,
    );
    expect(modules.some((url) => url.endsWith('/server/dist/server.js'))).toBe(true);
    expect(modules.filter((url) => /\.m?tsx?$/.test(url))).toEqual([]);
  }, 90_000);
});

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';
import { HANG_LIMIT_MS } from './hang-limits.ts';

const run = promisify(execFile);

/** Where Debian puts each major version's server binaries (initdb, postgres). */
const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The newest PostgreSQL server binaries on the machine, or undefined. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((version) => existsSync(path.join(DEBIAN_POSTGRES, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(DEBIAN_POSTGRES, versions[0], 'bin') : undefined;
}

export type ThrowawayPostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** SIGKILL on the postmaster and its backends: a crash. */
  kill9(): Promise<void>;
  /** Starts the postmaster again on the same data and port (crash recovery runs first). */
  restart(): Promise<void>;
  /** Ends the backends `where` picks (SQL over pg_stat_activity); resolves to how many. */
  terminateBackends(where: string): Promise<number>;
  /** The server's last log lines, for a failing test's message. */
  output(): string;
  /** Stops the cluster and removes its files. */
  destroy(): Promise<void>;
};

const KEPT_OUTPUT_CHARS = 20_000;

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, a free port), never the
 * machine's shared server: a test may kill it. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the `postgres` user, as Debian's own does.
 */
export async function startThrowawayPostgres(
  name: string,
  options: {
    /** Where its files go (default the temp folder): a small disk of the test's, to fill. */
    parentDir?: string;
  } = {},
): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL's server binaries are missing (initdb): install Debian's postgresql package; " +
        '.ci/run does so when it runs as root.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(options.parentDir ?? tmpdir(), 'tools-factory-pg-'));
  const dataDir = path.join(dir, 'data');
  const asPostgres = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (asRoot) {
    const { uid, gid } = await postgresUser();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const [initdb, initdbArgs] = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  await run(initdb, initdbArgs);
  const port = await freePort();
  let output = '';
  let child: ChildProcess | undefined;

  const startPostmaster = async () => {
    const [postgres, args] = asPostgres(path.join(bin, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ]);
    // A process group of its own: a kill takes the postmaster and every backend at once.
    const started = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    };
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    child = started;
    const deadline = Date.now() + HANG_LIMIT_MS;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`${name} exited at start:\n${output}`);
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
      }
      if (Date.now() > deadline) {
        throw new Error(`${name} did not start in ${HANG_LIMIT_MS / 1000} s:\n${output}`);
      }
      await sleep(100);
    }
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const killOnExit = () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  };
  process.once('exit', killOnExit);

  const kill9 = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    // The whole group (runuser, the postmaster, its backends), as a crash of the machine would.
    try {
      process.kill(-running.pid!, 'SIGKILL');
    } catch {
      running.kill('SIGKILL');
    }
    await gone;
  };

  /**
   * The old postmaster's backends notice its death and exit within moments; until then a new
   * postmaster refuses to start (their shared memory is in use): tried again until it starts.
   */
  const restart = async () => {
    const deadline = Date.now() + HANG_LIMIT_MS;
    for (;;) {
      try {
        await startPostmaster();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(250);
      }
    }
  };

  await startPostmaster();
  return {
    url,
    port,
    kill9,
    restart,
    async terminateBackends(where) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and (${where})`,
        );
        return result.rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    output: () => output,
    async destroy() {
      await kill9();
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

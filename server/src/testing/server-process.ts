import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.ts';
import { HANG_LIMIT_MS } from './hang-limits.ts';

// Re-exported: the tests that start server processes take their ports from here.
export { freePort };

/**
 * The real server (`node server/src/server.ts`) in a child process, for tests that need what
 * `inject` cannot show: several processes on one database, a load balancer in front, a process
 * killed with SIGKILL. Every child started here is killed when the test process exits, whatever
 * happened to the test.
 */

const serverEntry = path.resolve(import.meta.dirname, '..', 'server.ts');

/** Children still running: killed on exit should a test forget one (or crash before afterAll). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export type ServerProcess = {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>`: the instance itself, not the public origin. */
  url: string;
  pid: number;
  /** Whether the process is still there. */
  running(): boolean;
  /** The last lines the server printed (stdout and stderr), for a failing test's message. */
  output(): string;
  /** SIGKILL: no drain, no close; resolves once the process is gone. */
  kill9(): Promise<void>;
  /**
   * SIGTERM (the server drains and closes), SIGKILL after `graceMs`; resolves once gone, with
   * how it ended and how long it took.
   */
  stop(graceMs?: number): Promise<ProcessEnd>;
};

/** How a process ended: its exit code, or the signal that killed it. */
export type ProcessEnd = { code: number | null; signal: NodeJS.Signals | null; ms: number };

const KEPT_OUTPUT_CHARS = 20_000;

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the server with exactly `env` (plus PATH and HOME, never the test process's own
 * variables) on a free port (or `port`), and resolves once GET /api/ready answers 200.
 */
export async function startServerProcess(options: {
  name: string;
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const { name, env, readyTimeoutMs = HANG_LIMIT_MS } = options;
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name,
    port,
    url,
    pid: child.pid ?? 0,
    running: () => !exited(child),
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
    async stop(graceMs = 10_000) {
      const startedAt = Date.now();
      if (!exited(child)) {
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.kill('SIGTERM');
        await waitForExit(child);
        clearTimeout(timer);
      }
      return { code: child.exitCode, signal: child.signalCode, ms: Date.now() - startedAt };
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited(child)) {
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before ready:\n${output}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`${name} did not answer /api/ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(50);
  }
}

import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../server/src/testing/free-port.ts';
import type { RecordedResponse } from './http.ts';
import { SERVER_NODE_FLAGS } from './memory.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  name: string;
  baseUrl: string;
  /** The server's own process (not a wrapper), for its RSS. */
  pid: number;
  /** From spawn to the first answer that says it is ready (the app: 200 from /api/ready). */
  readyMs: number;
  stop: () => Promise<void>;
};

function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    // Often enough that the start-to-ready figure is not rounded up by the polling.
    await sleep(20);
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The real server as `npm run serve` runs it (node server/dist/server.js, built by the bench's
 * `npm run build`) on a random port with a fresh data directory, so
 * it seeds the demo catalog; `env` adds or overrides variables (e.g. DATABASE_URL).
 */
export async function startAppServer(
  name: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-bench-'));
  const spawnedAt = performance.now();
  // The flags `npm run serve` gives the server (see memory.ts), so its RSS is the one users get.
  const nodeArgs = [...SERVER_NODE_FLAGS, ...extraNodeFlags(), 'server/dist/server.js'];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let readyMs: number;
  try {
    await waitUntilReady(`${baseUrl}/api/ready`, child, 120_000);
    readyMs = performance.now() - spawnedAt;
  } catch (error) {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    name,
    baseUrl,
    pid: child.pid ?? 0,
    readyMs,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * BENCH_SERVER_NODE_FLAGS: more node flags for the app's servers (space-separated), to look
 * inside a row (e.g. `--trace-gc`, `--cpu-prof --cpu-prof-dir=/tmp/prof`); the figures of such a
 * run are not the product's.
 */
function extraNodeFlags(): string[] {
  return (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

export type BareRoute = { path: string; response: RecordedResponse };

/**
 * Headers that belong to one connection or one moment, which node:http sets itself. Every other
 * header the app sent (content-type, content-encoding, cache-control, etag, the security headers
 * ...) is replayed, so the baseline sends the same bytes, headers included.
 */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

function replayedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name)));
}

/** The baseline server (bare-server.ts) in its own process, answering the recorded responses. */
export async function startBareServer(routes: BareRoute[]): Promise<RunningServer> {
  const forkedAt = performance.now();
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], {
    execPath: process.execPath,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
    child.send({
      routes: routes.map(({ path: routePath, response }) => ({
        path: routePath,
        status: response.status,
        headers: replayedHeaders(response.headers),
        bodyBase64: response.body.toString('base64'),
      })),
    });
  });
  return {
    name: 'bare',
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    readyMs: performance.now() - forkedAt,
    stop: () => stopChild(child),
  };
}

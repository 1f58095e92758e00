import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedResponse } from './http.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningServer = { name: string; baseUrl: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

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
    await sleep(200);
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The real server (node server/src/server.ts) on a random port with a fresh data directory, so
 * it seeds the demo catalog; `env` adds or overrides variables (e.g. DATABASE_URL).
 */
export async function startAppServer(
  name: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-bench-'));
  const child = spawn(process.execPath, ['server/src/server.ts'], {
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
  try {
    await waitUntilReady(`${baseUrl}/api/ready`, child, 120_000);
  } catch (error) {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    name,
    baseUrl,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BareRoute = { path: string; response: RecordedResponse };

/** The baseline server (bare-server.ts) in its own process, answering the recorded responses. */
export async function startBareServer(routes: BareRoute[]): Promise<RunningServer> {
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
        contentType: response.headers['content-type'] ?? 'application/octet-stream',
        bodyBase64: response.body.toString('base64'),
      })),
    });
  });
  return { name: 'bare', baseUrl: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

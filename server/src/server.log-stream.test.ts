import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDataDir } from './testing/test-database.ts';
import { freePort } from './testing/server-process.ts';

const serverEntry = path.resolve(import.meta.dirname, 'server.ts');

/** What server.ts gives a shutdown before its own timer ends the process with exit 1. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * A process still there this long after its SIGTERM is hung: it is killed and the test fails.
 * Far beyond the timer, so that only a hang reaches it, not a slow machine.
 */
const HUNG_AFTER_MS = SHUTDOWN_GRACE_MS + 50_000;

/** The test's own limit: a start on a loaded machine, then HUNG_AFTER_MS at most. */
const TEST_TIMEOUT_MS = 5 * 60_000;

type End = { code: number | null; signal: NodeJS.Signals | null; ms: number };

/**
 * Issue 40, item 14: a server whose log reader is gone (a closed pipe: a log shipper that died,
 * `npm start | head`) or no longer reads (a full pipe) still ends on SIGTERM, with exit 0, within
 * its timer. Pino's own destination flushed its last lines at exit in a loop that retried the
 * failed write (EPIPE, EAGAIN) for ever, inside process.exit, where no timer fires: the process
 * lived until SIGKILL.
 */
describe('a SIGTERM with the log reader gone', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  async function startServer(
    stdout: 'pipe' | number,
    logLevel = 'info',
  ): Promise<{
    child: ChildProcess;
    url: string;
    output: () => string;
  }> {
    const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-log-stream-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await createPgliteDataDir(path.join(dir, 'pglite'));
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: logLevel,
        SEED_DEMO: '0',
        DATA_DIR: dir,
        ACCESS_TOKEN_SECRET: 'log-stream-test-access-token-secret-0123',
        BETTER_AUTH_SECRET: 'log-stream-test-better-auth-secret-01234',
      },
      stdio: ['ignore', stdout, 'pipe'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited before ready:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    // A few answers more, so the log has lines of its own in flight.
    await Promise.all(
      Array.from({ length: 5 }, () => fetch(`http://127.0.0.1:${port}/api/health`)),
    );
    return { child, url: `http://127.0.0.1:${port}`, output: () => output };
  }

  async function terminate(child: ChildProcess): Promise<End> {
    const startedAt = Date.now();
    const ended = new Promise<End>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - startedAt })),
    );
    const hung = setTimeout(() => child.kill('SIGKILL'), HUNG_AFTER_MS);
    child.kill('SIGTERM');
    const end = await ended;
    clearTimeout(hung);
    return end;
  }

  it(
    'exits 0 within its timer when its stdout pipe was closed by the reader',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { child, url, output } = await startServer('pipe', 'debug');
      // The reader goes away (the pipe's reading end is closed) while the server logs.
      child.stdout!.destroy();
      const ending = terminate(child);
      await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          fetch(`${url}/api/health`).then((answer) => answer.text()),
        ),
      );
      const end = await ending;
      expect(end, output()).toMatchObject({ code: 0, signal: null });
      expect(end.ms, output()).toBeLessThan(HUNG_AFTER_MS);
      // Not ended by an error: nothing on stderr about the broken pipe.
      expect(output()).not.toMatch(/EPIPE|Unhandled|uncaught/i);
    },
  );

  it(
    'exits 0 within its timer when nobody reads its stdout (a full pipe)',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-full-pipe-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const fifo = path.join(dir, 'stdout');
      execFileSync('mkfifo', [fifo]);
      // A reader that never reads, and the pipe filled to the brim before the server writes a line.
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      cleanups.push(() => closeSync(reader));
      const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      cleanups.push(() => closeSync(writer));
      for (const size of [4096, 1]) {
        const block = Buffer.alloc(size, 'x');
        for (;;) {
          try {
            writeSync(writer, block);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
            throw error;
          }
        }
      }
      const { child, output } = await startServer(writer);
      const end = await terminate(child);
      expect(end, output()).toMatchObject({ code: 0, signal: null });
      expect(end.ms, output()).toBeLessThan(HUNG_AFTER_MS);
    },
  );
});

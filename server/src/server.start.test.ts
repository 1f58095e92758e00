import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, 'server.ts');

type Exit = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the real server as `npm start` does (vitest already runs on the project's Node), with
 * only the given environment, and waits for it to exit.
 */
function runServer(env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        ACCESS_TOKEN_SECRET: 'start-test-access-token-secret-0123456789',
        BETTER_AUTH_SECRET: 'start-test-better-auth-secret-0123456789',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that did start would never exit by itself: stop it so the test fails, not hangs.
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

function expectOneLineNoStack(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

describe('server start with a database out of reach', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-start-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prints one line naming DATABASE_URL, without the password, and exits 1', async () => {
    const exit = await runServer({
      // Port 1 on the loopback: nothing listens there.
      DATABASE_URL: 'postgres://shopkeeper:Sup3r-s3cret@127.0.0.1:1/tools',
      DATA_DIR: tempDir(),
    });
    expect(exit.code).toBe(1);
    const line = expectOneLineNoStack(exit.stderr);
    expect(line).toContain('DATABASE_URL');
    expect(line).toContain('127.0.0.1:1');
    expect(line).toContain('ECONNREFUSED');
    expect(exit.stderr + exit.stdout).not.toContain('Sup3r-s3cret');
    expect(exit.stderr + exit.stdout).not.toContain('shopkeeper');
  }, 30_000);

  it('prints one line naming DATA_DIR when the embedded database cannot be opened', async () => {
    const dataDir = tempDir();
    // Where PGlite keeps its files, a plain file: it cannot open it.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite'), 'not a database');
    const exit = await runServer({ DATA_DIR: dataDir });
    expect(exit.code).toBe(1);
    const line = expectOneLineNoStack(exit.stderr);
    expect(line).toContain('DATA_DIR');
    expect(line).toContain(path.join(dataDir, 'pglite'));
  }, 30_000);
});

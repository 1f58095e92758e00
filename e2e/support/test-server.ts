import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TestServer = { port: number; oidcPort: number; dataDir: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A free port and a fresh data directory for the app under test. Playwright loads the config in
 * the runner and again in each worker; the runner decides once and hands its choice to the workers
 * through the environment they inherit, so every process agrees on one server.
 */
export async function prepareTestServer(): Promise<TestServer> {
  const known = process.env.E2E_PORT && process.env.E2E_OIDC_PORT && process.env.E2E_DATA_DIR;
  if (known) {
    return {
      port: Number(process.env.E2E_PORT),
      oidcPort: Number(process.env.E2E_OIDC_PORT),
      dataDir: process.env.E2E_DATA_DIR!,
    };
  }
  const port = await freePort();
  const oidcPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-e2e-'));
  process.env.E2E_PORT = String(port);
  process.env.E2E_OIDC_PORT = String(oidcPort);
  process.env.E2E_DATA_DIR = dataDir;
  // The runner owns the directory: it goes when the runner exits (after the web server is stopped).
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { port, oidcPort, dataDir };
}

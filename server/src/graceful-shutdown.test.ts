import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
} from './testing/test-database.ts';

/** What server.ts gives a shutdown before its own timer ends the process with exit 1. */
const SHUTDOWN_GRACE_MS = 10_000;

/** What a client was told: the status, the `Connection` header, and whether its socket was a kept one. */
type Answer = { status: number; connection: string | undefined; reused?: boolean };

/** A GET on a keep-alive connection that stays open, idle, after its answer (as nginx keeps them). */
function getOnKeptConnection(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            reused: request.reusedSocket,
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A POST on a keep-alive connection whose body is sent only when `finish` is called: a request in
 * flight when the SIGTERM comes, on a connection a proxy would keep open after its answer.
 */
function postInFlight(agent: http.Agent, url: string) {
  const body = JSON.stringify({ name: 'Dana Drain', email: 'dana@example.com', message: 'Hi' });
  let answered!: (answer: Answer) => void;
  let failed!: (error: Error) => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const request = http.request(url, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  request.on('response', (response) => {
    response.resume();
    response.on('end', () =>
      answered({ status: response.statusCode ?? 0, connection: response.headers.connection }),
    );
  });
  request.on('error', failed);
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

/**
 * Issue 23, item 2: SIGTERM ends the process with exit 0, well within its timer, even while a
 * client (a proxy) holds keep-alive connections open, idle or with a request in flight that is
 * answered after the signal; each step of the close says what it took.
 */
describe('a SIGTERM', () => {
  let dir: string;
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-shutdown-'));
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    else await createPgliteDataDir(path.join(dir, 'pglite'));
  });
  afterAll(async () => {
    await server?.kill9();
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('drains, closes every part and exits 0 with keep-alive connections open', async () => {
    server = await startServerProcess({
      name: 'the shutdown server',
      env: {
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
        ACCESS_TOKEN_SECRET: 'shutdown-test-access-token-secret-012345',
        BETTER_AUTH_SECRET: 'shutdown-test-better-auth-secret-0123456',
        DATA_DIR: dir,
        ...(database?.url && { DATABASE_URL: database.url }),
      },
    });
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: 4 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 4 }, () => getOnKeptConnection(agent, `${server!.url}/api/parts`)),
      );
      expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      // Four sockets open and idle: Node's server.close() alone would wait for them.
      expect(Object.values(agent.freeSockets).flat().length).toBeGreaterThan(0);

      // A request in flight when the SIGTERM comes: answered, and its connection then closed.
      const inFlight = postInFlight(agent, `${server.url}/api/contact`);
      await sleep(300);
      const stopping = server.stop(SHUTDOWN_GRACE_MS + 5_000);
      await sleep(300);
      // A request written on an idle kept connection just after the signal (a proxy that picked
      // that connection as the close began) is answered, 503 in words, and the connection then
      // closed: the connection is not closed under it (issue 40, item 11).
      expect(await getOnKeptConnection(agent, `${server.url}/api/parts`)).toEqual({
        status: 503,
        connection: 'close',
        reused: true,
      });
      inFlight.finish();
      expect(await inFlight.answer).toEqual({ status: 200, connection: 'close' });

      const end = await stopping;
      expect(end, server.output()).toMatchObject({ code: 0, signal: null });
      // Well within the timer (it ends the process with exit 1).
      expect(end.ms, server.output()).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
      for (const step of [
        'requests and background work',
        'the expiry sweep',
        'the reminder sweep',
        'the catalog',
        'the e-mail outbox',
        'the mailer',
        'the database',
      ]) {
        expect(server.output()).toMatch(new RegExp(`closing: ${step} took \\d+ ms`));
      }
      expect(server.output()).not.toMatch(/killed by timeout|second error|going on/);
    } finally {
      agent.destroy();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../testing/smtp.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { pgliteExtensions } from '../db/pglite-extensions.ts';
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
} from '../testing/test-database.ts';

/**
 * Issue 40, item 12 (decision 017): the real server delivering e-mails to a mail server, killed
 * with SIGKILL in the middle, or stopped with SIGTERM while a request holds its drain, then
 * started again to deliver the rest. A crash may repeat at most the one message that was in
 * flight, with the same Message-ID; a graceful stop repeats none, and notes what it sent before
 * its database closes.
 *
 * On PGlite (DATA_DIR) under `npm test`, on PostgreSQL under `npm run test:postgres`.
 */

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * The mail server keeps each message once its data has ended and answers 20 ms later: the
 * worker is always in the middle of a send, and a kill often falls inside one.
 */
const ANSWER_AFTER_MS = 20;
const CRASH_MESSAGES = 300;
const KILLS = 3;
/** Each run is killed once this many more messages arrived, after a pause of chance. */
const RECEIVED_BEFORE_KILL = 15;
const STOP_MESSAGES = 1_000;
/**
 * Messages that may still arrive once SIGTERM is sent: the one in flight, and one begun before
 * the process reads the signal. The worker stops taking new ones at once, not after the drain.
 */
const SENT_AFTER_SIGNAL_AT_MOST = 3;
/** What server.ts gives a shutdown before its own timer ends the process with exit 1. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Limits that only a hang reaches, on a machine loaded by other work. */
const HANG_MS = 180_000;

type Rows = Record<string, unknown>[];

/** Waits for `condition`, checking every 20 ms; fails only past a hang's limit. */
async function waitUntil(what: string, condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + HANG_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * A request in flight whose body never ends (a slow client): the server's drain waits for it up
 * to its limit, as it did for the checkouts of the fault run's load.
 */
function requestHoldingTheDrain(url: string): { abort(): void } {
  const body = JSON.stringify({ name: 'Slow Sam', email: 'sam@example.com', message: 'Hi' });
  const request = http.request(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  request.on('error', () => {});
  request.write(body.slice(0, 10));
  return { abort: () => request.destroy() };
}

/** The log lines of a worker that noted (or tried to) after its database closed. */
const NOTED_AFTER_CLOSE = /Cannot use a pool|PGlite is closed|not (yet )?noted as sent/;

describe(`e-mails on ${engine}: a crash repeats at most the message in flight, a stop none`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let smtp: LocalSmtpServer;
  let environment: Record<string, string>;
  const servers: ServerProcess[] = [];

  const start = async (name: string) => {
    const server = await startServerProcess({ name, env: environment, readyTimeoutMs: HANG_MS });
    servers.push(server);
    return server;
  };

  /** SQL on the server's database (PGlite only while no server runs: it has one owner). */
  async function query(text: string): Promise<Rows> {
    if (database?.url) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text)).rows as Rows;
      } finally {
        await client.end();
      }
    }
    if (servers.some((server) => server.running())) throw new Error('PGlite has one owner');
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: pgliteExtensions,
    });
    try {
      return (await pglite.query(text)).rows as Rows;
    } finally {
      await pglite.close();
    }
  }

  /** `count` messages with subjects `<tag> <n>`, due now for any instance. */
  const writeMessages = (tag: string, count: number) =>
    query(`
      insert into outbox_messages (origin, "to", subject, text, html, about, created_at)
      select 'the test', 'reader-' || n || '@example.com', '${tag} ' || n, 'Text ' || n,
        '<p>Html ' || n || '</p>', jsonb_build_object('mail', 'test message', 'n', n),
        now() - interval '1 hour'
      from generate_series(1, ${count}) as n`);

  /** A dead instance's claims run out (two minutes, in real time). */
  const expireLeases = () =>
    query(`update outbox_messages set locked_until = null where sent_at is null`);

  /** The Message-IDs of the messages of `tag` the mail server was given, in order. */
  const receivedIds = (tag: string) =>
    smtp.received
      .filter((mail) => mail.headers.subject?.startsWith(`${tag} `))
      .map((mail) => mail.headers['message-id'] ?? '');

  const distinct = (ids: readonly string[]) => new Set(ids).size;

  /** How many times each Message-ID came, for those that came more than once. */
  function repeated(ids: readonly string[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return new Map([...counts].filter(([, count]) => count > 1));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-outbox-repeats-'));
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      // Migrated before the test writes its messages (the handle closes with destroy()).
      await database.connect();
    } else {
      await createPgliteDataDir(path.join(dataDir, 'pglite'));
    }
    smtp = await startLocalSmtpServer({ answerAfterMs: ANSWER_AFTER_MS });
    environment = {
      SEED_DEMO: '0',
      ACCESS_TOKEN_SECRET: 'outbox-repeats-access-token-secret-01234',
      BETTER_AUTH_SECRET: 'outbox-repeats-better-auth-secret-012345',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ...(database?.url && { DATABASE_URL: database.url }),
    };
  }, HANG_MS);

  afterAll(async () => {
    for (const server of servers) await server.kill9();
    await smtp?.close();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }, HANG_MS);

  it(
    'a kill -9 while delivering repeats at most the one message in flight, with its Message-ID',
    async () => {
      await writeMessages('Crash', CRASH_MESSAGES);
      /** How many of the messages had arrived when each run was killed. */
      const arrivedAtKill: number[] = [];
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const server = await start(`the instance killed ${kill}`);
        const before = receivedIds('Crash').length;
        await waitUntil(
          'messages to arrive',
          () => receivedIds('Crash').length >= before + RECEIVED_BEFORE_KILL,
        );
        await sleep(randomInt(0, 250));
        await server.kill9();
        // What the dead process wrote to its socket is read to the end.
        await sleep(300);
        arrivedAtKill.push(receivedIds('Crash').length);
        await expireLeases();
      }
      expect(distinct(receivedIds('Crash'))).toBeLessThan(CRASH_MESSAGES);

      const last = await start('the instance that delivers the rest');
      await waitUntil('every message', () => distinct(receivedIds('Crash')) === CRASH_MESSAGES);
      const end = await last.stop(SHUTDOWN_GRACE_MS + 10_000);
      expect(end, last.output()).toMatchObject({ code: 0, signal: null });
      const unsent = await query(
        `select count(*)::int as n from outbox_messages
         where subject like 'Crash %' and sent_at is null`,
      );
      expect(unsent).toEqual([{ n: 0 }]);

      const ids = receivedIds('Crash');
      const twice = repeated(ids);
      // None more than twice; each repeat belongs to the run whose kill it followed.
      expect([...twice.values()].filter((count) => count > 2)).toEqual([]);
      const repeatsPerKill = arrivedAtKill.map((arrived, run) => {
        const from = run === 0 ? 0 : arrivedAtKill[run - 1]!;
        return [...twice.keys()].filter((id) => {
          const first = ids.indexOf(id);
          return first >= from && first < arrived;
        }).length;
      });
      expect(
        repeatsPerKill.every((count) => count <= 1),
        `repeats per kill: ${repeatsPerKill}`,
      ).toBe(true);
      // Each is the same message again: its Message-ID is its row's.
      for (const id of twice.keys()) expect(id).toMatch(/^<outbox-\d+@tools-factory>$/);
    },
    HANG_MS * 2,
  );

  it(
    'a SIGTERM while delivering stops taking messages at once and repeats none',
    async () => {
      await writeMessages('Stop', STOP_MESSAGES);
      const server = await start('the instance stopped');
      await waitUntil('messages to arrive', () => receivedIds('Stop').length >= 15);
      const slowClient = requestHoldingTheDrain(server.url);
      await sleep(randomInt(0, 250));
      const beforeSignal = receivedIds('Stop').length;
      const end = await server.stop(SHUTDOWN_GRACE_MS + 10_000);
      slowClient.abort();
      await sleep(300);
      const sentAfterSignal = receivedIds('Stop').length - beforeSignal;
      expect(end, server.output()).toMatchObject({ code: 0, signal: null });
      expect(server.output()).not.toMatch(NOTED_AFTER_CLOSE);
      // What it had claimed and not sent it gave back (a crash leaves it to the lease).
      const held = await query(
        `select count(*)::int as n from outbox_messages
         where subject like 'Stop %' and sent_at is null and locked_until > now()`,
      );
      // Whatever the old process left claimed, the next one may take at once: any repeat shows.
      await expireLeases();

      const next = await start('the instance after the stop');
      await waitUntil('every message', () => distinct(receivedIds('Stop')) === STOP_MESSAGES);
      const nextEnd = await next.stop(SHUTDOWN_GRACE_MS + 10_000);
      expect(nextEnd, next.output()).toMatchObject({ code: 0, signal: null });
      expect(next.output()).not.toMatch(NOTED_AFTER_CLOSE);

      expect([...repeated(receivedIds('Stop')).keys()]).toEqual([]);
      expect(held).toEqual([{ n: 0 }]);
      expect(sentAfterSignal).toBeLessThanOrEqual(SENT_AFTER_SIGNAL_AT_MOST);
    },
    HANG_MS * 2,
  );
});

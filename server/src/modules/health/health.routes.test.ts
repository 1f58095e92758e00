import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import { createStorageHealth } from '../../db/storage-health.ts';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createReadiness, READY_PROBE_INTERVAL_MS } from './readiness.ts';

/** Asks /api/ready until it answers `status` (each answer is kept a second): its last answer. */
async function readyUntil(app: App, status: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await app.inject('/api/ready');
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    await sleep(200);
  }
}

const quietLog = { warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** A raw statement's rows (Drizzle types them as unknown). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('GET /api/health and GET /api/ready', () => {
  it('answers that the process is up and the database reachable', async () => {
    const app = await buildTestApp();
    try {
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 on /api/ready (and still 200 on /api/health) when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: await database.connect() });
    try {
      await database.destroy();
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Database unavailable', statusCode: 503 });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      // The catalog keeps being served from its snapshot meanwhile.
      expect((await app.inject('/api/parts')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 on an idle instance whose database refuses a write, and 200 once it takes one', async () => {
    const database = await createTestDatabase();
    const handle = await database.connect();
    const app = await buildTestApp({ database: handle });
    try {
      expect((await app.inject('/api/ready')).statusCode).toBe(200);
      // A write the database refuses, as a full disk refuses one; `select 1` still answers.
      await handle.db.execute(
        sql`alter table readiness_heartbeat add constraint readiness_refused check (id <> 1) not valid`,
      );
      const refused = await readyUntil(app, 503);
      expect(refused.json()).toEqual({
        statusCode: 503,
        message: serverTexts.apiErrors.databaseRefusesWrites,
      });
      await handle.db.execute(
        sql`alter table readiness_heartbeat drop constraint readiness_refused`,
      );
      expect((await readyUntil(app, 200)).json()).toEqual({ status: 'ready', database: 'up' });
    } finally {
      await app.close();
      await handle.close();
      await database.destroy();
    }
  });

  it('writes the heartbeat at most once a second per instance, however often it is asked', async () => {
    const database = await createTestDatabase();
    const handle = await database.connect();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-ready-'));
    let clock = 0;
    const readiness = createReadiness({
      database: handle,
      storage: createStorageHealth({ dataDir }),
      log: quietLog,
      now: () => clock,
    });
    const writtenAt = async () =>
      rowsOf<{ at: string }>(
        await handle.db.execute(sql`select written_at::text as at from readiness_heartbeat`),
      )[0]?.at;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => readiness.check()));
      expect(answers.every((verdict) => verdict.ready)).toBe(true);
      const first = await writtenAt();
      expect(first).toBeDefined();
      clock += READY_PROBE_INTERVAL_MS - 1;
      await readiness.check();
      expect(await writtenAt()).toBe(first);
      clock += 1;
      await readiness.check();
      expect(await writtenAt()).not.toBe(first);
      // One row, whatever the number of probes.
      const count = rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from readiness_heartbeat`),
      );
      expect(count[0]!.n).toBe(1);
    } finally {
      await handle.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import type { App } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { buildTestApp } from '../testing/build-test-app.ts';
import { mountSmallDisk, type SmallDisk } from '../testing/small-disk.ts';
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../testing/throwaway-postgres.ts';

/**
 * An idle instance's readiness on a PostgreSQL whose disk is full (issue 40 item 13): the audit's
 * /api/ready said ready there, because `select 1` still answers; only the instance taking writes
 * answered 503. The cluster is the test's own (initdb on a small tmpfs of its own, never the
 * shared server's disk), filled to the last byte while an instance that takes no order asks
 * /api/ready; then the space comes back.
 *
 * Runs under `npm run test:postgres` (and needs root, for the tmpfs, as the full-disk proof does).
 */

const underPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** initdb's files (about 40 MB), the shop's migrations and a WAL segment fit, with room to fill. */
const DISK_MB = 128;
/** Limits for a hang only: the verdict changes within a second or two (one probe a second). */
const HANG_LIMIT_MS = 120_000;

describe.skipIf(!underPostgres || !findPostgresBin())(
  'an idle instance on a PostgreSQL whose disk is full',
  () => {
    let disk: SmallDisk;
    let postgres: ThrowawayPostgres;
    let database: DatabaseHandle;
    let app: App;

    beforeAll(async () => {
      disk = await mountSmallDisk(DISK_MB);
      postgres = await startThrowawayPostgres('the full-disk cluster', { parentDir: disk.dir });
      database = await openDatabase({ kind: 'postgres', url: postgres.url });
      app = await buildTestApp({ database });
    }, HANG_LIMIT_MS);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await postgres?.destroy();
      await disk?.unmount();
    }, HANG_LIMIT_MS);

    /** Asks /api/ready until it answers `status`: its answer, and how long that took. */
    const readyUntil = async (status: number) => {
      const startedAt = Date.now();
      for (;;) {
        const answer = await app.inject('/api/ready');
        if (answer.statusCode === status) return { answer, ms: Date.now() - startedAt };
        if (Date.now() - startedAt > HANG_LIMIT_MS) {
          throw new Error(
            `/api/ready did not answer ${status} within ${HANG_LIMIT_MS} ms: ${answer.statusCode} ${answer.body}\n${postgres.output()}`,
          );
        }
        await sleep(100);
      }
    };

    it(
      'answers 503 in words while a write cannot be stored, and 200 once it can',
      async () => {
        expect((await app.inject('/api/ready')).statusCode).toBe(200);

        await disk.fill();
        const full = await readyUntil(503);
        expect(full.answer.json()).toEqual({
          statusCode: 503,
          message: serverTexts.apiErrors.storageFull,
        });
        // What the old readiness asked still answers: only a write shows the full disk.
        const select = await database.db.execute(sql`select 1 as one`);
        expect((select as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
        // And it stays 503 while the disk is full, past the cached verdict's second.
        await sleep(1_500);
        expect((await app.inject('/api/ready')).statusCode).toBe(503);

        await disk.free();
        const back = await readyUntil(200);
        expect(back.answer.json()).toEqual({ status: 'ready', database: 'up' });
        console.log(
          `[full disk, PostgreSQL] ${DISK_MB} MB tmpfs under a cluster of the test's own: an idle ` +
            `instance's /api/ready 503 '${serverTexts.apiErrors.storageFull.slice(0, 40)}...' ` +
            `${full.ms} ms after the disk filled (select 1 still answered), 200 again ${back.ms} ms after it was freed`,
        );
      },
      HANG_LIMIT_MS * 3,
    );
  },
);

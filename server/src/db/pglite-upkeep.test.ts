import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { App } from '../app.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { createTestReview } from '../testing/factories.ts';
import { createPgliteUpkeep } from './pglite-upkeep.ts';

const it = appTest();

/** What PostgreSQL knows of the reviews table: its pages marked all-visible, its rows counted. */
async function reviewsTableState(app: App): Promise<{ allVisible: number; analyzed: boolean }> {
  const result = (await app.database.db.execute(
    sql`select c.relallvisible as "allVisible", s.last_vacuum is not null or s.last_analyze is not null as analyzed
        from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = 'reviews'`,
  )) as unknown as { rows: Array<{ allVisible: number; analyzed: boolean }> };
  return result.rows[0]!;
}

// PostgreSQL has its own autovacuum: the upkeep runs on PGlite only (app.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the PGlite upkeep (no autovacuum there)',
  () => {
    it('vacuums and analyzes: the pages written are marked all-visible for index-only scans', async ({
      app,
    }) => {
      for (let index = 0; index < 40; index += 1) await createTestReview(app);
      expect((await reviewsTableState(app)).allVisible).toBe(0);
      const logged: string[] = [];
      const log = { info: (_: unknown, message: string) => logged.push(message) };
      const upkeep = createPgliteUpkeep({ db: app.database.db, log: log as never });
      await upkeep.runNow();
      expect((await reviewsTableState(app)).allVisible).toBeGreaterThan(0);
      expect(logged).toEqual(['PGlite upkeep: vacuumed and analyzed']);
      await upkeep.stop();
    });

    it('runs on its timer once started, and not after it is stopped', async ({ app }) => {
      const logged: string[] = [];
      const log = { info: (_: unknown, message: string) => logged.push(message), error: () => {} };
      const upkeep = createPgliteUpkeep({
        db: app.database.db,
        log: log as never,
        firstAfterMs: 10,
        intervalMs: 60_000,
      });
      upkeep.start();
      await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(1);
      await upkeep.stop();
      const stopped = createPgliteUpkeep({
        db: app.database.db,
        log: log as never,
        firstAfterMs: 10,
      });
      stopped.start();
      await stopped.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toHaveLength(1);
    });
  },
);

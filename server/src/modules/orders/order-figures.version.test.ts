import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { appTest } from '../../testing/app-fixtures.ts';
import { insertTestTool } from '../../testing/factories.ts';
import { createOrderFigures } from './order-figures.ts';

const it = appTest();

const WINDOW = { from: '2030-03-01', to: '2030-03-10' };

/**
 * Sales gives figures again without summing them when the database's committed state is the one
 * they were summed in (sales/latest-answers.ts): that is safe only if reads leave the state as it
 * was and every committed write moves it, whichever table it wrote.
 */
describe('the committed state the Sales figures are kept by', () => {
  it('is left as it was by reads, which take no transaction id, and moves with every committed write', async ({
    app,
  }) => {
    const { database } = app;
    const { db } = database;
    const figures = createOrderFigures({ db });

    // A read is given no transaction id, so it cannot change what any snapshot sees (PostgreSQL
    // hands ids out to writers only); the figures' own transaction is read only, as this one.
    await figures.read(WINDOW, 5);
    const idOfARead = await db.transaction(
      async (tx) => {
        await tx.execute(sql`select count(*) from orders`);
        const result = (await tx.execute(
          sql`select pg_current_xact_id_if_assigned()::text as id`,
        )) as unknown as { rows: { id: string | null }[] };
        return result.rows[0]?.id;
      },
      { accessMode: 'read only' },
    );
    expect(idOfARead).toBeNull();

    // On PGlite this test is the database's only client: nothing else commits in between, so
    // the state is seen to stay. (The PostgreSQL server is shared by the other test files, whose
    // writes move it: any write of the cluster does, which errs on the side of reading again.)
    const before = await figures.version();
    if (database.kind === 'pglite') {
      const read = await figures.read(WINDOW, 5);
      await db.execute(sql`select count(*) from orders`);
      expect(read.version).toBe(before);
      expect(await figures.version()).toBe(before);
    }

    // A write to a table the figures never read moves it too: the check never misses a write.
    await insertTestTool(db, { name: 'Version Probe Rasp' });
    const afterTool = await figures.version();
    expect(afterTool).not.toBe(before);
    if (database.kind === 'pglite') {
      expect((await figures.read(WINDOW, 5)).version).toBe(afterTool);
    }
    await db.execute(
      sql`update tools set name = 'Version Probe File' where name = 'Version Probe Rasp'`,
    );
    expect(await figures.version()).not.toBe(afterTool);
  });
});

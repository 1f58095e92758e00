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
  it('stays while only reads run, and moves with every committed write', async ({ app }) => {
    const { db } = app.database;
    const figures = createOrderFigures({ db });

    const before = await figures.version();
    const read = await figures.read(WINDOW, 5);
    await db.execute(sql`select count(*) from orders`);
    expect(read.version).toBe(before);
    expect(await figures.version()).toBe(before);

    // A write to a table the figures never read moves it too: the check never misses a write.
    await insertTestTool(db, { name: 'Version Probe Rasp' });
    const afterTool = await figures.version();
    expect(afterTool).not.toBe(before);
    expect((await figures.read(WINDOW, 5)).version).toBe(afterTool);

    // A transaction rolled back commits nothing.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update tools set name = name where name = 'Version Probe Rasp'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const afterRollback = await figures.version();
    await db.execute(
      sql`update tools set name = 'Version Probe File' where name = 'Version Probe Rasp'`,
    );
    expect(await figures.version()).not.toBe(afterRollback);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';

/**
 * What POST /order relies on to skip the account's advisory lock on PGlite (app.ts
 * `transactionsRunAlone`): the engine runs one transaction at a time, even across handles on
 * one instance (a test's second "instance"), so a transaction begun while another is open starts
 * only once that one has ended. On PostgreSQL they overlap, and the lock is taken.
 */
describe('transactions on PGlite run one at a time', () => {
  let database: TestDatabase;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await database.connect();
    second = await database.connect();
  });
  afterAll(() => database.destroy());

  it('starts a second transaction only when the first has ended', async () => {
    const steps: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstStarted: () => void = () => {};
    const firstIsOpen = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });

    const one = first.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      steps.push('first began');
      firstStarted();
      await firstHolds;
      steps.push('first ends');
    });
    await firstIsOpen;
    let secondStarted: () => void = () => {};
    const secondIsOpen = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    const two = second.db.transaction(async (tx) => {
      steps.push('second began');
      secondStarted();
      await tx.execute(sql`select 2`);
    });
    // On PostgreSQL the second begins beside the first, once its connection is made (on a busy
    // machine that took longer than any fixed wait); on PGlite it would begin within this time,
    // were it able to.
    if (database.kind === 'pglite') await new Promise((resolve) => setTimeout(resolve, 100));
    else await secondIsOpen;
    steps.push('first released');
    releaseFirst();
    await Promise.all([one, two]);

    const overlapping = ['first began', 'second began', 'first released', 'first ends'];
    const alone = ['first began', 'first released', 'first ends', 'second began'];
    expect(steps).toEqual(database.kind === 'pglite' ? alone : overlapping);
  });
});

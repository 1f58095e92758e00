import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { createDiskReserve, DiskReserveError, mayWrite } from './disk-reserve.ts';
import { isStorageFull } from './errors.ts';
import { createPgliteDataDir } from '../testing/test-database.ts';

const MB = 1024 * 1024;

/** The refusal a failed query carries (Drizzle wraps the driver's error in `cause`). */
async function refusalOf(query: Promise<unknown>): Promise<unknown> {
  const error = await query.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return error instanceof Error && error.cause !== undefined ? error.cause : error;
}

/**
 * PGlite's DATA_DIR keeps a reserve of free space (issue 40 item 10): below it the statements
 * that may write are refused before the engine sees them, reads go on, and the disk is looked at
 * at most once a second. The free space and the clock are the test's; the engine is a real PGlite
 * on a data directory, opened as the server opens it.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the disk reserve on PGlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-reserve-'));
  let freeMb = 100;
  let looks = 0;
  let clock = 0;
  const reserve = createDiskReserve({
    dir,
    reserveMb: 48,
    now: () => clock,
    freeBytes: async () => {
      looks += 1;
      return freeMb * MB;
    },
  });
  let database: DatabaseHandle;
  const rows = async () => {
    const result = await database.db.execute(sql`select count(*)::int as n from reserve_probe`);
    // Drizzle types a raw statement's result as unknown.
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    const dataDir = path.join(dir, 'pglite');
    await createPgliteDataDir(dataDir);
    database = await openDatabase({ kind: 'pglite', dataDir, diskReserve: reserve });
    await database.db.execute(sql`create table reserve_probe (n int)`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses writes below the reserve, in and out of transactions, and lets reads through', async () => {
    await database.db.execute(sql`insert into reserve_probe values (1)`);
    freeMb = 47;
    clock += 1_000;
    const refused = await refusalOf(database.db.execute(sql`insert into reserve_probe values (2)`));
    expect(refused).toBeInstanceOf(DiskReserveError);
    expect(isStorageFull(refused)).toBe(true);
    expect((refused as Error).message).toBe(
      'DATA_DIR has 47 MB free, below its reserve of 48 MB (DISK_RESERVE_MB): the write was refused',
    );
    const inTransaction = await refusalOf(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`update reserve_probe set n = n + 1`);
      }),
    );
    expect(inTransaction).toBeInstanceOf(DiskReserveError);
    // Reads go on, and nothing of the refused writes is there.
    expect(await rows()).toBe(1);

    // Space is back: seen at the next look, a second later at most.
    freeMb = 60;
    clock += 1_000;
    await database.db.execute(sql`insert into reserve_probe values (3)`);
    expect(await rows()).toBe(2);
  });

  it('looks at the disk at most once a second, and again before a write after a pause', async () => {
    clock += 1_000;
    freeMb = 100;
    looks = 0;
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        database.db.execute(sql`insert into reserve_probe values (${n})`),
      ),
    );
    expect(looks).toBe(1);
    // The disk fills while nothing is written; the first write after it sees so.
    freeMb = 1;
    clock += 5_000;
    expect(await refusalOf(database.db.execute(sql`delete from reserve_probe`))).toBeInstanceOf(
      DiskReserveError,
    );
    expect(looks).toBe(2);
  });

  it('looks before each write once the free space is within a WAL segment of the reserve', async () => {
    clock += 1_000;
    freeMb = 48 + 15;
    looks = 0;
    for (let n = 0; n < 5; n += 1) {
      await database.db.execute(sql`insert into reserve_probe values (${n})`);
    }
    expect(looks).toBe(5);
    // A read never looks.
    await rows();
    expect(looks).toBe(5);
  });

  it('takes reads, transaction control and settings for reads, and anything else for a write', () => {
    for (const text of [
      'select 1',
      '  /* a comment */ SELECT * from tools for update',
      '-- why\nwith t as (select 1) select * from t',
      'begin',
      'COMMIT',
      'rollback to savepoint a',
      'savepoint a',
      'set local statement_timeout = 5',
      'show server_version',
    ]) {
      expect(mayWrite(text), text).toBe(false);
    }
    for (const text of [
      'insert into t values (1)',
      ' UPDATE t set n = 1',
      'delete from t',
      'with moved as (delete from t returning *) insert into u select * from moved',
      'truncate t',
      'create table t (n int)',
      'notify x',
    ]) {
      expect(mayWrite(text), text).toBe(true);
    }
  });
});

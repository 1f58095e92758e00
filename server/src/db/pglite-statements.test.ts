import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { isUniqueViolation } from './errors.ts';
import { MAX_NAMED_STATEMENTS, namedStatements } from './pglite-statements.ts';

/**
 * PGlite's statements run again as named ones (pglite-statements.ts): the same rows, values and
 * errors as PGlite's own query(), under its locks, and a bounded number of them.
 */
describe('named statements on PGlite', () => {
  let pglite: PGlite;
  let handle: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    pglite = await PGlite.create();
    [handle, other] = [
      await openDatabase({ kind: 'pglite-instance', pglite }),
      await openDatabase({ kind: 'pglite-instance', pglite }),
    ];
    await pglite.exec(`create table named_things (
      id int primary key, label text, at timestamptz, doc jsonb, amount numeric, done bool,
      tags text[])`);
  });
  afterAll(async () => {
    await pglite.close();
  });

  /** A raw statement's rows (Drizzle types PGlite's result as unknown). */
  const rowsOf = async (result: PromiseLike<unknown>) =>
    ((await result) as { rows: unknown[] }).rows;

  it('answers a statement run again with what PGlite answers, its values typed alike', async () => {
    const insert = (id: number) =>
      handle.db.execute(sql`insert into named_things values (${id}, ${`thing ${id}`},
        ${new Date('2026-12-02T10:00:00Z').toISOString()}, ${JSON.stringify({ id, nested: [id] })}::jsonb,
        ${'12.50'}, ${id % 2 === 0}, ${sql.raw(`array['a', 'b''s']`)})`);
    for (const id of [1, 2, 3]) await insert(id);
    const select = (id: number) =>
      handle.db.execute(sql`select * from named_things where id >= ${id} order by id`);
    const first = await rowsOf(select(1));
    // Run again: now as a named statement, whose rows must be PGlite's own.
    const again = await rowsOf(select(1));
    const plain = (await pglite.query('select * from named_things where id >= $1 order by id', [1]))
      .rows;
    expect(again).toEqual(first);
    expect(again).toEqual(plain);
    expect(again).toHaveLength(3);
    expect(again[1]).toMatchObject({ label: 'thing 2', doc: { id: 2, nested: [2] }, done: true });
    expect((again[0] as { tags: string[] }).tags).toEqual(['a', "b's"]);
    expect(await rowsOf(select(3))).toEqual(plain.slice(2));
    // A null value and a statement that returns no rows.
    await handle.db.execute(sql`update named_things set label = ${null} where id = ${2}`);
    await handle.db.execute(sql`update named_things set label = ${null} where id = ${2}`);
    expect(await rowsOf(select(2))).toMatchObject([{ id: 2, label: null }, { id: 3 }]);
  });

  it('throws the database error of a named statement, and its transaction rolls back', async () => {
    const insertIn = (executor: DatabaseHandle['db'], id: number) =>
      executor.execute(sql`insert into named_things (id, label) values (${id}, ${'twice'})`);
    await insertIn(handle.db, 10);
    const failed = handle.db.transaction(async (tx) => {
      await insertIn(tx, 11);
      // Named by now (its second run): a duplicate key.
      await insertIn(tx, 10);
    });
    const error: unknown = await failed.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const ids = await rowsOf(
      handle.db.execute(sql`select id from named_things where id in (${10}, ${11}) order by id`),
    );
    expect(ids).toEqual([{ id: 10 }]);
  });

  it("waits for another handle's transaction before a top-level statement runs", async () => {
    const count = () =>
      other.db.execute(sql`select count(*)::int as n from named_things where id >= ${100}`);
    await count();
    await count();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into named_things (id) values (${100})`);
      await held;
      await tx.execute(sql`insert into named_things (id) values (${101})`);
    });
    // The count is asked while the transaction is open (then: Drizzle's query starts once
    // awaited): it must see both rows or none.
    const counted = rowsOf(count());
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writing;
    expect(await counted).toEqual([{ n: 2 }]);
  });

  it('names a bounded number of statements, then runs new ones as PGlite does', async () => {
    const client = await PGlite.create();
    try {
      const statements = namedStatements(client);
      const texts = Array.from(
        { length: MAX_NAMED_STATEMENTS + 10 },
        (_, index) => `select ${index}::int as n`,
      );
      for (const text of texts) {
        for (let run = 0; run < 2; run += 1) {
          const answer = statements.query({ text, params: [] }) ?? client.query(text);
          expect((await answer).rows).toHaveLength(1);
        }
      }
      expect(statements.size).toBe(MAX_NAMED_STATEMENTS);
      const last = texts.at(-1)!;
      expect(statements.query({ text: last, params: [] })).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

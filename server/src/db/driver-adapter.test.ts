import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { eq, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents } from '../modules/orders/order-events.table.ts';
import { it as withDatabase } from '../testing/app-fixtures.ts';
import { suiteDatabaseHandle } from '../testing/suite-database.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle, type Executor } from './client.ts';
import {
  afterCommit,
  builtOnce,
  DRIZZLE_TEXT_TYPES,
  driverTricksFrom,
  driverTricksOn,
  MAX_NAMED_STATEMENTS,
  MAX_NAMED_TEXT,
  MAX_SHAPES,
  namedStatements,
  pgliteClientForDrizzle,
  pgliteForDrizzle,
  placeholderRows,
  poolClientClass,
  StatementNames,
} from './driver-adapter.ts';
import { isUniqueViolation } from './errors.ts';
import { pgliteExtensions } from './pglite-extensions.ts';

/**
 * The database adapter (driver-adapter.ts). `npm test` runs this file, and the database tests of
 * the modules it serves, once more with DB_DRIVER_TRICKS=off: what each trick does is tested
 * where it is on, and the behaviour it must keep in both runs.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The parsers Drizzle's PGlite driver passes with every query: these types as their text. */
const drizzleParsers = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]),
);

describe('the switch DB_DRIVER_TRICKS', () => {
  it('is on unless it says off, and refuses any other word', () => {
    expect(driverTricksFrom(undefined)).toBe(true);
    expect(driverTricksFrom('')).toBe(true);
    expect(driverTricksFrom('on')).toBe(true);
    expect(driverTricksFrom('off')).toBe(false);
    expect(() => driverTricksFrom('no')).toThrow('DB_DRIVER_TRICKS must be on or off, not "no"');
  });

  it("gives Drizzle the drivers' own clients when off, adapted ones when on", async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const given = await pgliteClientForDrizzle(client);
      expect(given === client).toBe(!driverTricksOn());
      expect(poolClientClass(pg.Client) === pg.Client).toBe(!driverTricksOn());
    } finally {
      await client.close();
    }
  });

  it('keeps the named statements PGlite parsed through openDatabase only when on', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const { db } = await openDatabase({ kind: 'pglite-instance', pglite: client });
      const text = 'select $1::int + 2 as "next"';
      for (const value of [1, 2, 3]) await db.execute(sql`select ${value}::int + 2 as "next"`);
      const { rows } = await client.query<{ count: number }>(
        'select count(*)::int as count from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(rows[0]?.count).toBe(driverTricksOn() ? 1 : 0);
    } finally {
      await client.close();
    }
  });
});
/**
 * PGlite's statements run again as named ones: the same rows, values and errors as PGlite's own
 * query(), under its locks, and a bounded number of them. Through openDatabase the tests hold
 * with the tricks off too (PGlite's own query()).
 */
describe('named statements on PGlite', () => {
  let pglite: PGlite;
  let handle: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    pglite = await PGlite.create({ extensions: pgliteExtensions });
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
    // PGlite's own answer, with the parsers Drizzle's driver asks for (timestamps as text).
    const plain = (
      await pglite.query('select * from named_things where id >= $1 order by id', [1], {
        parsers: drizzleParsers,
      })
    ).rows;
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
    const client = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const statements = namedStatements(client, { parse, protocol });
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

type Row = Record<string, unknown>;

describe("PGlite for Drizzle: Drizzle's parsers installed once, not copied per query", () => {
  let raw: PGlite;
  let client: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create({ extensions: pgliteExtensions });
    client = pgliteForDrizzle(raw, { parse, protocol });
  });
  afterAll(() => raw.close());

  const moment = `select '2026-11-28 12:00:00+00'::timestamptz as at, 41 + 1 as n, interval '1 day' as span`;

  it("answers as Drizzle asked (timestamps and intervals as text), with Drizzle's parsers dropped", async () => {
    const query = vi.spyOn(raw, 'query');
    try {
      const { rows } = await client.query<Row>(moment, [], {
        rowMode: 'object',
        parsers: drizzleParsers,
      });
      expect(rows[0]).toEqual({ at: '2026-11-28 12:00:00+00', n: 42, span: '1 day' });
      // PGlite was asked without them: it copies its parsers only when a query brings its own.
      expect(query).toHaveBeenCalledWith(moment, [], { rowMode: 'object' });
    } finally {
      query.mockRestore();
    }
  });

  it('answers the same inside a transaction', async () => {
    const rows = await client.transaction(async (tx) => {
      const result = await tx.query<Row>(moment, [], {
        rowMode: 'object',
        parsers: drizzleParsers,
      });
      return result.rows;
    });
    expect(rows[0]).toEqual({ at: '2026-11-28 12:00:00+00', n: 42, span: '1 day' });
  });

  it('keeps parsers other than Drizzle’s: they still apply', async () => {
    const { rows } = await client.query<Row>(moment, [], {
      rowMode: 'object',
      parsers: { ...drizzleParsers, [types.INT4]: (value: string) => `int ${value}` },
    });
    expect(rows[0]?.n).toBe('int 42');
  });

  it("the instance's other members work through it (listen, the transaction's rollback)", async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('parsers_test', (payload) => heard.push(payload));
    await client.query(`select pg_notify('parsers_test', 'hello')`);
    await unlisten();
    expect(heard).toEqual(['hello']);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('create table parsers_rolled_back (id int)');
        await tx.rollback();
      }),
    ).resolves.toBeUndefined();
    const { rows } = await client.query<Row>(`select to_regclass('parsers_rolled_back') as found`);
    expect(rows[0]?.found).toBeNull();
  });
});
/**
 * The event loop polls for I/O while a queue of transactions runs (takingTurns): on PGlite, whose
 * statements answer from microtasks, the whole queue runs before the loop takes in a new
 * connection without it (so these would fail there with the tricks off). On PostgreSQL every
 * statement is a socket's I/O, so it holds there by itself.
 */
describe.runIf(driverTricksOn() || onPostgres)(
  'a queue of transactions leaves the event loop its turns',
  () => {
    const handle = suiteDatabaseHandle();

    /** `count` transactions of a few statements each, all asked for at once. */
    function queueTransactions(count: number, done: number[]): Promise<void[]> {
      return Promise.all(
        Array.from({ length: count }, (_, index) =>
          handle().db.transaction(async (tx) => {
            await tx.execute(sql`select ${index}::int as n`);
            await tx.execute(sql`select count(*) from pg_class`);
            done.push(index);
          }),
        ),
      );
    }

    it('runs a setImmediate callback before the queue has ended', async () => {
      const done: number[] = [];
      const queue = queueTransactions(60, done);
      const seen = new Promise<number>((resolve) => setImmediate(() => resolve(done.length)));
      await queue;
      expect(done).toHaveLength(60);
      expect(await seen).toBeLessThan(60);
    });

    it('accepts a new connection and reads what it sent while the queue runs', async () => {
      const server: Server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const done: number[] = [];
      const sockets: Socket[] = [];
      server.on('connection', (socket) => sockets.push(socket));
      let client: Socket | undefined;
      try {
        // The client connects and writes first; then the queue is asked for, all of it at once.
        const received = new Promise<number>((resolve) => {
          server.once('connection', (socket) => socket.once('data', () => resolve(done.length)));
        });
        client = connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => client?.once('connect', resolve));
        client.write('hello');
        await queueTransactions(200, done);
        // What had run when the server heard the client: well short of the whole queue.
        const heardAfter = await Promise.race([received, sleep(2_000).then(() => 'never')]);
        expect(heardAfter).toBeLessThan(200);
      } finally {
        client?.destroy();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  },
);
describe('StatementNames', () => {
  it('gives each text one name, the same every time', () => {
    const names = new StatementNames();
    const first = names.nameOf('select $1');
    expect(first).toMatch(/^tf_\d+$/);
    expect(names.nameOf('select $1')).toBe(first);
    expect(names.nameOf('select $1::int')).not.toBe(first);
    expect(names.size).toBe(2);
  });

  it('names no more texts than its limit, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select $1 as a');
    names.nameOf('select $1 as b');
    expect(names.nameOf('select $1 as c')).toBeUndefined();
    expect(names.nameOf('select $1 as a')).toBe(a);
    expect(names.size).toBe(2);
  });

  it('leaves a text longer than MAX_NAMED_TEXT unnamed', () => {
    const names = new StatementNames();
    expect(names.nameOf(`select $1 ${' '.repeat(MAX_NAMED_TEXT)}`)).toBeUndefined();
    expect(names.size).toBe(0);
  });
});

// On PostgreSQL (npm run test:postgres): the pool's statements are prepared on the connection,
// unless the tricks are off.
describe.runIf(onPostgres)('named statements on PostgreSQL', () => {
  const handle = suiteDatabaseHandle();

  const preparedHere = async (text: string) => {
    const { rows } = (await handle().db.execute(
      sql`select count(*)::int as count from pg_prepared_statements where statement = ${text}`,
    )) as unknown as { rows: Array<{ count: number }> };
    return rows[0]?.count;
  };

  it('prepares a statement with parameters once per connection (none with the tricks off)', async () => {
    const text = 'select $1::int + 1 as "next"';
    // In one transaction: one connection, so its prepared statements are the ones it sees.
    await handle().db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) {
        const { rows } = (await tx.execute(sql`select ${value}::int + 1 as "next"`)) as unknown as {
          rows: Array<{ next: number }>;
        };
        expect(rows[0]?.next).toBe(value + 1);
      }
      const { rows } = (await tx.execute(
        sql`select count(*)::int as count from pg_prepared_statements where statement = ${text}`,
      )) as unknown as { rows: Array<{ count: number }> };
      expect(rows[0]?.count).toBe(driverTricksOn() ? 1 : 0);
    });
  });

  it('runs a statement without parameters as a simple query, unprepared', async () => {
    await handle().db.execute(sql.raw('select 41 + 1'));
    expect(await preparedHere('select 41 + 1')).toBe(0);
  });
});
describe('placeholderRows', () => {
  it("names each row's values, leaves undefined ones to the column's default, and says the shape", () => {
    const values: Record<string, unknown> = {};
    const { rows, shape } = placeholderRows(
      'e',
      [
        { kind: 'placed', detail: undefined },
        { kind: 'email', detail: { to: 'ann@example.com' } },
      ],
      values,
    );
    expect(values).toEqual({
      e0_kind: 'placed',
      e1_kind: 'email',
      e1_detail: { to: 'ann@example.com' },
    });
    expect(Object.keys(rows[0] ?? {})).toEqual(['kind']);
    expect(Object.keys(rows[1] ?? {})).toEqual(['kind', 'detail']);
    expect(shape).toBe('e[kind;kind,detail]');
  });
});

describe('builtOnce, on the test database', () => {
  const handle = suiteDatabaseHandle();

  /** A SELECT of `selection` from one row, counting how often it is built. */
  function counted<Selection extends Record<string, SQL>>(selection: Selection) {
    const counter = { builds: 0 };
    const build = () => {
      counter.builds += 1;
      return handle()
        .db.select(selection)
        .from(sql`(values (1)) as one_row(x)`);
    };
    return { build, counter };
  }

  it('builds a shape once and runs it with each call’s values, mapped as Drizzle maps them', async () => {
    const statements = builtOnce();
    const selection = {
      next: sql<number>`${sql.placeholder('n')}::int + 1`.mapWith(Number),
      at: sql<Date>`now()`.mapWith(orderEvents.createdAt),
    };
    const { build, counter } = counted(selection);
    const first = await statements.runMapped(handle().db, 'next', build, { n: 1 }, selection);
    const second = await statements.runMapped(handle().db, 'next', build, { n: 41 }, selection);
    expect(first[0]?.next).toBe(2);
    expect(second[0]?.next).toBe(42);
    expect(second[0]?.at).toBeInstanceOf(Date);
    // With the tricks off, each call builds its statement (Drizzle's public prepare()).
    expect(counter.builds).toBe(driverTricksOn() ? 1 : 2);
    expect(statements.size).toBe(driverTricksOn() ? 1 : 0);
  });

  it('runs a statement in the transaction it is given', async () => {
    const statements = builtOnce();
    const probe = pgTable('built_once_probe', { id: integer('id') });
    const selection = { n: sql<number>`count(*)::int`.mapWith(Number) };
    const found = await handle().db.transaction(async (tx) => {
      // A temporary table: on PostgreSQL only this transaction's connection has it.
      await tx.execute(sql`create temporary table built_once_probe (id int) on commit drop`);
      await tx.insert(probe).values({ id: 1 });
      const build = () =>
        tx
          .select(selection)
          .from(probe)
          .where(eq(probe.id, sql.placeholder('id')));
      await statements.runMapped(tx, 'probe', build, { id: 2 }, selection);
      return statements.runMapped(tx, 'probe', build, { id: 1 }, selection);
    });
    expect(found).toEqual([{ n: 1 }]);
  });

  it('keeps at most MAX_SHAPES shapes, and still runs the ones past it', async () => {
    const statements = builtOnce();
    const selection = { n: sql<number>`${sql.placeholder('n')}::int`.mapWith(Number) };
    const { build, counter } = counted(selection);
    for (let shape = 0; shape <= MAX_SHAPES; shape += 1) {
      await statements.run(handle().db, `shape ${shape}`, build, { n: shape });
    }
    expect(statements.size).toBe(driverTricksOn() ? MAX_SHAPES : 0);
    const past = await statements.run(handle().db, `shape ${MAX_SHAPES}`, build, { n: 7 });
    // Its rows as the driver gave them (the column named by PostgreSQL; mapped, tricks off).
    expect(past.map((row) => Object.values(row))).toEqual([[7]]);
    // The shape past the limit was built each time it ran (each shape was, with the tricks off).
    expect(counter.builds).toBe(MAX_SHAPES + 2);
  });
});
/**
 * afterCommit on the databases openDatabase makes (the outbox wakes its worker with it): a job
 * runs once its transaction committed, with what it wrote readable from another connection (on
 * PostgreSQL a job run before the commit would read nothing there), never after a rollback, and
 * a savepoint's job waits for the outermost commit.
 */
describe('afterCommit', () => {
  let opened: Promise<{ writer: DatabaseHandle; reader: DatabaseHandle }> | undefined;
  /** Two handles on the file's database (two pools on PostgreSQL), and the table they write. */
  const handles = (database: TestDatabase) =>
    (opened ??= (async () => {
      const [writer, reader] = [await database.connect(), await database.connect()];
      await writer.db.execute(sql`create table after_commit_notes (note text not null)`);
      return { writer, reader };
    })());

  /** The table this file writes (created on its own database). */
  const afterCommitNotes = pgTable('after_commit_notes', { note: text('note').notNull() });
  const notes = async (handle: DatabaseHandle) =>
    (await handle.db.select().from(afterCommitNotes)).map((row) => row.note);
  const write = (executor: Executor, note: string) =>
    executor.insert(afterCommitNotes).values({ note });

  withDatabase(
    'runs a job after its transaction commits, when another connection reads its rows',
    async ({ database }) => {
      const { writer, reader } = await handles(database);
      const seen: Promise<string[]>[] = [];
      const steps: string[] = [];
      await writer.db.transaction(async (tx) => {
        await write(tx, 'committed');
        afterCommit(tx, () => {
          steps.push('job');
          seen.push(notes(reader));
        });
        steps.push('statements done');
      });
      expect(steps).toEqual(['statements done', 'job']);
      expect(await Promise.all(seen)).toEqual([['committed']]);
    },
  );

  withDatabase('never runs the job of a transaction that rolls back', async ({ database }) => {
    const { writer, reader } = await handles(database);
    let ran = false;
    const rolledBack = writer.db.transaction(async (tx) => {
      await write(tx, 'rolled back');
      afterCommit(tx, () => {
        ran = true;
      });
      throw new Error('rolled back (test)');
    });
    await expect(rolledBack).rejects.toThrow('rolled back (test)');
    expect(ran).toBe(false);
    expect(await notes(reader)).not.toContain('rolled back');
  });

  withDatabase(
    "runs a savepoint's job at the outermost commit, and the database's at once",
    async ({ database }) => {
      const { writer, reader } = await handles(database);
      const steps: string[] = [];
      await writer.db.transaction(async (tx) => {
        await tx.transaction(async (savepoint) => {
          await write(savepoint, 'in a savepoint');
          afterCommit(savepoint, () => steps.push('savepoint job'));
        });
        steps.push('savepoint released');
        afterCommit(tx, () => steps.push('outer job'));
      });
      expect(steps).toEqual(['savepoint released', 'savepoint job', 'outer job']);

      await write(writer.db, 'no transaction');
      afterCommit(writer.db, () => steps.push('database job'));
      expect(steps.at(-1)).toBe('database job');
      expect(await notes(reader)).toEqual(
        expect.arrayContaining(['in a savepoint', 'no transaction']),
      );
    },
  );

  withDatabase(
    'never runs the job of a savepoint that rolls back, even when the outer transaction commits',
    async ({ database }) => {
      const { writer, reader } = await handles(database);
      const steps: string[] = [];
      await writer.db.transaction(async (tx) => {
        const refused = tx.transaction(async (savepoint) => {
          await write(savepoint, 'savepoint rolled back');
          afterCommit(savepoint, () => steps.push('rolled-back savepoint job'));
          await savepoint.transaction(async (inner) => {
            afterCommit(inner, () => steps.push('job of a savepoint inside it'));
          });
          throw new Error('savepoint refused (test)');
        });
        await expect(refused).rejects.toThrow('savepoint refused (test)');
        afterCommit(tx, () => steps.push('outer job'));
      });
      expect(steps).toEqual(['outer job']);
      expect(await notes(reader)).not.toContain('savepoint rolled back');
    },
  );
});

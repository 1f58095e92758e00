import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIZZLE_TEXT_TYPES, pgliteForDrizzle } from './pglite-parsers.ts';

/** The parsers Drizzle's PGlite driver passes with every query: these types as their text. */
const drizzleParsers = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]),
);

type Row = Record<string, unknown>;

describe("PGlite for Drizzle: Drizzle's parsers installed once, not copied per query", () => {
  let raw: PGlite;
  let client: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
    client = pgliteForDrizzle(raw);
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

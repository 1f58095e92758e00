import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteDatabaseHandle } from '../testing/suite-database.ts';
import { MAX_NAMED_TEXT, StatementNames } from './named-statements.ts';

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

// On PostgreSQL (npm run test:postgres): the pool's statements are prepared on the connection.
describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  const handle = suiteDatabaseHandle();

  const preparedHere = async (text: string) => {
    const { rows } = (await handle().db.execute(
      sql`select count(*)::int as count from pg_prepared_statements where statement = ${text}`,
    )) as unknown as { rows: Array<{ count: number }> };
    return rows[0]?.count;
  };

  it('prepares a statement with parameters once per connection and runs it by name', async () => {
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
      expect(rows[0]?.count).toBe(1);
    });
  });

  it('runs a statement without parameters as a simple query, unprepared', async () => {
    await handle().db.execute(sql.raw('select 41 + 1'));
    expect(await preparedHere('select 41 + 1')).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents } from '../modules/orders/order-events.table.ts';
import { suiteDatabaseHandle } from '../testing/suite-database.ts';
import { builtOnce, MAX_SHAPES, placeholderRows, sqlStatement } from './built-once.ts';

/** A statement as a build function, counting how often it is built. */
function counted(statement: () => ReturnType<typeof sql>) {
  const counter = { builds: 0 };
  const build = () => {
    counter.builds += 1;
    return sqlStatement(statement());
  };
  return { build, counter };
}

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

  it('builds a shape once and runs it with each call’s values, mapped as Drizzle maps them', async () => {
    const statements = builtOnce();
    const selection = {
      next: sql<number>`next`.mapWith(Number),
      at: sql<Date>`at`.mapWith(orderEvents.createdAt),
    };
    const { build, counter } = counted(
      () => sql`select ${sql.placeholder('n')}::int + 1 as next, now() as at`,
    );
    const first = await statements.runMapped(handle().db, 'next', build, { n: 1 }, selection);
    const second = await statements.runMapped(handle().db, 'next', build, { n: 41 }, selection);
    expect(first[0]?.next).toBe(2);
    expect(second[0]?.next).toBe(42);
    expect(second[0]?.at).toBeInstanceOf(Date);
    expect(counter.builds).toBe(1);
    expect(statements.size).toBe(1);
  });

  it('keeps at most MAX_SHAPES shapes, and still runs the ones past it', async () => {
    const statements = builtOnce();
    const { build, counter } = counted(() => sql`select ${sql.placeholder('n')}::int as n`);
    for (let shape = 0; shape <= MAX_SHAPES; shape += 1) {
      await statements.run(handle().db, `shape ${shape}`, build, { n: shape });
    }
    expect(statements.size).toBe(MAX_SHAPES);
    const past = await statements.run(handle().db, `shape ${MAX_SHAPES}`, build, { n: 7 });
    expect(past).toEqual([{ n: 7 }]);
    // The shape past the limit was built each time it ran.
    expect(counter.builds).toBe(MAX_SHAPES + 2);
  });
});

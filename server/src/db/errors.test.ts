import { describe, expect, it } from 'vitest';
import {
  describeDatabaseError,
  isDatabaseUnavailable,
  isUniqueViolation,
  violatedUniqueConstraint,
} from './errors.ts';
import { databaseStartFailureLine, redactDatabaseUrl } from './start-failure.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle hands on a driver's error: its own message quotes the query and parameters. */
const wrapped = (cause: unknown) =>
  new Error('Failed query: select 1 where email = $1\nparams: ada@example.com', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ["the pool's wait for a connection", new Error('timeout exceeded when trying to connect')],
    ['an administrator ending the session', withCode('terminating connection', '57P01')],
    ['a server still starting', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['an engine closed under the app', new Error('PGlite is closed')],
    ['any of these wrapped by Drizzle', wrapped(withCode('read ECONNRESET', 'ECONNRESET'))],
    [
      'every address of a host refusing',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('duplicate key', '23505'))],
    ['a missing table', withCode('relation "x" does not exist', '42P01')],
    ['a check constraint', withCode('violates check constraint', '23514')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing at all', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('leaves isUniqueViolation as it was: it finds the code under the wrapper', () => {
    expect(isUniqueViolation(wrapped(withCode('duplicate key', '23505')))).toBe(true);
    expect(isUniqueViolation(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('violatedUniqueConstraint', () => {
  const violation = (constraint?: string) =>
    Object.assign(withCode('duplicate key value violates unique constraint', '23505'), {
      constraint,
    });

  it("names the unique index that refused the row, under Drizzle's wrapper too", () => {
    expect(violatedUniqueConstraint(violation('tools_sku_unique'))).toBe('tools_sku_unique');
    expect(violatedUniqueConstraint(wrapped(violation('tools_name_live_unique')))).toBe(
      'tools_name_live_unique',
    );
  });

  it('is undefined for another error, or a unique violation that names no constraint', () => {
    expect(violatedUniqueConstraint(violation())).toBeUndefined();
    const foreignKey = Object.assign(withCode('violates foreign key', '23503'), {
      constraint: 'orders_tool_id_fk',
    });
    expect(violatedUniqueConstraint(wrapped(foreignKey))).toBeUndefined();
    expect(violatedUniqueConstraint(undefined)).toBeUndefined();
  });
});

describe('the start failure line', () => {
  it("quotes the driver's message, not Drizzle's with the parameters", () => {
    expect(describeDatabaseError(wrapped(new Error('PGlite is closed')))).toBe('PGlite is closed');
  });

  it('names DATABASE_URL without credentials or query string', () => {
    expect(redactDatabaseUrl('postgres://shop:pa%40ss@db.internal:6432/tools?password=x')).toBe(
      'postgres://***@db.internal:6432/tools',
    );
    const line = databaseStartFailureLine(
      { url: 'postgres://shop:pa%40ss@db.internal/tools' },
      withCode('password authentication failed near pa@ss', '28P01'),
    );
    expect(line).toBe(
      'Cannot open the database at DATABASE_URL (postgres://***@db.internal/tools): ' +
        'password authentication failed near ***',
    );
  });
});

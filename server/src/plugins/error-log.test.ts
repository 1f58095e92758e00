import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeErrorForLog } from './error-log.ts';

/** PostgreSQL's error as pg and PGlite raise it: SQLSTATE, names, and the failing row in detail. */
function checkViolation(): Error {
  return Object.assign(new Error('new row for relation "orders" violates check constraint "x"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23514',
    table: 'orders',
    constraint: 'orders_address_check',
    detail: 'Failing row contains (ada@example.com, 12 Forge Lane, +44 114 496 0000).',
    where: 'SQL statement with ada@example.com',
  });
}

describe('serializeErrorForLog', () => {
  it('keeps the query, the codes and the names, and none of the bound values', () => {
    const error = new DrizzleQueryError(
      'insert into "orders" ("email", "address", "phone") values ($1, $2, $3)',
      ['ada@example.com', '12 Forge Lane', '+44 114 496 0000'],
      checkViolation(),
    );
    const logged = serializeErrorForLog(error);
    const text = JSON.stringify(logged);
    for (const value of ['ada@example.com', '12 Forge Lane', '+44 114 496 0000', 'params']) {
      expect(text).not.toContain(value);
    }
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message:
        'Failed query: insert into "orders" ("email", "address", "phone") values ($1, $2, $3)',
      cause: {
        code: '23514',
        table: 'orders',
        constraint: 'orders_address_check',
        // PostgreSQL quotes the values it refuses in some messages: quoted text is left out.
        message: 'new row for relation "…" violates check constraint "…"',
      },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError\n {4}at /);
  });

  it('leaves out values PostgreSQL quotes in its message', () => {
    const error = Object.assign(
      new Error('invalid input syntax for type uuid: "ada@example.com"'),
      { severity: 'ERROR', code: '22P02' },
    );
    expect(serializeErrorForLog(error).message).toBe('invalid input syntax for type uuid: "…"');
  });

  it('keeps the message and code of other errors, and the causes of an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const logged = serializeErrorForLog(new AggregateError([refused, refused], 'all failed'));
    expect(logged).toMatchObject({
      type: 'AggregateError',
      message: 'all failed',
      errors: [
        { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
        { code: 'ECONNREFUSED' },
      ],
    });
  });

  it('says only the kind of a thrown value that is not an Error', () => {
    expect(serializeErrorForLog({ email: 'ada@example.com' })).toEqual({
      type: 'object',
      message: 'a value that is not an Error was thrown',
      stack: 'object',
    });
  });
});

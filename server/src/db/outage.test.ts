import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { TestAccount } from '../testing/accounts.ts';
import { postIdentity, postOrder } from '../testing/requests.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { appTest, closeAtEnd, openTestApp } from '../testing/app-fixtures.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

const UNAVAILABLE = { message: serverTexts.apiErrors.serviceUnavailable, statusCode: 503 };

type FixtureCleanup = Parameters<typeof closeAtEnd>[1];

/**
 * A handle of the app's own to the file's database, closed after the app (an app does not close
 * a handle it is given).
 */
async function ownHandle(options: DatabaseOptions, tools: FixtureCleanup) {
  return closeAtEnd(await openDatabase(options), tools);
}
const appOnHandle = ({ handle }: { handle: DatabaseHandle }, tools: FixtureCleanup) =>
  openTestApp({ database: handle }, tools);

const proxiedTest = appTest()
  .extend('proxy', { scope: 'file' }, async ({ database }, tools) => {
    const url = new URL(database.url!);
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    return closeAtEnd(await startTcpProxy(target), tools);
  })
  // The app's handle reaches the database through the proxy. A database that does not answer
  // fails requests after the connect timeout, not never (a second is plenty for a local
  // PostgreSQL, and keeps the test short).
  .extend('handle', { scope: 'file' }, ({ database, proxy }, tools) =>
    ownHandle(
      { kind: 'postgres', url: proxy.urlFor(database.url!), connectTimeoutMs: 1_000 },
      tools,
    ),
  )
  .extend('app', { scope: 'file' }, appOnHandle);

const closedTest = appTest().extend('app', { scope: 'file' }, async ({ database }, tools) =>
  openTestApp({ database: await database.connect() }, tools),
);

const stallingTest = appTest({ tool: { availableQuantity: 500 } })
  // The production timeouts, shortened (the order waits on the tool's row lock).
  .extend('handle', { scope: 'file' }, ({ database }, tools) =>
    ownHandle(
      { kind: 'postgres', url: database.url!, lockTimeoutMs: 500, statementTimeoutMs: 1_000 },
      tools,
    ),
  )
  .extend('app', { scope: 'file' }, appOnHandle);

/** The two calls the issue names: placing an order, and signing in. */
function signIn(app: App, customer: TestAccount) {
  return postIdentity(app, '/sign-in/email', {
    email: customer.email,
    password: customer.password,
  });
}

/** Both calls answer 503 with the message (not 500, not a hang). */
async function expectBothUnavailable(
  app: App,
  customer: TestAccount,
  tool: { id: string; name: string },
) {
  const order = await postOrder(app, customer, tool, { phone: '+44 114 496 0000' });
  expect(order.statusCode).toBe(503);
  expect(order.json()).toEqual(UNAVAILABLE);
  const session = await signIn(app, customer);
  expect(session.statusCode).toBe(503);
  expect(session.json()).toEqual(UNAVAILABLE);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL outage while running (the connection cut by a proxy, then restored)',
  () => {
    proxiedTest(
      'answers 503 with the message while the database is out of reach',
      async ({ app, customer, tool, proxy }) => {
        proxy.cut();
        try {
          await expectBothUnavailable(app, customer, tool);
          // The catalog keeps being served from memory meanwhile.
          expect((await app.inject(`/api/tool/${tool.id}`)).statusCode).toBe(200);
        } finally {
          proxy.restore();
        }
      },
    );

    proxiedTest(
      'answers 503 after the connect timeout when the database does not answer at all',
      async ({ app, customer, tool, proxy }) => {
        proxy.cut('blackhole');
        try {
          await expectBothUnavailable(app, customer, tool);
        } finally {
          proxy.restore();
        }
      },
    );

    proxiedTest(
      'works again, without a restart, once the database is back',
      async ({ app, customer, tool }) => {
        expect(
          (await postOrder(app, customer, tool, { phone: '+44 114 496 0000' })).statusCode,
        ).toBe(200);
        expect((await signIn(app, customer)).statusCode).toBe(200);
      },
    );
  },
);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an embedded database closed under the running app (PGlite)',
  () => {
    // The app, its customer and tool are made first; then the database goes from under them.
    closedTest.beforeAll(async ({ app: _app, customer: _customer, tool: _tool, database }) => {
      await database.destroy();
    });

    closedTest('answers 503 with the message, not 500', async ({ app, customer, tool }) => {
      await expectBothUnavailable(app, customer, tool);
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL that stalls: a row held locked, a statement that runs long',
  () => {
    stallingTest(
      'answers an order that waits past the lock timeout 503 in words, and places nothing',
      async ({ app, customer, tool, database }) => {
        const holder = new pg.Client({ connectionString: database.url! });
        await holder.connect();
        try {
          await holder.query('begin');
          await holder.query('select id from tools where id = $1 for update', [tool.id]);
          const order = await postOrder(app, customer, tool, { phone: '+44 114 496 0000' });
          expect(order.statusCode).toBe(503);
          expect(order.json()).toEqual(UNAVAILABLE);
          expect(order.headers['retry-after']).toBe('5');
        } finally {
          await holder.query('rollback').catch(() => {});
          await holder.end();
        }
        const mine = await app.inject({
          url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
          headers: { authorization: `Bearer ${customer.token}` },
        });
        expect(mine.json()).toEqual([]);
        // Nothing stayed locked or broken: the next order goes through.
        expect(
          (await postOrder(app, customer, tool, { phone: '+44 114 496 0000' })).statusCode,
        ).toBe(200);
      },
    );

    stallingTest(
      'cancels a statement past the statement timeout, answering 503 in words',
      async ({ app }) => {
        const statement = await app.database.db
          .execute(sql`select pg_sleep(5)`)
          .then(() => 'finished' as const)
          .catch((error: unknown) => error);
        expect(statement).not.toBe('finished');
        expect(isDatabaseUnavailable(statement)).toBe(true);
      },
    );
  },
);

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { TestAccount } from '../testing/accounts.ts';
import { postIdentity, postOrder } from '../testing/requests.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import {
  useStarted,
  useTestAccount,
  useTestApp,
  useTestDatabase,
  useTestTool,
} from '../testing/use-test-app.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

const UNAVAILABLE = { message: serverTexts.apiErrors.serviceUnavailable, statusCode: 503 };

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
    const database = useTestDatabase();
    const proxy = useStarted('The TCP proxy', () => {
      const url = new URL(database.url!);
      return startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    });
    // The app's handle reaches the database through the proxy; the app does not close it.
    let handle: DatabaseHandle | undefined;
    afterAll(async () => {
      await handle?.close();
    });
    const app = useTestApp(async () => {
      handle = await openDatabase({
        kind: 'postgres',
        url: proxy.urlFor(database.url!),
        // A database that does not answer fails requests after this, not never (a second is
        // plenty for a local PostgreSQL, and keeps the test short).
        connectTimeoutMs: 1_000,
      });
      return { database: handle };
    });
    const customer = useTestAccount(app);
    const tool = useTestTool(app);

    it('answers 503 with the message while the database is out of reach', async () => {
      proxy.cut();
      try {
        await expectBothUnavailable(app, customer, tool);
        // The catalog keeps being served from memory meanwhile.
        expect((await app.inject(`/api/tool/${tool.id}`)).statusCode).toBe(200);
      } finally {
        proxy.restore();
      }
    });

    it('answers 503 after the connect timeout when the database does not answer at all', async () => {
      proxy.cut('blackhole');
      try {
        await expectBothUnavailable(app, customer, tool);
      } finally {
        proxy.restore();
      }
    });

    it('works again, without a restart, once the database is back', async () => {
      expect((await postOrder(app, customer, tool, { phone: '+44 114 496 0000' })).statusCode).toBe(
        200,
      );
      expect((await signIn(app, customer)).statusCode).toBe(200);
    });
  },
);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an embedded database closed under the running app (PGlite)',
  () => {
    const database = useTestDatabase();
    const app = useTestApp(async () => ({ database: await database.connect() }));
    const customer = useTestAccount(app);
    const tool = useTestTool(app);
    beforeAll(async () => {
      await database.destroy();
    });

    it('answers 503 with the message, not 500', async () => {
      await expectBothUnavailable(app, customer, tool);
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL that stalls: a row held locked, a statement that runs long',
  () => {
    const database = useTestDatabase();
    let handle: DatabaseHandle | undefined;
    afterAll(async () => {
      await handle?.close();
    });
    const app = useTestApp(async () => {
      // The production timeouts, shortened (the order waits on the tool's row lock).
      handle = await openDatabase({
        kind: 'postgres',
        url: database.url!,
        lockTimeoutMs: 500,
        statementTimeoutMs: 1_000,
      });
      return { database: handle };
    });
    const customer = useTestAccount(app);
    const tool = useTestTool(app, { availableQuantity: 500 });

    it('answers an order that waits past the lock timeout 503 in words, and places nothing', async () => {
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
      expect((await postOrder(app, customer, tool, { phone: '+44 114 496 0000' })).statusCode).toBe(
        200,
      );
    });

    it('cancels a statement past the statement timeout, answering 503 in words', async () => {
      const statement = await app.database.db
        .execute(sql`select pg_sleep(5)`)
        .then(() => 'finished' as const)
        .catch((error: unknown) => error);
      expect(statement).not.toBe('finished');
      expect(isDatabaseUnavailable(statement)).toBe(true);
    });
  },
);

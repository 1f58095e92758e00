import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@tools-factory/contract';
import type { App } from '../app.ts';
import {
  bearer,
  identityHeaders,
  signUpTestAccount,
  type TestAccount,
} from '../testing/accounts.ts';
import { buildTestApp } from '../testing/build-test-app.ts';
import { createTestTool } from '../testing/factories.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

const UNAVAILABLE = { message: apiMessages.serviceUnavailable, statusCode: 503 };

/** The two calls the issue names: placing an order, and signing in. */
function placeOrder(app: App, customer: TestAccount, tool: { id: string; name: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(customer.token),
    payload: {
      toolId: tool.id,
      name: tool.name,
      address: '12 Forge Lane, Sheffield',
      phone: '+44 114 496 0000',
      quantity: 25,
      email: customer.email,
    },
  });
}

function signIn(app: App, customer: TestAccount) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: identityHeaders(app),
    payload: { email: customer.email, password: customer.password },
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL outage while running (the connection cut by a proxy, then restored)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let handle: DatabaseHandle;
    let app: App;
    let customer: TestAccount;
    let tool: { id: string; name: string };

    beforeAll(async () => {
      database = await createTestDatabase();
      const url = new URL(database.url!);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      handle = await openDatabase({
        kind: 'postgres',
        url: proxy.urlFor(database.url!),
        // A database that does not answer fails requests after this, not never (a second is
        // plenty for a local PostgreSQL, and keeps the test short).
        connectTimeoutMs: 1_000,
      });
      app = await buildTestApp({ database: handle });
      customer = await signUpTestAccount(app);
      tool = await createTestTool(app);
    });
    afterAll(async () => {
      await app?.close();
      await handle?.close();
      await proxy?.close();
      await database?.destroy();
    });

    it('answers 503 with the message while the database is out of reach', async () => {
      proxy.cut();
      try {
        const order = await placeOrder(app, customer, tool);
        expect(order.statusCode).toBe(503);
        expect(order.json()).toEqual(UNAVAILABLE);
        const session = await signIn(app, customer);
        expect(session.statusCode).toBe(503);
        expect(session.json()).toEqual(UNAVAILABLE);
        // The catalog keeps being served from memory meanwhile.
        expect((await app.inject(`/api/tool/${tool.id}`)).statusCode).toBe(200);
      } finally {
        proxy.restore();
      }
    });

    it('answers 503 after the connect timeout when the database does not answer at all', async () => {
      proxy.cut('blackhole');
      try {
        const order = await placeOrder(app, customer, tool);
        expect(order.statusCode).toBe(503);
        expect(order.json()).toEqual(UNAVAILABLE);
        const session = await signIn(app, customer);
        expect(session.statusCode).toBe(503);
        expect(session.json()).toEqual(UNAVAILABLE);
      } finally {
        proxy.restore();
      }
    });

    it('works again, without a restart, once the database is back', async () => {
      expect((await placeOrder(app, customer, tool)).statusCode).toBe(200);
      expect((await signIn(app, customer)).statusCode).toBe(200);
    });
  },
);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an embedded database closed under the running app (PGlite)',
  () => {
    let database: TestDatabase;
    let app: App;
    let customer: TestAccount;
    let tool: { id: string; name: string };

    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildTestApp({ database: await database.connect() });
      customer = await signUpTestAccount(app);
      tool = await createTestTool(app);
      await database.destroy();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers 503 with the message, not 500', async () => {
      const order = await placeOrder(app, customer, tool);
      expect(order.statusCode).toBe(503);
      expect(order.json()).toEqual(UNAVAILABLE);
      const session = await signIn(app, customer);
      expect(session.statusCode).toBe(503);
      expect(session.json()).toEqual(UNAVAILABLE);
    });
  },
);

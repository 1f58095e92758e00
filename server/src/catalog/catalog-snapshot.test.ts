import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolListSchema, ToolSchema } from '@tools-factory/contract';
import type { App } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { signUpTestAccount } from '../testing/accounts.ts';
import { buildTestApp } from '../testing/build-test-app.ts';
import { createTestTool, insertTestTool } from '../testing/factories.ts';
import { postOrder } from '../testing/requests.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { CATALOG_CHANGED_CHANNEL } from './catalog-snapshot.ts';

const partsOf = async (app: App) => ToolListSchema.parse((await app.inject('/api/parts')).json());

describe('catalog snapshot on one instance', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps answering the snapshot until invalidated, then the new data', async () => {
    const before = await partsOf(app);
    // A write that does not tell the snapshot is not seen...
    const row = await insertTestTool(app.database.db, { name: 'Unannounced Tool' });
    expect(await partsOf(app)).toEqual(before);
    expect((await app.inject(`/api/tool/${row.id}`)).statusCode).toBe(404);
    // ... until invalidate() resolves.
    await app.catalog.invalidate();
    expect((await partsOf(app)).map((tool) => tool._id)).toContain(row.id);
    expect((await app.inject(`/api/tool/${row.id}`)).statusCode).toBe(200);
  });

  it('coalesces concurrent invalidations into at most two builds, each seeing every write', async () => {
    const start = app.catalog.current().version;
    const rows = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
        insertTestTool(app.database.db, { name: `Burst Tool ${n}`, priceCents: 100 * n }),
      ),
    );
    await Promise.all(rows.map(() => app.catalog.invalidate()));
    const builds = app.catalog.current().version - start;
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
    const listed = (await partsOf(app)).map((tool) => tool._id);
    for (const row of rows) expect(listed).toContain(row.id);
  });

  it('shows an order on a tool it did not hold yet: the patch falls back to a rebuild', async () => {
    // On sale in the database, but this snapshot was never told (another instance added it).
    const row = await insertTestTool(app.database.db, { availableQuantity: 300 });
    expect((await app.inject(`/api/tool/${row.id}`)).statusCode).toBe(404);
    const customer = await signUpTestAccount(app);

    expect((await postOrder(app, customer, row, { quantity: 25 })).statusCode).toBe(200);

    expect(ToolSchema.parse((await app.inject(`/api/tool/${row.id}`)).json())).toMatchObject({
      availableQuantity: 275,
    });
  });

  it('rebuilds again for an invalidation made while a build runs', async () => {
    const running = app.catalog.rebuild();
    const late = await createTestTool(app, { name: 'Late Tool' });
    await running;
    expect((await partsOf(app)).map((tool) => tool._id)).toContain(late.id);
  });
});

describe('catalog snapshot across two instances on one database', () => {
  let database: TestDatabase;
  let first: App;
  let second: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await buildTestApp({ database: await database.connect(), seed: true });
    second = await buildTestApp({ database: await database.connect() });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
  });

  it('shows on instance B, through NOTIFY, a tool added through instance A', async () => {
    expect(await partsOf(second)).toEqual(await partsOf(first));
    const { tool } = await first.tools.addTool({
      name: 'Cross-Instance Clamp',
      desc: 'Added on one instance, seen on the other.',
      img: '/images/tools/slip-joint-pliers.svg',
      price: 7.25,
      minOrderQuantity: 30,
      availableQuantity: 700,
      priceBreaks: [],
    });
    // A rebuilt before addTool resolved; B rebuilds when the notification arrives.
    expect((await first.inject(`/api/tool/${tool._id}`)).json()).toEqual(tool);
    await vi.waitFor(
      async () => {
        const response = await second.inject(`/api/tool/${tool._id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(tool);
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(await partsOf(second)).toEqual(await partsOf(first));
  });

  it('shows on instance B, through NOTIFY, the stock an order on instance A left', async () => {
    const tool = await createTestTool(first, { availableQuantity: 400 });
    await expectStockSoon(second, tool.id, 400);
    const customer = await signUpTestAccount(first);

    expect((await postOrder(first, customer, tool, { quantity: 30 })).statusCode).toBe(200);

    // A patched its own snapshot before answering; B hears the NOTIFY and rebuilds.
    expect(await stockOn(first, tool.id)).toBe(370);
    await expectStockSoon(second, tool.id, 370);
  });

  it('removes on instance A a tool archived through instance B', async () => {
    const [victim] = await partsOf(first);
    expect(victim).toBeDefined();
    expect((await second.tools.removeTool(victim!._id)).deletedCount).toBe(1);
    await vi.waitFor(
      async () => {
        expect((await first.inject(`/api/tool/${victim!._id}`)).statusCode).toBe(404);
      },
      { timeout: 10_000, interval: 25 },
    );
    expect((await partsOf(first)).map((tool) => tool._id)).not.toContain(victim!._id);
  });
});

/** What instance `app` answers for a tool: its stock, or undefined once it left the catalog. */
async function stockOn(app: App, toolId: string): Promise<number | undefined> {
  const response = await app.inject(`/api/tool/${toolId}`);
  if (response.statusCode === 404) return undefined;
  expect(response.statusCode).toBe(200);
  return ToolSchema.parse(response.json()).availableQuantity;
}

/** Waits (polling, never a fixed sleep) until instance `app` answers `expected` for the tool. */
async function expectStockSoon(app: App, toolId: string, expected: number | undefined) {
  await vi.waitFor(async () => expect(await stockOn(app, toolId)).toBe(expected), {
    timeout: 15_000,
    interval: 50,
  });
}

/** Adds `quantity` to a tool's stock on instance `app`, as removing an order there does. */
async function addStockThrough(app: App, toolId: string, quantity: number): Promise<void> {
  await app.database.db.transaction((tx) => app.tools.returnStock(tx, toolId, quantity));
  await app.catalog.invalidate();
}

// A lost connection only exists with a server to lose: PGlite runs inside the process.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'catalog snapshot of an instance whose database connection was lost (PostgreSQL)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let secondDatabase: DatabaseHandle;
    let first: App;
    let second: App;
    // Names instance B's connections, so the test finds (and kills) B's listener and no other.
    const secondName = `catalog-test-b-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      database = await createTestDatabase();
      const url = new URL(database.url!);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      first = await buildTestApp({ database: await database.connect(), seed: true });
      // Instance B reaches the database through the proxy, which the test can cut.
      secondDatabase = await openDatabase({
        kind: 'postgres',
        url: proxy.urlFor(database.url!),
        poolSize: 4,
        applicationName: secondName,
      });
      second = await buildTestApp({ database: secondDatabase });
    });
    afterAll(async () => {
      await second?.close();
      await secondDatabase?.close();
      await first?.close();
      await proxy?.close();
      await database?.destroy();
    });

    it('listens again after its listening connection is terminated', async () => {
      const tool = await createTestTool(first, { availableQuantity: 500 });
      await expectStockSoon(second, tool.id, 500);

      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        // The catalog's own listening connection (the outbox listens on one of its own).
        const killed = await admin.query(
          `select pg_terminate_backend(pid) as killed from pg_stat_activity
            where datname = current_database() and application_name = $1 and query = $2`,
          [`${secondName} listen`, `listen ${pg.escapeIdentifier(CATALOG_CHANGED_CHANNEL)}`],
        );
        expect(killed.rows).toEqual([{ killed: true }]);
      } finally {
        await admin.end();
      }

      // Either B heard of it, or it rebuilt on listening again: it shows the change either way.
      await addStockThrough(first, tool.id, 7);
      await expectStockSoon(second, tool.id, 507);
      // B rebuilt, so its listener is back: the next change arrives through NOTIFY.
      await addStockThrough(first, tool.id, 7);
      await expectStockSoon(second, tool.id, 514);
    });

    it('catches up, once the connection is back, on changes made while it was cut off', async () => {
      const tool = await createTestTool(first);
      await expectStockSoon(second, tool.id, 500);

      proxy.cut();
      try {
        expect((await first.tools.removeTool(tool.id)).deletedCount).toBe(1);
        expect(await stockOn(first, tool.id)).toBeUndefined();
        // Cut off, B cannot know: it keeps serving its snapshot.
        expect(await stockOn(second, tool.id)).toBe(500);
      } finally {
        proxy.restore();
      }
      await expectStockSoon(second, tool.id, undefined);

      // And it listens again: a later change reaches it through NOTIFY.
      const later = await createTestTool(first, { availableQuantity: 321 });
      await expectStockSoon(second, later.id, 321);
    });
  },
);

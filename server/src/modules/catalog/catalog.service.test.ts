import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolListSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { createTestTool, insertTestTool } from '../../testing/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { archiveTool, createTool } from '../tools/tools.service.ts';

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
    const tool = await createTool(
      { db: first.database.db, catalog: first.catalog },
      {
        name: 'Cross-Instance Clamp',
        desc: 'Added on one instance, seen on the other.',
        img: '/images/tools/slip-joint-pliers.svg',
        price: 7.25,
        minOrderQuantity: 30,
        availableQuantity: 700,
      },
    );
    // A rebuilt before createTool resolved; B rebuilds when the notification arrives.
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

  it('removes on instance A a tool archived through instance B', async () => {
    const [victim] = await partsOf(first);
    expect(victim).toBeDefined();
    expect(
      await archiveTool({ db: second.database.db, catalog: second.catalog }, victim!._id),
    ).toBe(1);
    await vi.waitFor(
      async () => {
        expect((await first.inject(`/api/tool/${victim!._id}`)).statusCode).toBe(404);
      },
      { timeout: 10_000, interval: 25 },
    );
    expect((await partsOf(first)).map((tool) => tool._id)).not.toContain(victim!._id);
  });
});

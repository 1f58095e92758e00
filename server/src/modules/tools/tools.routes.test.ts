import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { ErrorBodySchema, ToolListSchema, ToolSchema } from '@tools-factory/contract';
import { demoTools } from '../seed.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';

/** The seeded catalog, as GET /api/parts lists it before the tests change anything. */
const seededTest = appTest({ seed: true }).extend('catalog', { scope: 'file' }, async ({ app }) =>
  ToolListSchema.parse((await app.inject('/api/parts')).json()),
);
const emptyTest = appTest();

describe('catalog routes: GET /api/parts and GET /api/tool/:id', () => {
  seededTest('lists the seeded tools in the contract shape, prices in dollars', async ({ app }) => {
    const response = await app.inject('/api/parts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = ToolListSchema.parse(response.json());
    expect(listed.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
    const hammer = listed[0]!;
    expect(Object.keys(hammer).sort()).toEqual(
      [
        '_id',
        'attributes',
        'availableQuantity',
        'category',
        'desc',
        'img',
        'minOrderQuantity',
        'name',
        'price',
        'priceBreaks',
        'sku',
      ].sort(),
    );
    expect(hammer).toMatchObject({
      name: 'Claw Hammer',
      sku: 'HM-CLAW-16',
      img: '/images/tools/claw-hammer.svg',
      price: 12.99,
      minOrderQuantity: 100,
      availableQuantity: 4200,
      priceBreaks: [
        { minQuantity: 500, price: 11.99 },
        { minQuantity: 1000, price: 10.99 },
      ],
    });
    expect(listed.find((tool) => tool.name === 'Hand Saw')?.priceBreaks).toEqual([]);
  });

  seededTest('answers one tool by id with the same shape', async ({ app, catalog }) => {
    const wanted = catalog[3]!;
    const response = await app.inject(`/api/tool/${wanted._id}`);
    expect(response.statusCode).toBe(200);
    expect(ToolSchema.parse(response.json())).toEqual(wanted);
  });

  seededTest('accepts the id in upper case too', async ({ app, catalog }) => {
    const wanted = catalog[0]!;
    const response = await app.inject(`/api/tool/${wanted._id.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(wanted);
  });

  seededTest('answers HEAD and ignores a query string', async ({ app, catalog }) => {
    const head = await app.inject({ method: 'HEAD', url: '/api/parts' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const withQuery = await app.inject('/api/parts?utm_source=newsletter');
    expect(ToolListSchema.parse(withQuery.json())).toEqual(catalog);
  });

  seededTest('answers 404 with a message for an unknown id', async ({ app }) => {
    const response = await app.inject('/api/tool/3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10');
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: 'Tool not found',
      statusCode: 404,
    });
  });

  seededTest.for(['not-a-uuid', '12345', "1' or '1'='1", '%E2%98%83'])(
    'answers 404 (never 500) for the malformed id %s',
    async (id, { app }) => {
      const response = await app.inject(`/api/tool/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Tool not found', statusCode: 404 });
    },
  );

  seededTest(
    'sends the list compressed when the client asks, and plain otherwise',
    async ({ app }) => {
      const plain = await app.inject('/api/parts');
      expect(plain.headers['content-encoding']).toBeUndefined();

      const br = await app.inject({
        url: '/api/parts',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

      const gzip = await app.inject({ url: '/api/parts', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

      const refused = await app.inject({
        url: '/api/parts',
        headers: { 'accept-encoding': 'br;q=0, identity' },
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
    },
  );

  seededTest('answers 304 to a client that already has the current list', async ({ app }) => {
    const first = await app.inject('/api/parts');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({ url: '/api/parts', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('catalog routes after changes', () => {
  emptyTest('answers an empty list on an empty catalog', async ({ app }) => {
    const response = await app.inject('/api/parts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  emptyTest('leaves archived tools out of the list and answers 404 for them', async ({ app }) => {
    const kept = await createTestTool(app, { name: 'Kept Hammer' });
    const removed = await createTestTool(app, { name: 'Removed Saw' });
    expect((await app.tools.removeTool(removed.id)).deletedCount).toBe(1);

    const names = ToolListSchema.parse((await app.inject('/api/parts')).json()).map((t) => t.name);
    expect(names).toContain(kept.name);
    expect(names).not.toContain(removed.name);
    expect((await app.inject(`/api/tool/${removed.id}`)).statusCode).toBe(404);
    expect((await app.inject(`/api/tool/${kept.id}`)).statusCode).toBe(200);
  });
});

import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import {
  ErrorBodySchema,
  lowestUnitPrice,
  searchTools,
  texts,
  ToolListSchema,
  type Tool,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';

const it = appTest({ seed: true });

/** GET /api/parts with a query string built from `query` (values encoded). */
function partsUrl(query: Record<string, string>): string {
  return `/api/parts?${new URLSearchParams(query).toString()}`;
}

describe('GET /api/parts?q=&sort=: searching the catalog', () => {
  let catalog: Tool[];

  it.beforeAll(async ({ app }) => {
    await createTestTool(app, {
      name: 'Bügelsäge 50% (Metall)',
      description: "Cuts 'steel_bar'.* stock [fast]",
      priceCents: 2499,
      availableQuantity: 90,
    });
    catalog = ToolListSchema.parse((await app.inject('/api/parts')).json());
  });

  async function names(app: App, query: Record<string, string>): Promise<string[]> {
    const response = await app.inject(partsUrl(query));
    expect(response.statusCode).toBe(200);
    return ToolListSchema.parse(response.json()).map((tool) => tool.name);
  }

  it('answers without q and sort, or with them empty, the very bytes and headers of GET /api/parts', async ({
    app,
  }) => {
    const plain = await app.inject({ url: '/api/parts', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const url of ['/api/parts?q=', '/api/parts?q=%20%20', '/api/parts?utm_source=mail']) {
      const same = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(same.statusCode).toBe(200);
      expect(same.rawPayload.equals(plain.rawPayload)).toBe(true);
      for (const header of ['etag', 'content-type', 'cache-control', 'vary', 'content-encoding'])
        expect(same.headers[header]).toBe(plain.headers[header]);
    }
    const etag = plain.headers.etag as string;
    const notModified = await app.inject({ url: '/api/parts', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
  });

  it('keeps the tools holding every word, any case, in any order', async ({ app }) => {
    expect(await names(app, { q: 'saw' })).toEqual(['Hand Saw']);
    expect(await names(app, { q: 'TEETH panel' })).toEqual(['Hand Saw']);
    expect(await names(app, { q: 'saw hammer' })).toEqual([]);
    expect(await names(app, { q: 'nothing-like-this' })).toEqual([]);
  });

  it('compares unicode as typed and reads SQL and pattern characters as text', async ({ app }) => {
    const bugelsage = ['Bügelsäge 50% (Metall)'];
    expect(await names(app, { q: 'SÄGE' })).toEqual(bugelsage);
    expect(await names(app, { q: 'sage metall' })).toEqual([]);
    expect(await names(app, { q: '50%' })).toEqual(bugelsage);
    expect(await names(app, { q: "'steel_bar'.*" })).toEqual(bugelsage);
    expect(await names(app, { q: '[fast]' })).toEqual(bugelsage);
    expect(await names(app, { q: '%' })).toEqual(bugelsage);
    expect(await names(app, { q: '_' })).toEqual(bugelsage);
    expect(await names(app, { q: "' OR '1'='1" })).toEqual([]);
    expect(await names(app, { q: '.*' })).toEqual(bugelsage);
    expect(await names(app, { q: '\\' })).toEqual([]);
  });

  it('sorts by name, price both ways and stock, as the contract does, with or without q', async ({
    app,
  }) => {
    for (const sort of ['name', 'price', 'price-desc', 'available'] as const) {
      const expected = searchTools(catalog, { sort }).map((tool) => tool.name);
      expect(await names(app, { sort })).toEqual(expected);
    }
    const byPrice = await names(app, { sort: 'price' });
    expect(byPrice).not.toEqual(catalog.map((tool) => tool.name));
    // By the price each card shows: the lowest unit price ('from ...') where there are breaks.
    const prices = byPrice.map((name) =>
      lowestUnitPrice(catalog.find((tool) => tool.name === name)!),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await names(app, { q: 'set', sort: 'price-desc' })).toEqual(
      searchTools(catalog, { q: 'set', sort: 'price-desc' }).map((tool) => tool.name),
    );
  });

  it('answers a search with its own ETag, a 304 when it is unchanged, and the same answer twice', async ({
    app,
  }) => {
    const first = await app.inject(partsUrl({ q: 'saw', sort: 'name' }));
    const again = await app.inject(partsUrl({ q: '  SAW ', sort: 'name' }));
    expect(again.body).toBe(first.body);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe((await app.inject('/api/parts')).headers.etag);
    const notModified = await app.inject({
      url: partsUrl({ q: 'saw', sort: 'name' }),
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    const big = await app.inject({
      url: partsUrl({ sort: 'price' }),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(big.rawPayload).toString('utf8'))).toHaveLength(catalog.length);
  });

  it('finds a tool by its SKU: whole in any case first, by its start or any part of it', async ({
    app,
  }) => {
    // The seed's Claw Hammer is HM-CLAW-16; 'HM-CLAW-1' is the start of it and of this one's.
    await createTestTool(app, { name: 'Claw Hammer, heavy', sku: 'HM-CLAW-1' });
    expect(await names(app, { q: 'HM-CLAW-16' })).toEqual(['Claw Hammer']);
    expect(await names(app, { q: 'hm-claw-16' })).toEqual(['Claw Hammer']);
    expect(await names(app, { q: 'claw-16' })).toEqual(['Claw Hammer']);
    expect(await names(app, { q: 'sd-set' })).toEqual(['Screwdriver Set']);
    // The whole SKU comes first, the tools it starts follow in the catalog's order.
    expect(await names(app, { q: 'hm-claw-1' })).toEqual(['Claw Hammer, heavy', 'Claw Hammer']);
    expect(await names(app, { q: 'hm-claw-1', sort: 'name' })).toEqual([
      'Claw Hammer',
      'Claw Hammer, heavy',
    ]);
    expect(await names(app, { q: 'HM-CLAW-2' })).toEqual([]);
  });

  it('follows the catalog: a new tool is found at once', async ({ app }) => {
    expect(await names(app, { q: 'zebrawood' })).toEqual([]);
    await createTestTool(app, { name: 'Zebrawood Mallet' });
    expect(await names(app, { q: 'zebrawood' })).toEqual(['Zebrawood Mallet']);
  });

  it('takes 200 characters and refuses 201, an unknown sort and a repeated q in words', async ({
    app,
  }) => {
    expect(await names(app, { q: 'a'.repeat(200) })).toEqual([]);
    const cases: Array<[string, string]> = [
      [partsUrl({ q: 'a'.repeat(201) }), texts.fieldErrors.tooLong('q', 200)],
      [
        partsUrl({ sort: 'cheapest' }),
        texts.fieldErrors.notOneOf('sort', ['name', 'price', 'price-desc', 'available']),
      ],
      ['/api/parts?q=saw&q=hammer', texts.fieldErrors.notText('q')],
      ['/api/parts?q=%00', texts.fieldErrors.nulCharacter('q')],
    ];
    for (const [url, message] of cases) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(ErrorBodySchema.parse(response.json())).toEqual({ message, statusCode: 400 });
    }
  });
});

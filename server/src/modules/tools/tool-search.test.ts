import { describe, expect } from 'vitest';
import {
  ErrorBodySchema,
  searchErrors,
  searchTexts,
  texts,
  ToolListSchema,
  ToolSearchPageSchema,
  type ToolSearchPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';

// The search that forgives (issue 43 item 2) through HTTP, on the database the tests run on
// (PGlite, or PostgreSQL with npm run test:postgres): GET /api/search and GET /api/parts?q=.

const it = appTest({ seed: true });

/** The seed's hammer and the ones added here, each a hammer by its name. */
const HAMMERS = ['Claw Hammer', 'Framing Hammer', 'Ball Pein Hammer'];

async function search(app: App, query: Record<string, string>): Promise<ToolSearchPage> {
  const response = await app.inject(`/api/search?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return ToolSearchPageSchema.parse(response.json());
}

async function names(app: App, q: string): Promise<string[]> {
  return (await search(app, { q })).tools.map((tool) => tool.name);
}

async function partsNames(app: App, q: string): Promise<string[]> {
  const response = await app.inject(`/api/parts?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return ToolListSchema.parse(response.json()).map((tool) => tool.name);
}

async function expect400(app: App, url: string, message: string): Promise<void> {
  const response = await app.inject(url);
  expect(response.statusCode, url).toBe(400);
  expect(ErrorBodySchema.parse(response.json())).toEqual({ message, statusCode: 400 });
}

describe('GET /api/search: the search that forgives', () => {
  it.beforeAll(async ({ app }) => {
    await createTestTool(app, {
      name: 'Framing Hammer',
      sku: 'HM-FRAME-22',
      description: 'A long handle and a milled face for driving large nails.',
    });
    await createTestTool(app, {
      name: 'Ball Pein Hammer',
      sku: 'HM-BALL-12',
      description: 'A rounded pein for shaping metal and setting rivets.',
    });
    await createTestTool(app, {
      name: 'Rubber Mallet',
      sku: 'ML-RUB-16',
      description: 'Softer than a hammer: it taps tiles and joints without a mark.',
    });
    await createTestTool(app, {
      name: 'Frame Saw',
      sku: 'SW-FRAME-30',
      description: 'A bow saw for resawing boards.',
    });
    await createTestTool(app, {
      name: 'Stubby Screwdriver',
      sku: 'SD-STUB-1',
      description: 'A short driver for screws in tight corners.',
    });
  });

  it("finds hammers for 'hamer', and says it searched 'hammer' instead", async ({ app }) => {
    const found = await search(app, { q: 'hamer' });
    expect(found.corrected).toEqual([{ word: 'hamer', correction: 'hammer' }]);
    expect(found.tools.map((tool) => tool.name)).toEqual(await names(app, 'hammer'));
    expect(found.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(HAMMERS));
    expect(searchTexts.showingResultsFor('hammer')).toBe('Showing results for hammer');
    expect(await partsNames(app, 'hamer')).toEqual(await partsNames(app, 'hammer'));
    const screwdrivers = await search(app, { q: 'scrwdriver' });
    expect(screwdrivers.corrected).toEqual([{ word: 'scrwdriver', correction: 'screwdriver' }]);
    expect(screwdrivers.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['Screwdriver Set', 'Stubby Screwdriver']),
    );
  });

  it('corrects nothing that finds tools, and only the words that find nothing', async ({ app }) => {
    expect((await search(app, { q: 'hammer' })).corrected).toEqual([]);
    const mixed = await search(app, { q: 'framing hamer' });
    expect(mixed.corrected).toEqual([{ word: 'hamer', correction: 'hammer' }]);
    expect(mixed.tools.map((tool) => tool.name)).toEqual(['Framing Hammer']);
    // Nothing near enough: nothing found, nothing said.
    const none = await search(app, { q: 'xylophone' });
    expect(none).toMatchObject({ tools: [], total: 0, corrected: [], pageCount: 1 });
  });

  it('finds the words in any order, in names and descriptions, and by their stems', async ({
    app,
  }) => {
    const driverScrew = await names(app, 'driver screw');
    expect(driverScrew).toEqual(expect.arrayContaining(['Screwdriver Set', 'Stubby Screwdriver']));
    expect(await names(app, 'screw driver')).toEqual(expect.arrayContaining(driverScrew));
    expect((await names(app, 'screw driver')).sort()).toEqual([...driverScrew].sort());
    expect(await names(app, 'nails framing')).toEqual(['Framing Hammer']);
    // 'hammers' is in no tool as typed: its stem is.
    expect(await names(app, 'hammers')).toEqual(expect.arrayContaining(HAMMERS));
  });

  it('ranks a word in the name above the same word in the description', async ({ app }) => {
    const found = await names(app, 'hammer');
    const mallet = found.indexOf('Rubber Mallet');
    expect(mallet).toBeGreaterThan(-1);
    for (const hammer of HAMMERS) expect(found.indexOf(hammer)).toBeLessThan(mallet);
    expect(await partsNames(app, 'hammer')).toEqual(found);
  });

  it('finds a SKU, its start or a part of it, and nothing like it', async ({ app }) => {
    expect(await names(app, 'HM-FRAME-22')).toEqual(['Framing Hammer']);
    expect(await names(app, 'hm-frame-22')).toEqual(['Framing Hammer']);
    expect(await names(app, 'hm-frame')).toEqual(['Framing Hammer']);
    expect((await names(app, 'hm-')).sort()).toEqual([...HAMMERS].sort());
    expect(await names(app, 'frame-22')).toEqual(['Framing Hammer']);
    expect(await names(app, 'frame-3')).toEqual(['Frame Saw']);
    // A SKU that is no tool's finds nothing: SKUs are never corrected.
    expect(await search(app, { q: 'hm-frame-23' })).toMatchObject({ tools: [], corrected: [] });
    expect(await partsNames(app, 'hm-frame-23')).toEqual([]);
    expect(await partsNames(app, 'HM-FRAME-22')).toEqual(['Framing Hammer']);
  });

  it('answers no tool for no words, and pages the rest', async ({ app }) => {
    for (const q of ['', '   ']) {
      expect(await search(app, { q })).toEqual({
        q: '',
        tools: [],
        total: 0,
        capped: false,
        page: 1,
        pageCount: 1,
        pageSize: 24,
        sort: null,
        corrected: [],
      });
    }
    const first = await search(app, { q: '  Hammer ', sort: 'price', page: '1' });
    expect(first).toMatchObject({ q: 'hammer', page: 1, sort: 'price', capped: false });
    expect(first.total).toBe(first.tools.length);
    const prices = first.tools.map((tool) => tool.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const past = await app.inject('/api/search?q=hammer&page=2');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({
      message: searchErrors.noSuchPage(2, 1),
      statusCode: 404,
    });
  });

  it('refuses a long q, a bad page and an unknown sort in words', async ({ app }) => {
    await expect400(app, `/api/search?q=${'a'.repeat(201)}`, texts.fieldErrors.tooLong('q', 200));
    await expect400(
      app,
      '/api/search?q=saw&sort=cheapest',
      texts.fieldErrors.notOneOf('sort', ['name', 'price', 'price-desc', 'available']),
    );
    await expect400(app, '/api/search?q=saw&q=hammer', texts.fieldErrors.notText('q'));
    await expect400(app, '/api/search?q=%00', texts.fieldErrors.nulCharacter('q'));
    for (const page of ['0', '-1', '1.5', 'two', '43']) {
      const response = await app.inject(`/api/search?q=saw&page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/page/);
    }
  });
});

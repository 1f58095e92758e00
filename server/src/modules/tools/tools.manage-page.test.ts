import { describe, expect } from 'vitest';
import {
  manageToolsTexts,
  ManageToolsPageSchema,
  ToolListSchema,
  ToolStockListSchema,
  type ManageToolsPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { removeTool, setPriceBreaks } from '../../testing/catalog-calls.ts';
import { createTestTool } from '../../testing/factories.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';
import { selectManageToolsPage } from './tools.repository.ts';

// An app of its own: the test walks every tool there is.
const it = appTest();
const { badCursor } = manageToolsTexts.page;

function ask(app: App, sender: TestAccount | undefined, query: string) {
  return injectAs(app, sender, { url: `/api/manageTools/page?${query}` });
}

async function page(app: App, admin: TestAccount, query: string): Promise<ManageToolsPage> {
  const response = await ask(app, admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return ManageToolsPageSchema.parse(response.json());
}

/** Every page of `pageSize` from the first (of the tools `search` finds), as walkPages checks. */
async function walk(app: App, admin: TestAccount, pageSize: number, search = '') {
  const walked = await walkPages({
    pageSize,
    fetchPage: (after) => page(app, admin, withAfter(`pageSize=${pageSize}${search}`, after)),
    rowsOf: (found) => found.tools,
    idOf: (tool) => tool._id,
  });
  return walked.pages;
}

describe('Manage Tools a page at a time: GET /api/manageTools/page (issue 43)', () => {
  it("walks every tool on sale once, in GET /parts' order, with its stock", async ({
    app,
    admin,
  }) => {
    // Five tools of one instant (one transaction's now()): the name orders them, as the
    // catalog does, and names holding the cursor's own `_` and other signs read back whole.
    const instant = new Date('2026-03-01T10:00:00.000Z');
    const names = [
      'Page_Tool E',
      'Page Tool A',
      'Page_Tool_C',
      'Page Tool "B" 100%',
      'Page Tool D',
    ];
    const made = [];
    for (const name of names) made.push(await createTestTool(app, { name, createdAt: instant }));
    const [first] = made;
    if (!first) throw new Error('no tool made');
    await setPriceBreaks(app, admin, first.id, [{ minQuantity: 50, price: 15 }]);
    const gone = await createTestTool(app, { name: 'Page Tool Removed', createdAt: instant });
    await removeTool(app, admin, gone.id);

    const parts = ToolListSchema.parse((await app.inject('/api/parts')).json());
    const stock = ToolStockListSchema.parse(
      (await injectAs(app, admin, { url: '/api/manageTools/stock' })).json(),
    );
    const pages = await walk(app, admin, 2);
    expect(pages.length).toBe(Math.ceil(parts.length / 2));
    // A list that ends at a page's end: that page is the last, not one before an empty page.
    expect(await walk(app, admin, parts.length)).toHaveLength(1);
    for (const found of pages) {
      expect(found).toMatchObject({ total: parts.length, capped: false });
      expect(found.stock.map((entry) => entry.toolId)).toEqual(found.tools.map((tool) => tool._id));
    }
    // The same tools, each as GET /parts and GET /manageTools/stock show it, in their order.
    expect(pages.flatMap((found) => found.tools)).toEqual(parts);
    expect(pages.flatMap((found) => found.stock)).toEqual(stock);
    // In the database's collation, as GET /parts orders them; the removed one is gone.
    expect(parts.map((tool) => tool.name).filter((name) => name.startsWith('Page'))).toEqual(
      expect.arrayContaining(names),
    );
    expect(parts.map((tool) => tool._id)).not.toContain(gone.id);
  });

  it('finds by any part of the name, SKU or description, every word in any order', async ({
    app,
    admin,
  }) => {
    const instant = new Date('2026-03-02T10:00:00.000Z');
    const hammer = await createTestTool(app, {
      name: 'Searchable Claw Hammer',
      sku: 'SRCH-HAM-16',
      description: 'Forged head, fibreglass handle.',
      createdAt: instant,
    });
    const mallet = await createTestTool(app, {
      name: 'Searchable Rubber Mallet',
      sku: 'SRCH-MAL-24',
      description: 'A soft face for tiles.',
      createdAt: instant,
    });
    const ids = (found: ManageToolsPage) => found.tools.map((tool) => tool._id);

    expect(ids(await page(app, admin, 'q=searchable'))).toEqual([hammer.id, mallet.id]);
    expect(ids(await page(app, admin, 'q=srch-mal'))).toEqual([mallet.id]);
    expect(ids(await page(app, admin, 'q=FIBREGLASS%20claw'))).toEqual([hammer.id]);
    expect(await page(app, admin, 'q=hammer%20tiles')).toMatchObject({ tools: [], total: 0 });
    // LIKE's own characters are characters like any other: only tools that hold them.
    for (const sign of ['%', '_']) {
      const found = await page(app, admin, `q=${encodeURIComponent(sign)}`);
      for (const tool of found.tools)
        expect(`${tool.name} ${tool.sku} ${tool.desc}`).toContain(sign);
      expect(found.tools.map((tool) => tool._id)).not.toContain(hammer.id);
    }

    // A search pages as the whole list does.
    const pages = await walk(app, admin, 1, '&q=searchable');
    expect(pages.flatMap(ids)).toEqual([hammer.id, mallet.id]);
    expect(pages.map((found) => found.total)).toEqual([2, 2]);

    // Counted up to a cap (MANAGE_TOOLS_COUNT_CAP; one here): the page says so, and still
    // shows every tool it holds.
    const search = { words: ['searchable'], limit: 10 };
    const capped = await selectManageToolsPage(app.database.db, { ...search, countCap: 1 });
    expect(capped).toMatchObject({ total: 1, capped: true });
    expect(capped.rows.map((row) => row.id)).toEqual([hammer.id, mallet.id]);
    expect(await selectManageToolsPage(app.database.db, { ...search, countCap: 2 })).toMatchObject({
      total: 2,
      capped: false,
    });
    expect(
      await selectManageToolsPage(app.database.db, { words: [], limit: 1, countCap: 3 }),
    ).toMatchObject({ total: 3, capped: true });
  });

  it('refuses an `after` no page answered and a bad page size or search, in words', async ({
    app,
    admin,
  }) => {
    const id = crypto.randomUUID();
    for (const after of [
      'yesterday',
      `2026-06-01T08:30:00.000000Z_${id}`,
      `2026-13-45T00:00:00.000000Z_${id}_Hammer`,
      `2026-06-01T08:30:00.000000Z_${id}_nul%00`,
      `2026-06-01T08:30:00.000000Z_not-an-id_Hammer`,
    ]) {
      expectError(await ask(app, admin, `after=${after}`), 400, badCursor);
    }
    // A cursor of the right shape that names no tool still answers the tools after it.
    const late = await page(app, admin, `after=2999-01-01T00:00:00.000000Z_${id}_Zzz`);
    expect(late).toEqual({ tools: [], stock: [], total: late.total, capped: false, next: null });

    for (const query of ['pageSize=201', 'pageSize=0', `q=${'x'.repeat(201)}`, 'q=%00']) {
      const response = await ask(app, admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/pageSize|q/);
    }
  });

  it('is for admins only', async ({ app, customer }) => {
    expect((await ask(app, undefined, '')).statusCode).toBe(401);
    expect((await ask(app, customer, '')).statusCode).toBe(403);
  });
});

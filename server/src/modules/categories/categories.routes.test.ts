import { describe, expect } from 'vitest';
import {
  CATEGORY_PAGE_SIZE,
  CategorySchema,
  CategoryToolsPageSchema,
  CategoryTreeSchema,
  DeletedCountSchema,
  texts,
  ToolSchema,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { addProduct, postTool, removeTool } from '../../testing/catalog-calls.ts';
import { injectAs, expectError } from '../../testing/requests.ts';

const errors = texts.categories.errors;

// The demo catalog: 9 tools in a tree of 5 top-level categories and 9 under them.
const it = appTest({ seed: true });

async function tree(app: App) {
  const response = await app.inject('/api/categories');
  expect(response.statusCode, response.body).toBe(200);
  return CategoryTreeSchema.parse(response.json());
}

async function toolsPage(app: App, slugAndQuery: string) {
  const response = await app.inject(`/api/categories/${slugAndQuery}`);
  expect(response.statusCode, response.body).toBe(200);
  return CategoryToolsPageSchema.parse(response.json());
}

function manage(
  app: App,
  sender: TestAccount | undefined,
  method: 'POST' | 'PATCH' | 'DELETE',
  slug: string | undefined,
  payload?: object,
) {
  const url = slug === undefined ? '/api/manageCategories' : `/api/manageCategories/${slug}`;
  return injectAs(app, sender, { method, url, ...(payload ? { payload } : {}) });
}

const names = (page: { tools: { name: string }[] }) => page.tools.map((tool) => tool.name);

describe('GET /api/categories', () => {
  it('lists the demo tree depth first, each category counting the tools under it', async ({
    app,
  }) => {
    const answer = await tree(app);
    expect(answer.toolsOnSale).toBe(9);
    expect(answer.homeShowsEveryTool).toBe(true);
    expect(
      answer.categories.map(({ slug, parent, depth, toolCount }) => [
        slug,
        parent,
        depth,
        toolCount,
      ]),
    ).toEqual([
      ['striking-tools', null, 1, 1],
      ['hammers', 'striking-tools', 2, 1],
      ['mallets', 'striking-tools', 2, 0],
      ['cutting-tools', null, 1, 3],
      ['saws', 'cutting-tools', 2, 1],
      ['chisels', 'cutting-tools', 2, 1],
      ['files', 'cutting-tools', 2, 1],
      ['gripping-tools', null, 1, 3],
      ['pliers', 'gripping-tools', 2, 1],
      ['wrenches', 'gripping-tools', 2, 2],
      ['fastening-tools', null, 1, 1],
      ['screwdrivers', 'fastening-tools', 2, 1],
      ['measuring-tools', null, 1, 1],
      ['tape-measures', 'measuring-tools', 2, 1],
    ]);
  });

  it('gives each demo tool its category and attributes in GET /api/parts', async ({ app }) => {
    const parts = ToolSchema.array().parse((await app.inject('/api/parts')).json());
    const hammer = parts.find((tool) => tool.name === 'Claw Hammer');
    expect(hammer?.category).toBe('hammers');
    expect(hammer?.attributes).toEqual({
      brandLine: 'Forge Pro',
      size: '16 oz',
      material: 'Steel',
    });
  });
});

describe('GET /api/categories/{slug}/tools', () => {
  it("lists a category's tools with those of its sub-categories, by name, with breadcrumb and facets", async ({
    app,
  }) => {
    const page = await toolsPage(app, 'gripping-tools/tools');
    expect(page.category).toEqual({ slug: 'gripping-tools', name: 'Gripping tools' });
    expect(page.breadcrumb).toEqual([]);
    expect(page.subcategories).toEqual([
      { slug: 'pliers', name: 'Pliers', toolCount: 1 },
      { slug: 'wrenches', name: 'Wrenches', toolCount: 2 },
    ]);
    expect(names(page)).toEqual([
      'Adjustable Spanner',
      'Combination Wrench Set',
      'Slip Joint Pliers',
    ]);
    expect({ total: page.total, page: page.page, pageCount: page.pageCount }).toEqual({
      total: 3,
      page: 1,
      pageCount: 1,
    });
    expect(page.pageSize).toBe(CATEGORY_PAGE_SIZE);
    expect(page.facets.material).toEqual([
      { value: 'carbon-steel', label: 'Carbon steel', count: 1, selected: false },
      { value: 'chrome-vanadium', label: 'Chrome vanadium', count: 2, selected: false },
    ]);

    const wrenches = await toolsPage(app, 'wrenches/tools');
    expect(wrenches.breadcrumb).toEqual([{ slug: 'gripping-tools', name: 'Gripping tools' }]);
    expect(wrenches.subcategories).toEqual([]);
  });

  it("narrows by a facet, counting each facet's values under the other facets' filters", async ({
    app,
  }) => {
    const page = await toolsPage(app, 'gripping-tools/tools?material=Chrome%20Vanadium');
    expect(names(page)).toEqual(['Adjustable Spanner', 'Combination Wrench Set']);
    // Its own facet is not narrowed by itself: Carbon steel can still be added.
    expect(
      page.facets.material.map(({ value, count, selected }) => [value, count, selected]),
    ).toEqual([
      ['carbon-steel', 1, false],
      ['chrome-vanadium', 2, true],
    ]);
    // The others count only chrome-vanadium tools: the pliers' Workshop line has none.
    expect(page.facets.brandLine.map(({ label, count }) => [label, count])).toEqual([
      ['Forge Pro', 1],
      ['Site Master', 1],
      ['Workshop', 0],
    ]);

    const both = await toolsPage(
      app,
      'gripping-tools/tools?material=chrome-vanadium&material=carbon-steel&brandLine=workshop',
    );
    expect(names(both)).toEqual(['Slip Joint Pliers']);
    expect(both.facets.material.map(({ value, count }) => [value, count])).toEqual([
      ['carbon-steel', 1],
      ['chrome-vanadium', 0],
    ]);

    // A value no tool of the category has is listed, chosen, so that it can be left out again.
    const none = await toolsPage(app, 'hammers/tools?size=99-ft');
    expect(none.total).toBe(0);
    expect(none.pageCount).toBe(1);
    expect(none.facets.size).toContainEqual({
      value: '99-ft',
      label: '99-ft',
      count: 0,
      selected: true,
    });
  });

  it('sorts by the lowest unit price either way, ties by name', async ({ app }) => {
    // Claw Hammer $12.99 (from $10.99), Hand Saw $18.75, Wood Chisel $11.50, Metal File $5.75 ...
    const cheapest = await toolsPage(app, 'all/tools?sort=price');
    expect(names(cheapest).slice(0, 3)).toEqual([
      'Metal File',
      'Tape Measure',
      'Slip Joint Pliers',
    ]);
    const dearest = await toolsPage(app, 'all/tools?sort=-price');
    expect(names(dearest)).toEqual([...names(cheapest)].reverse());
    expect(dearest.sort).toBe('-price');
    const all = await toolsPage(app, 'all/tools');
    expect(all.category).toEqual({ slug: 'all', name: texts.categories.browse.allTools });
    expect(all.subcategories.map(({ slug }) => slug)).toEqual([
      'striking-tools',
      'cutting-tools',
      'gripping-tools',
      'fastening-tools',
      'measuring-tools',
    ]);
  });

  it('refuses in words: an unknown category, a bad sort or page, a page past the last', async ({
    app,
  }) => {
    const unknown = await app.inject('/api/categories/no-such-thing/tools');
    expectError(unknown, 404, errors.noSuchCategory);
    const sort = await app.inject('/api/categories/hammers/tools?sort=cheapest');
    expectError(sort, 400, texts.fieldErrors.notOneOf('sort', ['name', 'price', '-price']));
    const page = await app.inject('/api/categories/hammers/tools?page=0');
    expectError(page, 400, texts.fieldErrors.tooSmall('page', 1));
    const words = await app.inject('/api/categories/hammers/tools?page=two');
    expect(words.statusCode).toBe(400);
    const past = await app.inject('/api/categories/hammers/tools?page=2');
    expectError(past, 404, errors.noSuchPage(2, 1));
  });
});

describe('the admins keep the tree', () => {
  it('refuses every write to a customer (403) and to nobody (401)', async ({ app, customer }) => {
    expect((await manage(app, customer, 'POST', undefined, { name: 'Vices' })).statusCode).toBe(
      403,
    );
    expect((await manage(app, undefined, 'POST', undefined, { name: 'Vices' })).statusCode).toBe(
      401,
    );
    expect((await manage(app, customer, 'PATCH', 'mallets', { name: 'Mauls' })).statusCode).toBe(
      403,
    );
    expect((await manage(app, customer, 'DELETE', 'mallets')).statusCode).toBe(403);
    expect((await tree(app)).categories.map(({ slug }) => slug)).toContain('mallets');
  });

  it('adds a category (slug made from the name), renames it, moves it; refuses a cycle', async ({
    app,
    admin,
  }) => {
    const added = await manage(app, admin, 'POST', undefined, {
      name: 'Vices & Clamps',
      parent: 'gripping-tools',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(CategorySchema.parse(added.json())).toMatchObject({
      slug: 'vices-clamps',
      parent: 'gripping-tools',
      depth: 2,
      position: 3,
      toolCount: 0,
    });
    expectError(
      await manage(app, admin, 'POST', undefined, {
        name: 'vices & clamps',
        slug: 'vices-2',
        parent: 'gripping-tools',
      }),
      409,
      errors.nameTaken('vices & clamps'),
    );
    expectError(
      await manage(app, admin, 'POST', undefined, { name: 'Other', slug: 'vices-clamps' }),
      409,
      errors.slugTaken('vices-clamps'),
    );
    expectError(
      await manage(app, admin, 'POST', undefined, { name: 'Other', slug: 'all' }),
      400,
      errors.slugReserved('all'),
    );
    expectError(
      await manage(app, admin, 'POST', undefined, { name: 'Other', parent: 'nowhere' }),
      400,
      errors.noSuchParent('nowhere'),
    );

    const renamed = await manage(app, admin, 'PATCH', 'vices-clamps', { name: 'Vices' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(CategorySchema.parse(renamed.json())).toMatchObject({
      slug: 'vices-clamps',
      name: 'Vices',
    });

    const moved = await manage(app, admin, 'PATCH', 'vices-clamps', { parent: null });
    expect(CategorySchema.parse(moved.json())).toMatchObject({
      parent: null,
      depth: 1,
      position: 6,
    });
    expectError(
      await manage(app, admin, 'PATCH', 'striking-tools', { parent: 'hammers' }),
      409,
      errors.moveUnderItself('Striking tools'),
    );
    expectError(
      await manage(app, admin, 'PATCH', 'no-such', { name: 'X' }),
      404,
      errors.noSuchCategory,
    );
  });

  it('deletes only an empty category, saying what a full one holds', async ({ app, admin }) => {
    expectError(
      await manage(app, admin, 'DELETE', 'striking-tools'),
      409,
      errors.notEmpty('Striking tools', 0, 2),
    );
    expectError(
      await manage(app, admin, 'DELETE', 'wrenches'),
      409,
      errors.notEmpty('Wrenches', 2, 0),
    );
    const deleted = await manage(app, admin, 'DELETE', 'mallets');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(DeletedCountSchema.parse(deleted.json())).toEqual({ deletedCount: 1 });
    expect((await tree(app)).categories.map(({ slug }) => slug)).not.toContain('mallets');
    expectError(await app.inject('/api/categories/mallets/tools'), 404, errors.noSuchCategory);

    // A removed tool does not keep its category from being deleted: it loses it.
    const added = await manage(app, admin, 'POST', undefined, { name: 'Anvils' });
    expect(added.statusCode).toBe(201);
    const anvil = await addProduct(app, admin, { name: 'Bench Anvil', category: 'anvils' });
    expect(anvil.category).toBe('anvils');
    expectError(await manage(app, admin, 'DELETE', 'anvils'), 409, errors.notEmpty('Anvils', 1, 0));
    await removeTool(app, admin, anvil._id);
    expect((await manage(app, admin, 'DELETE', 'anvils')).statusCode).toBe(200);
  });
});

describe("a tool's category and attributes, through Add Product and Edit Tool", () => {
  it('puts a tool in a category with its attributes; the category pages page and count it', async ({
    app,
    admin,
  }) => {
    const added = await manage(app, admin, 'POST', undefined, {
      name: 'Pry bars',
      parent: 'striking-tools',
    });
    expect(added.statusCode).toBe(201);
    for (let number = 1; number <= CATEGORY_PAGE_SIZE + 2; number += 1) {
      await addProduct(app, admin, {
        name: `Pry Bar ${number}`,
        category: 'pry-bars',
        attributes: { material: number % 2 === 0 ? 'Steel' : 'Titanium', size: `${number} in` },
      });
    }
    const first = await toolsPage(app, 'pry-bars/tools');
    // Read as a person reads them: 'Pry Bar 2' before 'Pry Bar 10'.
    expect(names(first).slice(0, 3)).toEqual(['Pry Bar 1', 'Pry Bar 2', 'Pry Bar 3']);
    expect({ total: first.total, pageCount: first.pageCount }).toEqual({ total: 26, pageCount: 2 });
    const second = await toolsPage(app, 'pry-bars/tools?page=2');
    expect(names(second)).toEqual(['Pry Bar 25', 'Pry Bar 26']);
    const steel = await toolsPage(app, 'pry-bars/tools?material=steel');
    expect(steel.total).toBe(13);
    expect(steel.facets.material.map(({ label, count }) => [label, count])).toEqual([
      ['Steel', 13],
      ['Titanium', 13],
    ]);
    const parent = (await tree(app)).categories.find(({ slug }) => slug === 'striking-tools');
    expect(parent?.toolCount).toBe(27);
  });

  it('moves a tool with Edit Tool, keeps what Edit Tool leaves out, refuses an unknown category', async ({
    app,
    admin,
  }) => {
    const tool = await addProduct(app, admin, {
      name: 'Rubber Mallet',
      attributes: { brandLine: 'Workshop', size: '', material: null },
    });
    expect(tool.category).toBeUndefined();
    expect(tool.attributes).toEqual({ brandLine: 'Workshop' });
    const edit = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/manageTools/${tool._id}`,
        headers: bearer(admin.token),
        payload: {
          name: 'Rubber Mallet',
          desc: tool.desc,
          img: tool.img,
          price: tool.price,
          minOrderQuantity: tool.minOrderQuantity,
          ...payload,
        },
      });
    // Mallets was deleted above: the tests of this file share an app.
    const moved = await edit({ category: 'saws' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ToolSchema.parse(moved.json())).toMatchObject({
      category: 'saws',
      attributes: { brandLine: 'Workshop' },
    });
    expect(names(await toolsPage(app, 'saws/tools'))).toEqual(['Hand Saw', 'Rubber Mallet']);
    const kept = ToolSchema.parse((await edit({ price: 9.5 })).json());
    expect(kept.category).toBe('saws');
    const cleared = ToolSchema.parse((await edit({ category: null, attributes: {} })).json());
    expect(cleared.category).toBeUndefined();
    expect(cleared.attributes).toBeUndefined();

    expectError(await edit({ category: 'nowhere' }), 400, errors.toolCategoryUnknown('nowhere'));
    const tooLong = await postTool(app, admin, {
      name: 'Long Mallet',
      desc: 'A mallet.',
      img: tool.img,
      price: 5,
      minOrderQuantity: 1,
      availableQuantity: 50,
      attributes: { material: 'x'.repeat(61) },
    });
    expectError(tooLong, 400, texts.fieldErrors.tooLong('material', 60));
  });
});

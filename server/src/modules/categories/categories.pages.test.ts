import { describe, expect } from 'vitest';
import type { PageData } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest, openTestApp } from '../../testing/app-fixtures.ts';
import { builtWebFixture, pageDataOf, servingConfig } from '../../testing/built-web.ts';

/** A stand-in of the web's server entry: a list of the tools the page shows, 200 always. */
const standInEntry = `
export async function render(url, data) {
  const shown = data.categoryTools ? data.categoryTools.tools : (data.tools ?? (data.tool ? [data.tool] : []));
  return { status: 200, html: '<ul>' + shown.map((tool) => '<li>' + tool._id + '</li>').join('') + '</ul>', title: url };
}
`;

/** The seeded demo catalog (9 tools) served with HOME_PAGE_TOOLS_LIMIT `limit`. */
function servedWithLimit(limit: number) {
  return appTest()
    .extend('web', { scope: 'file' }, builtWebFixture(standInEntry))
    .extend('app', { scope: 'file' }, ({ web }, tools) =>
      openTestApp(
        { seed: true, config: { ...servingConfig(web), homePageToolsLimit: limit } },
        tools,
      ),
    );
}

async function pageData(app: App, url: string): Promise<PageData> {
  const response = await app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return pageDataOf(response.body) as PageData;
}

const small = servedWithLimit(60);
const large = servedWithLimit(3);

describe('the home page at most HOME_PAGE_TOOLS_LIMIT tools on sale (the demo catalog)', () => {
  small(
    'carries every tool, as SPEC.md has it, and the tree for its row of categories',
    async ({ app }) => {
      const home = await pageData(app, '/');
      expect(home.tools).toHaveLength(9);
      expect(home.categoryTools).toBeUndefined();
      expect(home.categories?.homeShowsEveryTool).toBe(true);
      expect(home.categories?.categories).toHaveLength(14);
    },
  );
});

describe('the home page above HOME_PAGE_TOOLS_LIMIT tools on sale', () => {
  large(
    'carries the categories and the first page of every tool, never the whole catalog',
    async ({ app }) => {
      const home = await pageData(app, '/');
      expect(home.tools).toBeUndefined();
      expect(home.categories?.homeShowsEveryTool).toBe(false);
      expect(home.categoryTools?.category.slug).toBe('all');
      expect(home.categoryTools?.tools.map((tool) => tool.name).slice(0, 2)).toEqual([
        'Adjustable Spanner',
        'Claw Hammer',
      ]);
      const html = (await app.inject('/home')).body;
      for (const tool of home.categoryTools?.tools ?? []) expect(html).toContain(tool._id);

      // The purchase page carries its own tool alone; other pages none.
      const [tool] = home.categoryTools?.tools ?? [];
      const purchase = await pageData(app, `/purchase/${tool?._id}`);
      expect(purchase.tool?._id).toBe(tool?._id);
      expect(purchase.tools).toBeUndefined();
      expect((await pageData(app, '/about')).tools).toBeUndefined();
    },
  );

  large('renders a category page from its URL: filters, sort and page', async ({ app }) => {
    const page = await pageData(
      app,
      '/category/gripping-tools?material=chrome-vanadium&sort=-price',
    );
    expect(page.categoryTools?.tools.map((tool) => tool.name)).toEqual([
      'Combination Wrench Set',
      'Adjustable Spanner',
    ]);
    // Refused by the API (an unknown sort): the page carries none, and asks in the browser.
    expect(
      (await pageData(app, '/category/gripping-tools?sort=cheap')).categoryTools,
    ).toBeUndefined();
    expect((await pageData(app, '/category/no-such')).categoryTools).toBeUndefined();
  });
});

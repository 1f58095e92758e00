import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import {
  API_BASE,
  apiPaths,
  PAGE_PRELOADS_FILE,
  routes,
  type PageData,
  REVIEWS_PAGE_SIZE,
  type Review,
} from '@tools-factory/contract';
import { bearer } from '../testing/accounts.ts';
import { createTestReview, createTestTool } from '../testing/factories.ts';
import {
  builtWebFixture,
  indexHtml,
  loginScripts,
  pageDataOf,
  servingConfig,
  type BuiltWeb,
} from '../testing/built-web.ts';
import type { App } from '../app.ts';
import { appTest, openTestApp } from '../testing/app-fixtures.ts';
import { INDEX_CACHE } from './web-static.ts';

/**
 * A stand-in for web/dist-ssr/entry-server.js: renders the name and price of every tool its data
 * holds (the home page's list, the one tool on /purchase/{id}), 404 for what the app has no page for, throws for a URL holding 'explode',
 * and records each URL it is asked to render.
 */
const standInEntry = `
export const calls = [];
const pages = new Set(['/', '/home', '/about', '/blogs', '/login', '/signup']);
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export async function render(url, data) {
  calls.push(url);
  if (url.includes('explode')) throw new Error('the stand-in render failed');
  const pathname = url.split('?')[0];
  const tool = data.tool && pathname === '/purchase/' + data.tool._id ? data.tool : undefined;
  const status = pages.has(pathname) || tool ? 200 : 404;
  const items = (tool ? [tool] : (data.tools ?? []))
    .map((shown) => '<li>' + escape(shown.name) + ' $' + shown.price + '</li>')
    .join('');
  const heading = status === 404 ? 'Page not found' : 'Our tools';
  const page = { '/login': 'login', '/about': 'about' }[pathname];
  return { status, html: '<main><h1>' + heading + '</h1><ul>' + items + '</ul></main>', title: 'Stand-in ' + pathname + ' & co', page };
}
`;

type StandIn = { calls: string[] };

const pagesLog: string[] = [];
const pagesTest = appTest()
  .extend('web', { scope: 'file' }, builtWebFixture(standInEntry))
  .extend('app', { scope: 'file' }, ({ web }, tools) =>
    openTestApp(
      {
        config: { ...servingConfig(web), logLevel: 'error' },
        logStream: { write: (line) => void pagesLog.push(line) },
      },
      tools,
    ),
  );

const noEntryLog: string[] = [];
const noEntryTest = appTest()
  .extend('noEntry', { scope: 'file' }, builtWebFixture(undefined))
  .extend('badEntry', { scope: 'file' }, builtWebFixture('export const notRender = 1;\n'))
  .extend('missing', { scope: 'file' }, ({ noEntry }, tools) =>
    openTestApp({ config: servingConfig(noEntry) }, tools),
  )
  .extend('broken', { scope: 'file' }, ({ badEntry }, tools) =>
    openTestApp(
      {
        config: { ...servingConfig(badEntry), logLevel: 'error' },
        logStream: { write: (line) => void noEntryLog.push(line) },
      },
      tools,
    ),
  );

describe('the server-rendered public pages', () => {
  async function standIn(web: BuiltWeb): Promise<StandIn> {
    return (await import(pathToFileURL(web.entry).href)) as StandIn;
  }

  /** The data the public API answers now: what the home page must carry. */
  async function publicData(app: App): Promise<PageData> {
    return {
      tools: (await app.inject(`${API_BASE}${apiPaths.parts}`)).json(),
      reviewsPage: (await app.inject(`${API_BASE}${apiPaths.reviewsPage}`)).json(),
      gallery: (await app.inject(`${API_BASE}${apiPaths.gallery}`)).json(),
      identitySettings: (await app.inject(`${API_BASE}${apiPaths.identitySettings}`)).json(),
      categories: (await app.inject(`${API_BASE}${apiPaths.categories}`)).json(),
    };
  }

  pagesTest(
    'sends / with the rendered markup, its title and the catalog as JSON',
    async ({ app }) => {
      const tool = await createTestTool(app, { name: 'Rendered Claw Hammer', priceCents: 1250 });
      await createTestReview(app);
      const response = await app.inject('/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe(INDEX_CACHE);
      expect(response.body).toContain('<li>Rendered Claw Hammer $12.5</li>');
      expect(response.body).toContain('<title>Stand-in / &amp; co</title>');
      expect(response.body).not.toContain('<title>Tools Factory</title>');
      expect(response.body).toContain('<div id="root"><main><h1>Our tools</h1>');
      // The rest of index.html is kept: the app's script hydrates what was rendered.
      expect(response.body).toContain('src="/assets/index-a1b2c3d4.js"');
      const data = pageDataOf(response.body) as PageData;
      expect(data).toEqual(await publicData(app));
      expect(data.tools?.map((shown) => shown._id)).toContain(tool.id);
      expect(data.reviewsPage?.reviews.length).toBeGreaterThan(0);
    },
  );

  pagesTest(
    'carries the newest reviews on the home page only, and renders no other page again for one',
    async ({ app }) => {
      const tool = await createTestTool(app, { name: 'Reviewless Page Wrench' });
      for (let index = 0; index < REVIEWS_PAGE_SIZE + 2; index += 1) await createTestReview(app);
      const every = (await app.inject(`${API_BASE}${apiPaths.reviews}`)).json<Review[]>();
      expect(every.length).toBeGreaterThan(REVIEWS_PAGE_SIZE);
      const home = pageDataOf((await app.inject('/')).body) as PageData;
      expect(home.reviewsPage?.reviews).toEqual(every.slice(0, REVIEWS_PAGE_SIZE));
      expect(home.reviewsPage?.total).toBe(every.length);
      const purchasePath = `/purchase/${tool.id}`;
      for (const path of ['/about', '/login', purchasePath]) {
        const data = pageDataOf((await app.inject(path)).body) as Record<string, unknown>;
        expect(Object.keys(data), path).not.toContain('reviewsPage');
        expect(Object.keys(data), path).not.toContain('reviews');
      }
      // A new review renders the home page again (its ETag changes), not a purchase page.
      const homeTag = (await app.inject('/')).headers.etag;
      const purchaseTag = (await app.inject(purchasePath)).headers.etag;
      await createTestReview(app);
      expect((await app.inject('/')).headers.etag).not.toBe(homeTag);
      expect((await app.inject(purchasePath)).headers.etag).toBe(purchaseTag);
    },
  );

  pagesTest(
    'keeps the CSP free of inline script: the data element is not executed',
    async ({ app }) => {
      const response = await app.inject('/about');
      const policy = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1];
      expect(scriptSrc).toBe("'self'");
      // Every script element but the data is a file of the app's.
      const scripts = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      for (const [, attributes, text] of scripts) {
        if (attributes!.includes('type="application/json"')) continue;
        expect(attributes).toMatch(/src="\/assets\//);
        expect(text).toBe('');
      }
    },
  );

  pagesTest(
    "lists the page's script files in its head, for the entry to fetch, with no preload link",
    async ({ app }) => {
      const login = await app.inject('/login');
      expect(login.statusCode).toBe(200);
      const head = login.body.slice(0, login.body.indexOf('</head>'));
      const listed = /<meta name="page-scripts" content="([^"]+)">/.exec(head);
      expect(listed?.[1]?.split(' ')).toEqual(loginScripts);
      // Named in the HTML as links, they competed with the style sheet for the first paint.
      const links = head.match(/<link[^>]*>/g) ?? [];
      for (const file of loginScripts) {
        expect(links.filter((link) => link.includes(file))).toEqual([]);
      }
      // Another page gets its own files, and a page the list does not name gets none.
      const about = await app.inject('/about');
      expect(about.statusCode).toBe(200);
      expect(about.body).not.toContain('page-scripts');
      expect((await app.inject('/blogs')).body).not.toContain('page-scripts');
      // The list itself is the build's, not the site's.
      const list = await app.inject(`/${PAGE_PRELOADS_FILE}`);
      expect(list.statusCode).toBe(404);
      expect(list.body).not.toContain(loginScripts[0]);
    },
  );

  pagesTest('escapes the JSON so that no text in it can close the element', async ({ app }) => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028\u2029 </SCRIPT >';
    await createTestTool(app, { name: hostile });
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    // One data element and the app's module script: nothing more became a script.
    expect(response.body.match(/<script/gi)).toHaveLength(2);
    const data = pageDataOf(response.body) as PageData;
    expect(data.tools?.map((tool) => tool.name)).toContain(hostile);
    expect(data).toEqual(await publicData(app));
  });

  pagesTest(
    'renders a page once, however many ask, again when what it shows changes',
    async ({ app, web }) => {
      const { calls } = await standIn(web);
      await createTestTool(app);
      await app.inject('/');
      const before = calls.length;
      const first = await Promise.all([app.inject('/'), app.inject('/')]);
      expect(first.map((response) => response.statusCode)).toEqual([200, 200]);
      await app.inject({ method: 'HEAD', url: '/' });
      expect(calls.length).toBe(before);

      const added = await createTestTool(app, { name: 'Newly Added Bench Vise' });
      const after = await app.inject('/');
      expect(calls.slice(before)).toEqual(['/']);
      expect(after.body).toContain('Newly Added Bench Vise');
      expect((pageDataOf(after.body) as PageData).tools?.map((tool) => tool._id)).toContain(
        added.id,
      );
    },
  );

  pagesTest(
    "an order renders again its tool's page and the list, never another tool's page nor a page without tools (issue 43)",
    async ({ app, web, customer }) => {
      const { calls } = await standIn(web);
      const ordered = await createTestTool(app, {
        name: 'Ordered Pipe Wrench',
        availableQuantity: 500,
      });
      const other = await createTestTool(app, { name: 'Untouched Hacksaw' });
      const urls = [
        '/',
        '/blogs',
        '/login',
        routes.purchase(ordered.id),
        routes.purchase(other.id),
      ];
      const before = await Promise.all(urls.map((url) => app.inject(url)));
      const rendered = calls.length;

      const order = await app.inject({
        method: 'POST',
        url: `${API_BASE}${apiPaths.order}`,
        headers: bearer(customer.token),
        payload: {
          toolId: ordered.id,
          name: ordered.name,
          address: '12 Forge Lane, Sheffield',
          quantity: ordered.minOrderQuantity + 1,
          email: customer.email,
        },
      });
      expect(order.statusCode, order.body).toBe(200);
      const after = await Promise.all(urls.map((url) => app.inject(url)));

      expect(calls.slice(rendered).sort()).toEqual(['/', routes.purchase(ordered.id)].sort());
      // The pages not rendered again are the very bytes sent before.
      for (const index of [1, 2, 4]) expect(after[index]!.body).toBe(before[index]!.body);
      // The purchase page carries its tool only, with the stock the order left.
      const data = pageDataOf(after[3]!.body) as PageData;
      expect(data.tools).toBeUndefined();
      expect(data.tool?.availableQuantity).toBe(500 - ordered.minOrderQuantity - 1);
      expect(pageDataOf(after[1]!.body)).not.toHaveProperty('tools');
    },
  );

  pagesTest(
    'keeps searches of the home page too, each rendered with its query',
    async ({ app, web }) => {
      const { calls } = await standIn(web);
      const before = calls.length;
      const search = await app.inject('/?q=hammer&sort=price');
      expect(search.statusCode).toBe(200);
      await app.inject('/?q=hammer&sort=price');
      expect(calls.slice(before)).toEqual(['/?q=hammer&sort=price']);
    },
  );

  pagesTest(
    'renders /purchase/{id} with its tool, and what the app shows for an unknown one',
    async ({ app }) => {
      const tool = await createTestTool(app, { name: 'Purchasable Pipe Wrench', priceCents: 4200 });
      const page = await app.inject(routes.purchase(tool.id));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<li>Purchasable Pipe Wrench $42</li>');
      expect(page.body).toContain(`<title>Stand-in ${routes.purchase(tool.id)} &amp; co</title>`);

      const unknown = await app.inject(routes.purchase('3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Page not found');
    },
  );

  pagesTest(
    'answers 404 with the rendered not-found page for a path the app does not have',
    async ({ app }) => {
      for (const url of ['/no/such/page', '/about/more', '/Nope?x=1']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.body, url).toContain('<h1>Page not found</h1>');
        // A page that lists no tools carries none, nor any review.
        const { tools: _listed, reviewsPage: _reviews, ...neither } = await publicData(app);
        expect(pageDataOf(response.body), url).toEqual(neither);
        // Preconditions do not apply to a 404 (RFC 9110 section 13.2.1).
        expect(response.headers.etag, url).toBeUndefined();
      }
    },
  );

  pagesTest(
    'sends the protected pages the plain shell, without rendering them',
    async ({ app, web }) => {
      const { calls } = await standIn(web);
      const before = calls.length;
      for (const url of [
        routes.dashboard,
        routes.dashboardOrders,
        `${routes.dashboardOrders}/`,
        '/Dashborad/AllOrders',
        routes.dashboardPayment('3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10'),
        '/dashboard/orders',
        routes.myProfileInfo,
        `${routes.resetPassword}?token=abc`,
      ]) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe(INDEX_CACHE);
        expect(response.body, url).toBe(indexHtml);
      }
      expect(calls.length).toBe(before);
    },
  );

  pagesTest('answers HEAD with the headers of GET and no body', async ({ app }) => {
    const get = await app.inject('/login');
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body).toBe('');
  });

  pagesTest('answers 304 to a matching If-None-Match', async ({ app }) => {
    const first = await app.inject('/signup');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url: '/signup', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  pagesTest('sends the brotli or gzip form the client accepts, made once', async ({ app }) => {
    const plain = await app.inject('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // The not-found handler's pages too (this one's title makes it big enough), not compressed
    // again on the way out.
    const missing = await app.inject({
      url: `/no/such/page/${'x'.repeat(1200)}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('Page not found');
  });

  pagesTest('sends the shell, and logs why, when rendering throws', async ({ app }) => {
    pagesLog.length = 0;
    const response = await app.inject('/?q=explode');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(pagesLog.join('\n')).toContain('the stand-in render failed');
  });
});

describe('without a server entry', () => {
  noEntryTest(
    'sends the plain shell on every page, as before server rendering',
    async ({ missing, broken }) => {
      for (const app of [missing, broken]) {
        for (const url of ['/', '/about', routes.purchase('x'), '/no/such/page']) {
          const response = await app.inject(url);
          expect(response.statusCode, url).toBe(200);
          expect(response.body, url).toBe(indexHtml);
        }
      }
      expect(noEntryLog.join('\n')).toContain('the entry exports no render function');
    },
  );
});

import {
  formatMoney,
  homeTexts,
  lowestUnitPrice,
  PAGE_DATA_ELEMENT_ID,
  REVIEWS_PAGE_SIZE,
  routes,
  type PageData,
  type Tool,
} from '@tools-factory/contract';
import { readFirstSeededTool, readSeededData } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/** Text as React writes it into HTML. */
function asHtmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** The price a home page card shows: from its lowest unit price when it has price breaks. */
function cardPrice(tool: Tool): string {
  return tool.priceBreaks.length > 0
    ? homeTexts.tool.fromPrice(formatMoney(lowestUnitPrice(tool)))
    : formatMoney(tool.price);
}

const PAGE_DATA_ELEMENT = new RegExp(
  `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

/** The markup inside the root element and the page's data, as they arrive (no script has run). */
function splitPage(html: string): { root: string; data: PageData | undefined } {
  const start = html.indexOf('<div id="root">');
  const dataMatch = PAGE_DATA_ELEMENT.exec(html);
  const end = dataMatch ? dataMatch.index : html.length;
  return {
    root: html.slice(start, end),
    data: dataMatch ? (JSON.parse(dataMatch[1]!) as PageData) : undefined,
  };
}

test.describe('the HTML the server sends, before any script runs', () => {
  test('the home page holds every tool with its price, and its data', async ({ request }) => {
    const seeded = await readSeededData(request);
    const response = await request.get(routes.home);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    const { root, data } = splitPage(await response.text());
    for (const tool of seeded.tools) {
      expect(root, tool.name).toContain(asHtmlText(tool.name));
      expect(root, tool.name).toContain(asHtmlText(cardPrice(tool)));
    }
    expect(data?.tools?.map((tool) => tool._id)).toEqual(seeded.tools.map((tool) => tool._id));
    // The newest reviews, not every review (GET /api/review/page's first page).
    expect(data?.reviewsPage?.reviews.map((review) => review._id)).toEqual(
      seeded.reviews.slice(0, REVIEWS_PAGE_SIZE).map((review) => review._id),
    );
    expect(data?.reviewsPage?.total).toBe(seeded.reviews.length);
  });

  test('/purchase/{id} holds its tool, price and description', async ({ request }) => {
    const tool = await readFirstSeededTool(request);
    const response = await request.get(routes.purchase(tool._id));
    expect(response.status()).toBe(200);
    const { root, data } = splitPage(await response.text());
    expect(root).toContain(asHtmlText(tool.name));
    expect(root).toContain(asHtmlText(formatMoney(tool.price)));
    expect(root).toContain(asHtmlText(tool.desc));
    // Its own tool, not the catalog.
    expect(data?.tool?._id).toBe(tool._id);
    expect(data?.tools).toBeUndefined();
  });

  test('a path the app does not have is a 404 with the rendered page', async ({ request }) => {
    const response = await request.get('/no/such/page');
    expect(response.status()).toBe(404);
    const { root, data } = splitPage(await response.text());
    expect(root.length).toBeGreaterThan('<div id="root"></div>'.length);
    expect(data).toBeDefined();
  });

  test('the dashboard gets the plain page, rendered in the browser', async ({ request }) => {
    const response = await request.get(routes.dashboardOrders);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(PAGE_DATA_ELEMENT_ID);
  });
});

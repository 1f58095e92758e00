import { LIVE_STATUSES, formatMoney, routes, texts, type Tool } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { addToolAsAdmin, payOrderByCard, placeOrderAs } from '../support/shop-api.ts';
import { desktop, phone } from '../support/viewports.ts';

/**
 * A string of Chart.js's own code (the error its Chart constructor throws without a canvas):
 * a script that holds it holds Chart.js, minified or not.
 */
const CHART_JS_MARKER = "can't acquire context from the given item";

/** An unpaid order of `quantity` placed with this page's token, for `email` (its account's). */
const placeOrder = (page: Page, email: string, tool: Tool, quantity: number) =>
  placeOrderAs(page, { email, tool, quantity, address: '12 Harbour Road, Chattogram' });

/** An order of `quantity` placed and paid by card (the test gateway) with this page's token. */
async function placePaidOrder(page: Page, email: string, tool: Tool, quantity: number) {
  await payOrderByCard(page, await placeOrder(page, email, tool, quantity));
}

/** The scripts a page receives from now on: their URL and their text. */
function recordScripts(page: Page): Array<Promise<{ url: string; text: string }>> {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return scripts;
}

/** The URLs of the scripts received that hold Chart.js. */
async function withChartJs(scripts: Array<Promise<{ url: string; text: string }>>) {
  const received = await Promise.all(scripts);
  expect(received.length, 'scripts received').toBeGreaterThan(0);
  return received.filter((script) => script.text.includes(CHART_JS_MARKER)).map(({ url }) => url);
}

test('the home page loads no chart code; the Sales page loads it', async ({ page }) => {
  const homeScripts = recordScripts(page);
  await page.goto(routes.home);
  await expect(page.getByRole('heading', { level: 2, name: texts.home.toolsTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await withChartJs(homeScripts), "the home page's scripts with Chart.js").toEqual([]);

  // The marker is Chart.js's indeed: the Sales page's scripts hold it.
  await signInAsAdmin(page);
  const salesScripts = recordScripts(page);
  await page.goto(routes.dashboardSales);
  // Two charts, or three once a tool was paid for in the window.
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(await withChartJs(salesScripts)).toEqual([
    expect.stringMatching(/\/assets\/sales-charts-[\w-]+\.js$/),
  ]);
});

test("an admin sees the paid orders in the Sales page's tables and charts (1280 and 360 px)", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page, desktop);
  // A tool of this journey's own, dear enough to be among the top five: its figures are exact.
  const name = `Sales Anvil ${Date.now() % 100_000}`;
  const tool = await addToolAsAdmin(page, {
    name,
    desc: 'A forged anvil for the Sales journey.',
    price: 90_000,
    minOrderQuantity: 1,
    availableQuantity: 100,
  });

  // A customer pays two orders (2 and 3 anvils) and leaves one unpaid.
  const customer = await customerInOwnBrowser(browser, desktop, 'Sam Sales');
  const { page: customerPage, email: customerEmail } = customer;
  await placePaidOrder(customerPage, customerEmail, tool, 2);
  await placePaidOrder(customerPage, customerEmail, tool, 3);
  await placeOrder(customerPage, customerEmail, tool, 4);

  await page.goto(routes.dashboard);
  await page
    .getByRole('navigation', { name: texts.dashboard.title })
    .getByRole('link', { name: texts.dashboard.sales })
    .click();
  await expect(page).toHaveURL(routes.dashboardSales);
  await expect(page.getByRole('heading', { level: 2, name: texts.sales.title })).toBeVisible();

  // Top tools: this tool's 5 paid anvils, $450,000.00 (the unpaid 4 do not count).
  const topTools = page.getByRole('table', { name: texts.sales.topTools });
  const toolRow = topTools.getByRole('row').filter({ hasText: name });
  await expect(toolRow.getByRole('rowheader')).toHaveText(name);
  await expect(toolRow.getByRole('cell')).toHaveText([formatMoney(450_000), '5']);

  // Today's row counts them (other journeys may have paid orders today too).
  const today = new Date().toISOString().slice(0, 10);
  const dayName = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const days = page.getByRole('table', { name: texts.sales.revenuePerDay });
  await expect(days.getByRole('row')).toHaveCount(1 + 30);
  const todayCells = days
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: dayName.format(new Date(today)) }) })
    .getByRole('cell');
  const [revenueText, ordersText] = await todayCells.allTextContents();
  expect(Number(revenueText?.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(450_000);
  expect(Number(ordersText?.replace(/,/g, ''))).toBeGreaterThanOrEqual(2);

  const statuses = page.getByRole('table', { name: texts.sales.ordersByStatus });
  // Every status, in the order of an order's life.
  await expect(statuses.getByRole('rowheader')).toHaveText(
    LIVE_STATUSES.map((status) => texts.sales.statusNames[status]),
  );
  for (const status of ['unpaid', 'paid'] as const) {
    const count = await statuses
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: status, exact: true }) })
      .getByRole('cell')
      .textContent();
    expect(Number(count?.replace(/,/g, ''))).toBeGreaterThanOrEqual(status === 'paid' ? 2 : 1);
  }

  // Three charts drawn, hidden from screen readers (the tables say the same).
  const charts = page.locator('canvas');
  await expect(charts).toHaveCount(3);
  for (const chart of await charts.all()) {
    await expect(chart).toBeVisible();
    await expect(chart.locator('xpath=..')).toHaveAttribute('aria-hidden', 'true');
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: artifactPath('sales-1280.png'), fullPage: true });

  // At 360 px: nothing wider than the screen, the charts within it; drawn at once (no motion)
  // when motion is unwelcome.
  await page.setViewportSize(phone);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(toolRow.getByRole('cell')).toHaveText([formatMoney(450_000), '5']);
  await expect(charts).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
  for (const chart of await charts.all()) {
    const box = await chart.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width, 'chart within 360 px').toBe(true);
  }
  await expectNoSeriousA11yViolations(page, '360 px');
  await page.screenshot({ path: artifactPath('sales-360.png'), fullPage: true });

  // The customer is told the page is for admins, and their menu has no Sales.
  await customerPage.goto(routes.dashboardSales);
  await expect(customerPage.getByText(texts.dashboard.adminsOnly)).toBeVisible();
  await expect(customerPage.getByRole('table')).toHaveCount(0);
  await expect(customerPage.getByRole('link', { name: texts.dashboard.sales })).toHaveCount(0);
  await customer.context.close();
});

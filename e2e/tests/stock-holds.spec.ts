import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  CreateToolResponseSchema,
  formatMoney,
  PlaceOrderResponseSchema,
  routes,
  texts,
  ToolSchema,
  type Tool,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 780 };
const words = texts.manageHolds;

const bearerOf = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
});

/** A new tool on sale, added with the admin's token: $25 a unit, 200 in stock. */
async function addTool(page: Page, name: string): Promise<Tool> {
  const response = await page.request.post(`${API_BASE}${apiPaths.addTool}`, {
    headers: await bearerOf(page),
    data: {
      name,
      desc: 'A tool the stock holds journey holds and releases.',
      img: '/images/tools/claw-hammer.svg',
      price: 25,
      minOrderQuantity: 1,
      availableQuantity: 200,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return CreateToolResponseSchema.parse(await response.json()).tool;
}

async function placeOrder(page: Page, email: string, tool: Tool, quantity: number) {
  const response = await page.request.post(`${API_BASE}${apiPaths.order}`, {
    headers: await bearerOf(page),
    data: { toolId: tool._id, name: tool.name, email, quantity, address: '9 Hold Lane, Hull' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return PlaceOrderResponseSchema.parse(await response.json()).order;
}

async function availableOf(page: Page, toolId: string): Promise<number> {
  const response = await page.request.get(`${API_BASE}${apiPaths.tool(toolId)}`);
  return ToolSchema.parse(await response.json()).availableQuantity;
}

for (const viewport of [desktop, phone]) {
  test(`an admin sees who holds stock and releases a hold (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const tool = await addTool(page, `Hold Clamp ${viewport.width}-${randomUUID().slice(0, 6)}`);

    // A customer, not verified, holds 150 of the 200 units in two unpaid orders.
    const name = `Hedda Holder ${randomUUID().slice(0, 4)}`;
    const customer = await customerInOwnBrowser(browser, desktop, name);
    const first = await placeOrder(customer.page, customer.email, tool, 100);
    await placeOrder(customer.page, customer.email, tool, 50);
    await customer.context.close();
    expect(await availableOf(page, tool._id)).toBe(50);

    // The dashboard menu leads to the page.
    await page.goto(routes.dashboard);
    if (viewport === phone) {
      await page.getByRole('button', { name: texts.dashboard.openMenu }).click();
    }
    await page.getByRole('link', { name: texts.dashboard.stockHolds }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.dashboardHolds}$`));
    await expect(page.getByRole('heading', { name: words.title, level: 2 })).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: customer.email });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card).toContainText(words.unverified);
    await expect(card).toContainText(words.accountTotal(2, formatMoney(3750)));
    await expect(card).toContainText(tool.name);
    await expect(card).toContainText(first.reference);
    await expect(card).toContainText(formatMoney(2500));
    await card.scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the page scrolls sideways',
    ).toBe(true);
    await page.screenshot({ path: artifactPath(`stock-holds-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(page, 'stock holds');

    // Release asks first; cancel keeps everything.
    await card.getByRole('button', { name: words.releaseLabel(name) }).click();
    const dialog = page.getByRole('dialog', { name: words.confirmReleaseTitle(name) });
    await expect(dialog).toContainText(words.confirmReleaseBody);
    await page.screenshot({ path: artifactPath(`stock-holds-release-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: words.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(await availableOf(page, tool._id)).toBe(50);

    await card.getByRole('button', { name: words.releaseLabel(name) }).click();
    await dialog.getByRole('button', { name: words.releaseConfirm, exact: true }).click();
    await expectToast(page, words.released(2, name));
    await expect(card).toHaveCount(0);
    expect(await availableOf(page, tool._id)).toBe(200);
  });
}

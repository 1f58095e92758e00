import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  formatMoney,
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
import { addToolAsAdmin, placeOrderAs } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.manageHolds;

const placeOrder = (page: Page, email: string, tool: Tool, quantity: number) =>
  placeOrderAs(page, { email, tool, quantity, address: '9 Hold Lane, Hull' });

async function availableOf(page: Page, toolId: string): Promise<number> {
  const response = await page.request.get(`${API_BASE}${apiPaths.tool(toolId)}`);
  return ToolSchema.parse(await response.json()).availableQuantity;
}

for (const viewport of [desktop, phone]) {
  test(`an admin sees who holds stock and releases a hold (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    // $25 a unit, 200 in stock.
    const tool = await addToolAsAdmin(page, {
      name: `Hold Clamp ${viewport.width}-${randomUUID().slice(0, 6)}`,
      desc: 'A tool the stock holds journey holds and releases.',
      price: 25,
      minOrderQuantity: 1,
      availableQuantity: 200,
    });

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
    await expectNoSidewaysScroll(page);
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

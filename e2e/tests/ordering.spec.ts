import { API_BASE, apiPaths, routes, texts, type Tool, formatCount } from '@tools-factory/contract';
import type { Page, Request } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';

const availableOnPage = (page: Page) =>
  page
    .getByText(texts.tool.availableQuantity, { exact: true })
    .locator('xpath=following-sibling::*[1]');

async function readTool(page: Page, id: string): Promise<Tool> {
  return (await (await page.request.get(`${API_BASE}${apiPaths.tool(id)}`)).json()) as Tool;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`order a tool, see it in My Orders, remove it and get the stock back (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Each viewport orders a different seeded tool so the two runs never share stock.
    const { tools } = await readSeededData(page.request);
    const tool = tools[viewport.width === 1280 ? 1 : 2]!;
    const before = await readTool(page, tool._id);
    const email = uniqueEmail('olga');
    await signUpAsCustomer(page, email);

    await page.goto(routes.purchase(tool._id));
    await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
    await expect(availableOnPage(page)).toHaveText(formatCount(before.availableQuantity));

    const orderCalls: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`${API_BASE}${apiPaths.order}`)) {
        orderCalls.push(request);
      }
    });

    // At the minimum: refused in the page, nothing sent.
    await field(page, texts.purchase.address).fill('12 Harbour Road, Chattogram');
    await field(page, texts.purchase.phone).fill('+880 1711 000000');
    await field(page, texts.purchase.quantity).fill(String(before.minOrderQuantity));
    await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
    await expect(page.getByText(texts.purchase.quantityOutOfRange)).toBeVisible();
    expect(orderCalls).toHaveLength(0);

    // A good quantity: ordered, and the page shows the stock that is left.
    const quantity = before.minOrderQuantity + 25;
    await field(page, texts.purchase.quantity).fill(String(quantity));
    await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
    await expect(page.getByText(texts.purchase.orderSuccess)).toBeVisible();
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]!.postDataJSON()).toMatchObject({ toolId: tool._id, quantity, email });
    await expect(availableOnPage(page)).toHaveText(
      formatCount(before.availableQuantity - quantity),
    );
    await page.screenshot({ path: artifactPath(`purchase-${viewport.width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // My Orders lists it, unpaid: a pay link and Remove.
    await page.goto(routes.dashboardOrders);
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText(formatCount(quantity));
    await expect(row.getByRole('link', { name: texts.orders.pay })).toHaveAttribute(
      'href',
      /\/dashborad\/orders\/payment\//,
    );
    await page.screenshot({
      path: artifactPath(`my-orders-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page);

    // Remove through the confirmation modal.
    await row.getByRole('button', { name: texts.orders.remove }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(tool.name);
    await expectNoSeriousA11yViolations(page, 'remove dialog open');
    await dialog.getByRole('button', { name: texts.orders.delete, exact: true }).click();
    await expect(page.getByText(texts.orders.deleteSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(0);

    // The stock is back on the purchase page.
    await page.goto(routes.purchase(tool._id));
    await expect(availableOnPage(page)).toHaveText(formatCount(before.availableQuantity));
  });
}

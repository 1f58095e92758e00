import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  formatMoney,
  orderTotal,
  routes,
  sortPriceBreaks,
  texts,
  ToolListSchema,
  type Tool,
} from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { desktop, phone } from '../support/viewports.ts';
import { rowAction, searchManageTools } from '../support/row-actions.ts';

const count = (units: number) => units.toLocaleString('en-US');

/** The figure shown beside its name ('Your unit price', 'Total') in the order form. */
const figure = (page: Page, name: string) =>
  page.getByText(name, { exact: true }).locator('xpath=following-sibling::*[1]');

/** The volume pricing's rows, as read: range, unit price, saving. */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent.trim()),
      ),
    );
}

/** The range of the row the typed quantity reaches (aria-current), as the table says it. */
const markedRow = (table: Locator) => table.locator('tbody tr[aria-current="true"] th');

async function catalogTool(page: Page, name: string): Promise<Tool> {
  const response = await page.request.get(`${API_BASE}${apiPaths.parts}`);
  const tool = ToolListSchema.parse(await response.json()).find((each) => each.name === name);
  expect(tool, `${name} in GET /parts`).toBeDefined();
  return tool!;
}

for (const viewport of [desktop, phone]) {
  test(`the purchase page prices the typed quantity by its break, and the order keeps it (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { tools } = await readSeededData(page.request);
    const withBreaks = tools.filter((tool) => tool.priceBreaks.length > 0);
    expect(withBreaks.length, 'the demo seed gives breaks to three tools').toBeGreaterThanOrEqual(
      3,
    );
    // Each width its own tool: the two runs never share stock.
    const tool = withBreaks[viewport === desktop ? 0 : 1]!;
    const [first, second] = sortPriceBreaks(tool.priceBreaks);
    await signUpAsCustomer(page, uniqueEmail('bulk'), 'Bea Bulk');

    await page.goto(routes.purchase(tool._id));
    const table = page.getByRole('table', { name: texts.priceBreaks.title });
    await expect(table).toBeVisible();
    const rows = await rowsOf(table);
    expect(rows).toHaveLength(tool.priceBreaks.length + 1);
    expect(rows[0]).toEqual([
      texts.priceBreaks.range(count(tool.minOrderQuantity + 1), count(first!.minQuantity - 1)),
      formatMoney(tool.price),
      '-',
    ]);
    expect(rows[1]?.slice(0, 2)).toEqual([
      second
        ? texts.priceBreaks.range(count(first!.minQuantity), count(second.minQuantity - 1))
        : texts.priceBreaks.orMore(count(first!.minQuantity)),
      formatMoney(first!.price),
    ]);

    // One below the first break: the list price, and what the break would bring.
    const quantity = field(page, texts.purchase.quantity);
    await quantity.fill(String(first!.minQuantity - 1));
    await expect(figure(page, texts.priceBreaks.yourUnitPrice)).toHaveText(formatMoney(tool.price));
    await expect(
      page.getByText(
        texts.priceBreaks.nextBreak(count(first!.minQuantity), formatMoney(first!.price)),
        { exact: true },
      ),
    ).toBeVisible();
    await expect(markedRow(table)).toHaveText(rows[0]![0]!);

    // At the break, typed key by key as a customer does: the break's price and row.
    await quantity.clear();
    await quantity.pressSequentially(String(first!.minQuantity));
    await expect(figure(page, texts.priceBreaks.yourUnitPrice)).toHaveText(
      formatMoney(first!.price),
    );
    const total = formatMoney(orderTotal(first!.price, first!.minQuantity));
    await expect(figure(page, texts.purchase.total)).toHaveText(total);
    await expect(markedRow(table)).toHaveText(rows[1]![0]!);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`purchase-price-breaks-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'price breaks');

    // Placed at the break: the confirmation and My Orders say the break's price.
    await field(page, texts.purchase.address).fill('12 Harbour Road, Chattogram');
    await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
    const confirmation = page.getByRole('region', { name: texts.purchase.confirmation.title });
    await expect(confirmation).toContainText(total);
    await page.goto(routes.dashboardOrders);
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await expect(row).toContainText(total);
    await expect(row).toContainText(texts.orders.each(formatMoney(first!.price)));
  });

  test(`an admin sets breaks in Add Product, edits them in Manage Tools, and the purchase page shows them (${viewport.width} px)`, async ({
    page,
  }) => {
    await signInAsAdmin(page, viewport);

    // Add Product with one break; a break at the list price is refused first, at the fieldset.
    await page.goto(routes.dashboardAddProducts);
    const name = `Bench Vise ${viewport.width}-${randomUUID().slice(0, 6)}`;
    await field(page, texts.addProduct.name).fill(name);
    await field(page, texts.addProduct.description).fill('A cast-iron vise with 100 mm jaws.');
    await field(page, texts.addProduct.imageLink).fill('/images/tools/claw-hammer.svg');
    await field(page, texts.addProduct.price).fill('40');
    await field(page, texts.addProduct.minOrderQuantity).fill('10');
    await field(page, texts.addProduct.availableQuantity).fill('5000');
    await page.getByRole('button', { name: texts.priceBreaks.addBreak }).click();
    const newRow = page.getByRole('group', { name: texts.priceBreaks.breakRow(1) });
    await newRow.getByLabel(texts.priceBreaks.fromQuantity, { exact: true }).fill('100');
    await newRow.getByLabel(texts.priceBreaks.breakPrice, { exact: true }).fill('40');
    const addProduct = page.getByRole('button', { name: texts.addProduct.submit });
    await addProduct.click();
    await expect(page.getByText(texts.adminErrors.breakNotBelowListPrice(40))).toBeVisible();
    await newRow.getByLabel(texts.priceBreaks.breakPrice, { exact: true }).fill('36');
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`add-product-price-breaks-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'add product with price breaks');
    await addProduct.click();
    await expectToast(page, texts.admin.newProductAdded);
    const added = await catalogTool(page, name);
    expect(added.priceBreaks).toEqual([{ minQuantity: 100, price: 36 }]);

    // The home page's card: from its lowest price.
    await page.goto(routes.home);
    await expect(page.getByRole('article', { name, exact: true })).toContainText(
      texts.tool.fromPrice(formatMoney(36)),
    );

    // Manage Tools: the dialog starts from the saved break; one more, and a lower price.
    await page.goto(routes.dashboardManageTools);
    await searchManageTools(page, name);
    await (
      await rowAction(page.getByRole('row').filter({ hasText: name }), texts.priceBreaks.edit)
    ).click();
    const dialog = page.getByRole('dialog', { name: texts.priceBreaks.editTitle(name) });
    const firstRow = dialog.getByRole('group', { name: texts.priceBreaks.breakRow(1) });
    await expect(firstRow.getByLabel(texts.priceBreaks.fromQuantity, { exact: true })).toHaveValue(
      '100',
    );
    await firstRow.getByLabel(texts.priceBreaks.breakPrice, { exact: true }).fill('35');
    await dialog.getByRole('button', { name: texts.priceBreaks.addBreak }).click();
    const secondRow = dialog.getByRole('group', { name: texts.priceBreaks.breakRow(2) });
    await secondRow.getByLabel(texts.priceBreaks.fromQuantity, { exact: true }).fill('1000');
    await secondRow.getByLabel(texts.priceBreaks.breakPrice, { exact: true }).fill('32.50');
    await page.screenshot({
      path: artifactPath(`manage-tools-price-breaks-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'price breaks dialog open');
    await dialog.getByRole('button', { name: texts.priceBreaks.save }).click();
    await expectToast(page, texts.priceBreaks.saved(name));
    await expect(dialog).toBeHidden();

    // The purchase page shows the new breaks.
    await page.goto(routes.purchase(added._id));
    const table = page.getByRole('table', { name: texts.priceBreaks.title });
    await expect(table).toBeVisible();
    expect(await rowsOf(table)).toEqual([
      [texts.priceBreaks.range('11', '99'), formatMoney(40), '-'],
      [texts.priceBreaks.range('100', '999'), formatMoney(35), texts.priceBreaks.percentOff(13)],
      [texts.priceBreaks.orMore('1,000'), formatMoney(32.5), texts.priceBreaks.percentOff(19)],
    ]);
  });
}

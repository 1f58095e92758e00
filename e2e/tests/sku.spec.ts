import { randomUUID } from 'node:crypto';
import {
  manageToolsTexts,
  orderAdminTexts,
  routes,
  suggestSku,
  texts,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import {
  artifactPath,
  expect,
  expectImagesLoaded,
  test,
  waitForHydrationAfterLoads,
} from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';
import { expectNoSidewaysScroll, rowOf } from '../support/screen.ts';
import { desktop, phone } from '../support/viewports.ts';
import { rowAction, searchManageTools } from '../support/row-actions.ts';

const { edit } = manageToolsTexts;
/** A SKU the seed gives the Claw Hammer: another tool's, in any case. */
const SEEDED_SKU = 'HM-CLAW-16';

/** The screen as it is, in /work/screens for people and in the artifacts, once it fits. */
async function keep(page: Page, name: string, width: number): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectImagesLoaded(page);
  await page.screenshot({ path: `/work/screens/sku-${name}-${width}.png`, fullPage: true });
  await page.screenshot({ path: artifactPath(`sku-${name}-${width}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, name);
}

// A SKU another tool has is refused on purpose (409): Chromium logs the answer's status.
test.use({ allowedConsoleErrors: /status of 409 \(Conflict\)/ });

for (const viewport of [desktop, phone]) {
  test(`an admin adds a tool with the suggested SKU and edits it; a customer finds it by SKU (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    const unique = randomUUID().slice(0, 6).toUpperCase();
    const name = `Rivet Gun ${unique}`;

    // Add Product: the SKU follows the name as it is typed.
    await page.goto(routes.dashboardAddProducts);
    const sku = field(page, texts.sku.label);
    await expect(sku).toHaveValue('');
    await field(page, texts.addProduct.name).pressSequentially(name);
    const suggested = await sku.inputValue();
    expect(suggested).toBe(suggestSku(name, Number(suggested.slice(-4))));
    expect(suggested).toMatch(/^RG[A-Z0-9]-\d{4}$/);
    await field(page, texts.addProduct.description).fill('Pulls blind rivets up to 4.8 mm.');
    await field(page, texts.addProduct.imageLink).fill('/images/tools/claw-hammer.svg');
    await field(page, texts.addProduct.price).fill('64.90');
    await field(page, texts.addProduct.minOrderQuantity).fill('4');
    await field(page, texts.addProduct.availableQuantity).fill('300');
    await keep(page, 'add-product', viewport.width);
    await page.getByRole('button', { name: texts.addProduct.submit }).click();
    await expectToast(page, texts.admin.newProductAdded);

    // Manage Tools shows it; Edit refuses another tool's SKU under the field, then takes a new one.
    await page.goto(routes.dashboardManageTools);
    await searchManageTools(page, name);
    const row = rowOf(page, name);
    await expect(row).toContainText(suggested);
    await (await rowAction(row, edit.button)).click();
    const dialog = page.getByRole('dialog', { name: edit.title(name) });
    await expect(field(dialog, texts.sku.label)).toHaveValue(suggested);
    const taken = SEEDED_SKU.toLowerCase();
    await field(dialog, texts.sku.label).fill(taken);
    await dialog.getByRole('button', { name: edit.save }).click();
    await expect(dialog.getByText(texts.sku.errors.taken(taken))).toBeVisible();
    await expect(field(dialog, texts.sku.label)).toHaveAttribute('aria-invalid', 'true');
    const edited = `RG-${unique}-${viewport.width}`;
    await field(dialog, texts.sku.label).fill(edited);
    await dialog.getByRole('button', { name: edit.save }).click();
    await expectToast(page, edit.saved(name));
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toContainText(edited);
    await expect(rowOf(page, name)).not.toContainText(suggested);
    await keep(page, 'manage-tools', viewport.width);

    // A customer, in a browser of their own, types the SKU into the home page's search.
    const customer = await browser.newContext({ viewport });
    const customerPage = await customer.newPage();
    // Typed before hydration, the search would be lost: wait for it as the journeys' page does.
    waitForHydrationAfterLoads(customerPage);
    await signUpAsCustomer(customerPage, uniqueEmail('sku'), 'Sam Sku');
    await customerPage.goto(routes.home);
    const search = customerPage.getByRole('searchbox', { name: texts.search.label });
    await search.pressSequentially(edited.toLowerCase());
    const tools = customerPage.getByRole('region', { name: texts.home.toolsTitle, exact: true });
    await expect(tools.getByRole('heading', { level: 3 })).toHaveText([name]);
    // Its start finds it too, and the old SKU no longer does.
    await search.fill(`rg-${unique.toLowerCase()}`);
    await expect(tools.getByRole('heading', { level: 3 })).toHaveText([name]);
    await search.fill(suggested);
    await expect(tools.getByRole('status')).toHaveText(texts.search.noMatch(suggested));
    await expect(tools.getByRole('heading', { level: 3 })).toHaveCount(0);
    await search.fill(edited);
    const card = tools.getByRole('article', { name, exact: true });
    await expect(card).toContainText(`${texts.sku.label} ${edited}`);
    await card.screenshot({ path: `/work/screens/sku-card-${viewport.width}.png` });
    await card.getByRole('link', { name: texts.tool.purchase }).click();

    // The purchase page names the SKU under the tool's name.
    const details = customerPage.getByRole('article', { name, exact: true });
    await expect(details.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(details).toContainText(`${texts.sku.label} ${edited}`);
    await keep(customerPage, 'purchase', viewport.width);

    // Ordered, the line keeps its SKU: Manage Orders finds it by the SKU and shows its checkout.
    await field(customerPage, texts.purchase.quantity).fill('5');
    await field(customerPage, texts.purchase.address).fill('4 Rivet Row, Leeds');
    await customerPage.getByRole('button', { name: texts.purchase.placeOrder }).click();
    await expect(customerPage.getByText(texts.purchase.orderSuccess)).toBeVisible();
    await customer.close();
    await page.goto(routes.dashboardAllOrders);
    await page.getByRole('searchbox', { name: orderAdminTexts.search }).fill(edited.toLowerCase());
    await page.getByRole('button', { name: orderAdminTexts.search, exact: true }).click();
    const ordered = page.getByRole('row').filter({ hasText: name });
    await expect(ordered).toHaveCount(1);
    await expect(ordered.getByRole('rowheader')).toContainText(`${texts.sku.label} ${edited}`);
    await expect(ordered.getByRole('rowheader')).toContainText(`${orderAdminTexts.checkout} CO-`);
    await keep(page, 'manage-orders', viewport.width);
  });
}

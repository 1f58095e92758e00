import { randomInt, randomUUID } from 'node:crypto';
import {
  formatMoney,
  orderTotal,
  routes,
  texts,
  formatCount,
  orderAdminTexts,
  suggestSku,
} from '@tools-factory/contract';
import type { Browser, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { textContrast } from '../support/contrast.ts';
import { field } from '../support/customer.ts';
import {
  artifactPath,
  expect,
  expectImagesLoaded,
  test,
  waitForHydrationAfterLoads,
} from '../support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { searchManageTools } from '../support/row-actions.ts';
import {
  addOwnTools,
  payOrderByCard,
  placeOrderAs,
  signUpThroughApi,
} from '../support/shop-api.ts';
import { type Viewport, desktop, phone } from '../support/viewports.ts';

const laptop = { width: 1024, height: 800 };

/**
 * Nothing is wider than its space: not the page (no sideways scrolling of the window) and no
 * table (a table is wider than its card only by scrolling inside it, hiding columns).
 */
async function expectEverythingFits(page: Page): Promise<void> {
  const tooWide = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page');
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const space = table.parentElement?.clientWidth ?? window.innerWidth;
      if (table.getBoundingClientRect().width > space + 1) found.push('a table');
    }
    return found;
  });
  expect(tooWide, 'wider than the window or than its card').toEqual([]);
}

/** The page as it is now, kept for people to look at, once everything in it fits. */
async function keep(page: Page, name: string, viewport: Viewport): Promise<void> {
  await expectEverythingFits(page);
  await expectImagesLoaded(page);
  await page.screenshot({ path: artifactPath(`${name}-${viewport.width}.png`), fullPage: true });
  // Every state worth keeping is worth checking: axe once per kept screen.
  await expectNoSeriousA11yViolations(page, name);
}

/** Column headers, where the table is a table (narrower, its rows are cards). */
async function expectReadableHeaders(page: Page): Promise<void> {
  const headers = await page.getByRole('columnheader').all();
  expect(headers.length).toBeGreaterThan(0);
  for (const header of headers) {
    // WCAG AA for text of their size.
    expect(await textContrast(header)).toBeGreaterThanOrEqual(4.5);
  }
}

/** The product each journey here adds: its figures. */
const product = { price: 8.75, minOrderQuantity: 10, availableQuantity: 500 };

/** The OUR TOOLS card of the tool with this name. */
const toolCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

// The product name offered twice (409): a refusal the page shows in words, which the browser
// also logs.
test.use({ allowedConsoleErrors: /status of 409 \(Conflict\)/ });

for (const viewport of [phone, desktop]) {
  /**
   * A product of this journey's own (so no other journey's stock moves), added through the API
   * with a SKU as Add Product suggests it, and a customer, in a browser of their own, who ordered
   * its smallest quantity and one more and paid by card, through the API too.
   */
  async function productWithPaidOrder(page: Page, browser: Browser) {
    const [tool] = await addOwnTools(page, viewport, [
      {
        name: 'Rubber Mallet',
        desc: 'Solid rubber head on an ash handle.',
        // As Add Product suggests it (the one an admin leaves), shown in Manage Orders.
        sku: suggestSku('Rubber Mallet', randomInt(10_000)),
        ...product,
      },
    ]);
    const customer = await browser.newContext({ viewport });
    const customerPage = await customer.newPage();
    waitForHydrationAfterLoads(customerPage);
    const customerEmail = await signUpThroughApi(customerPage, 'Cleo Customer');
    const quantity = product.minOrderQuantity + 1;
    const order = await placeOrderAs(customerPage, {
      email: customerEmail,
      tool,
      quantity,
      address: '12 Harbour Road, Chattogram',
    });
    await payOrderByCard(customerPage, order);
    return { tool, quantity, customer, customerPage, customerEmail };
  }

  test(`an admin adds a product: the rules in words, a name taken refused, and the home page shows it (${viewport.width} px)`, async ({
    page,
  }) => {
    await signInAsAdmin(page, viewport);

    // Add Product: the rules first, in words under each field.
    await page.goto(routes.dashboardAddProducts);
    await expect(
      page.getByRole('heading', { level: 2, name: texts.dashboard.addProducts }),
    ).toBeVisible();
    const addProduct = page.getByRole('button', { name: texts.addProduct.submit });
    await field(page, texts.addProduct.price).fill('12.345');
    await field(page, texts.addProduct.minOrderQuantity).fill('ten');
    await addProduct.click();
    for (const message of [
      texts.fieldErrors.required('name'),
      texts.fieldErrors.required('description'),
      texts.fieldErrors.required('image link'),
      texts.fieldErrors.tooManyDecimals('price'),
      texts.fieldErrors.notANumber('minimum order quantity'),
      texts.fieldErrors.required('available quantity'),
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await keep(page, 'add-product-errors', viewport);

    // A product of this journey's own, so no other journey's stock moves.
    const name = `Rubber Mallet ${viewport.width}-${randomUUID().slice(0, 6)}`;
    await field(page, texts.addProduct.name).fill(name);
    await field(page, texts.addProduct.description).fill('Solid rubber head on an ash handle.');
    await field(page, texts.addProduct.imageLink).fill('/images/tools/claw-hammer.svg');
    await field(page, texts.addProduct.price).fill(String(product.price));
    await field(page, texts.addProduct.minOrderQuantity).fill(String(product.minOrderQuantity));
    // Once each figure is good on its own: no more available than the minimum.
    await field(page, texts.addProduct.availableQuantity).fill('10');
    await addProduct.click();
    await expect(
      page.getByText(texts.adminErrors.availableLeavesNoOrder, { exact: true }),
    ).toBeVisible();
    await field(page, texts.addProduct.availableQuantity).fill(String(product.availableQuantity));
    await expect(page.getByText(texts.adminErrors.availableLeavesNoOrder)).toHaveCount(0);
    await keep(page, 'add-product', viewport);
    await addProduct.click();
    await expectToast(page, texts.admin.newProductAdded);
    await expect(field(page, texts.addProduct.name)).toHaveValue('');

    // The same name again: the server refuses it, in words under the name.
    await field(page, texts.addProduct.name).fill(name.toUpperCase());
    await field(page, texts.addProduct.description).fill('The same again.');
    await field(page, texts.addProduct.imageLink).fill('/images/tools/claw-hammer.svg');
    await field(page, texts.addProduct.price).fill('9');
    await field(page, texts.addProduct.minOrderQuantity).fill('10');
    await field(page, texts.addProduct.availableQuantity).fill('500');
    await addProduct.click();
    await expect(page.getByText(/already exists/)).toBeVisible();

    // The home page shows the new tool at once, on sale.
    await page.goto(routes.home);
    const card = toolCard(page, name);
    await expect(card).toBeVisible();
    await expect(card).toContainText('$8.75');
    await expect(card.getByRole('link', { name: texts.tool.purchase })).toHaveAttribute(
      'href',
      /^\/purchase\/./,
    );
  });

  test(`an admin ships a paid order from Manage Orders, and its customer sees it shipped (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    const { tool, quantity, customer, customerPage, customerEmail } = await productWithPaidOrder(
      page,
      browser,
    );
    const { name } = tool;

    // Manage Orders: the paid order with its customer, quantity, total and 'panding'; Ship.
    await page.goto(routes.dashboardAllOrders);
    await expect(
      page.getByRole('heading', { level: 2, name: texts.dashboard.manageOrders }),
    ).toBeVisible();
    const order = page.getByRole('row').filter({ hasText: customerEmail });
    await expect(order).toHaveCount(1);
    // The tool and (issue 26) the SKU Add Product suggested, then (issue 25) the order's
    // reference, (issue 26) its checkout's, and where it ships.
    await expect(order.getByRole('rowheader')).toHaveText(
      new RegExp(
        `^${name}${texts.sku.label} [A-Z0-9]+-\\d{4}TF-[0-9A-F]{8}${orderAdminTexts.checkout} CO-[0-9A-F]{8}${orderAdminTexts.shipTo}: `,
      ),
    );
    await expect(order).toContainText(formatMoney(orderTotal(product.price, quantity)));
    await expect(order.getByText(texts.orders.paidBadge, { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: texts.orders.remove })).toHaveCount(0);
    if (viewport.width >= 1280) await expectReadableHeaders(page);
    await keep(page, 'manage-orders', viewport);
    if (viewport === desktop) {
      // A laptop: too narrow for seven columns beside the menu, so cards, two values a line.
      await page.setViewportSize(laptop);
      await keep(page, 'manage-orders', laptop);
      await page.setViewportSize(viewport);
    }
    await order.getByRole('button', { name: texts.manageOrders.ship }).click();
    // Ship asks for the carrier and tracking number (issue 25): both may stay empty.
    await page
      .getByRole('dialog', { name: orderAdminTexts.shipTitle })
      .getByRole('button', { name: orderAdminTexts.shipConfirm, exact: true })
      .click();
    await expectToast(page, texts.manageOrders.shipSuccess(name, customerEmail));
    await expect(order.getByText(texts.orders.shippedBadge, { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: texts.manageOrders.ship })).toHaveCount(0);

    // The customer sees it shipped in My Orders.
    await customerPage.goto(routes.dashboardOrders);
    const myOrder = customerPage.getByRole('row').filter({ hasText: name });
    const shippedBadge = myOrder.getByText(texts.orders.shippedBadge, { exact: true });
    await expect(shippedBadge).toBeVisible();
    expect(
      await textContrast(shippedBadge),
      'the shipped badge is readable',
    ).toBeGreaterThanOrEqual(4.5);
    await customer.close();
  });

  test(`an admin removes an ordered product in Manage Tools, and it leaves the home page (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    const { tool, quantity, customer } = await productWithPaidOrder(page, browser);
    await customer.close();
    const { name } = tool;

    // Manage Tools: Remove asks with the name and image; Delete takes it off the home page.
    await page.goto(routes.dashboardManageTools);
    await searchManageTools(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(formatCount(product.minOrderQuantity));
    await expect(row).toContainText(formatCount(product.availableQuantity - quantity));
    if (viewport.width >= 1024) await expectReadableHeaders(page);
    await keep(page, 'manage-tools', viewport);
    if (viewport === desktop) {
      await page.setViewportSize(laptop);
      await keep(page, 'manage-tools', laptop);
      await page.setViewportSize(viewport);
    }
    await row.getByRole('button', { name: texts.orders.remove }).click();
    const dialog = page.getByRole('dialog', { name: texts.manageTools.confirmRemoveTitle });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('img', { name })).toBeVisible();
    await page.screenshot({ path: artifactPath(`manage-tools-remove-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: texts.orders.delete, exact: true }).click();
    await expectToast(page, texts.orders.deleteSuccess);
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.goto(routes.home);
    await expect(
      page.getByRole('heading', { level: 2, name: texts.home.toolsTitle }),
    ).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(toolCard(page, name)).toHaveCount(0);
  });
}

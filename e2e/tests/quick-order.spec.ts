import {
  API_BASE,
  apiPaths,
  CartSchema,
  MAX_QUICK_ORDER_BYTES,
  routes,
  texts,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { bearerOf } from '../support/shop-api.ts';
import { desktop, phone } from '../support/viewports.ts';

const viewports = [phone, desktop];
const words = texts.quickOrder;

/** The page as it is now, kept for people to look at, and checked by axe. */
async function keep(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}-${width}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, name);
}

/** The signed-in customer's cart as GET /api/cart answers it: SKU and quantity of each line. */
async function cartOf(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get(`${API_BASE}${apiPaths.cart}`, {
    headers: await bearerOf(page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const cart = CartSchema.parse(await response.json());
  return Object.fromEntries(cart.lines.map((line) => [line.sku, line.quantity]));
}

for (const viewport of viewports) {
  test.describe(`quick order at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a customer pastes lines, adds the good ones to the cart, fixes the rest, then uploads a CSV', async ({
      page,
    }) => {
      const width = viewport.width;
      await signUpAsCustomer(page, uniqueEmail('quincy'), `Quincy Quick ${width}`);

      // Through the dashboard's menu (a drawer on a phone).
      await page.goto(routes.dashboard);
      if (width < 768) {
        await page.getByRole('button', { name: texts.dashboard.openMenu }).click();
      }
      await page
        .getByRole('navigation', { name: texts.dashboard.title })
        .getByRole('link', { name: texts.dashboard.quickOrder, exact: true })
        .click();
      await expect(page).toHaveURL(routes.dashboardQuickOrder);
      await expect(page).toHaveTitle(`${words.title} | Tools Factory`);

      // One good line, an unknown SKU, one below the minimum, and the hammer twice (merged).
      const lines = field(page, words.pasteLabel);
      await lines.fill('HM-CLAW-16, 150\nXX-NOPE-1 5\nPL-SLIP-8\t10\n\nhm-claw-16;50');
      await expect(page.getByText(words.summary(1, 2))).toBeVisible();
      const hammerRow = page.getByRole('row', { name: /HM-CLAW-16/ });
      await expect(hammerRow.getByText(words.merged([1, 5], 200))).toBeVisible();
      await expect(hammerRow.getByText(words.good)).toBeVisible();
      await expect(page.getByText(texts.cart.refusals.unknownSku('XX-NOPE-1'))).toBeVisible();
      await expect(page.getByText(texts.cart.problems.belowMinimum(150))).toBeVisible();
      await keep(page, 'quick-order-verdicts', width);

      await page.getByRole('button', { name: words.add(1) }).click();
      await expect(page.getByText(words.added(1))).toBeVisible();
      // The bad lines stay to fix; the added ones are gone from the text.
      await expect(lines).toHaveValue('XX-NOPE-1 5\nPL-SLIP-8\t10');
      await expect(page.getByText(words.summary(0, 2))).toBeVisible();
      expect(await cartOf(page)).toEqual({ 'HM-CLAW-16': 200 });
      // The dashboard header's cart link counts it at once.
      await expect(page.getByRole('link', { name: texts.nav.cartLabel(1) })).toBeVisible();

      // A CSV file with a header row, read in the browser.
      await page.getByLabel(words.fileLabel, { exact: true }).setInputFiles({
        name: 'order.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('sku,quantity\r\n"SD-SET-6","100"\r\nTM-5M,250\r\n'),
      });
      await expect(page.getByText(words.file.loaded('order.csv'))).toBeVisible();
      await expect(page.getByText(words.summary(2, 0))).toBeVisible();
      await page.getByRole('button', { name: words.add(2) }).click();
      await expect(page.getByText(words.added(2))).toBeVisible();
      await expect(lines).toHaveValue('');
      await keep(page, 'quick-order-added', width);
      expect(await cartOf(page)).toEqual({ 'HM-CLAW-16': 200, 'SD-SET-6': 100, 'TM-5M': 250 });
      await expect(page.getByRole('link', { name: texts.nav.cartLabel(3) })).toBeVisible();

      // A file above 5 MB is refused with its limit; the lines stay as they were.
      await page.getByLabel(words.fileLabel, { exact: true }).setInputFiles({
        name: 'huge.csv',
        mimeType: 'text/csv',
        buffer: Buffer.alloc(MAX_QUICK_ORDER_BYTES + 1, 'HM-CLAW-16,150\n'),
      });
      await expect(page.getByText(words.file.tooLarge(5))).toBeVisible();
      await expect(lines).toHaveValue('');

      await page.getByRole('link', { name: words.goToCart }).click();
      await expect(page).toHaveURL(routes.cart);
      for (const sku of ['HM-CLAW-16', 'SD-SET-6', 'TM-5M']) {
        await expect(page.getByText(sku).first()).toBeVisible();
      }
    });
  });
}

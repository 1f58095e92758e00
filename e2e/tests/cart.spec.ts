import {
  API_BASE,
  CartSchema,
  formatMoney,
  routes,
  texts,
  type Tool,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { addOwnToolsAside, bearerOf } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.cart.page;

/** On the tool's purchase page: the quantity typed, then Add to cart, and its answer. */
async function addToCart(page: Page, tool: Tool, quantity: number): Promise<void> {
  await page.goto(routes.purchase(tool._id));
  await field(page, texts.purchase.quantity).fill(String(quantity));
  await page.getByRole('button', { name: texts.cart.add.button }).click();
  const told = texts.cart.add.added(quantity, tool.name);
  // Said twice: a toast, and beside the button with the link to the cart.
  await expect(page.getByRole('status').filter({ hasText: told })).toBeVisible();
  await expect(page.getByRole('link', { name: texts.cart.add.viewCart })).toBeVisible();
  await expectToast(page, told);
}

/** The cart as GET /api/cart answers this page's account: each line's tool and quantity. */
async function cartOf(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get(`${API_BASE}/cart`, { headers: await bearerOf(page) });
  expect(response.ok(), await response.text()).toBe(true);
  const cart = CartSchema.parse(await response.json());
  return Object.fromEntries(cart.lines.map((line) => [line.name, line.quantity]));
}

for (const viewport of [phone, desktop]) {
  test(`a customer fills the cart from two purchase pages, edits it, sees it on a second device, and checks out (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    // Two tools of the journey's own (their stock is nobody else's), added by the admin.
    const [chisel, punch] = await addOwnToolsAside(browser, viewport, [
      {
        name: 'Cold Chisel',
        desc: 'A chisel the cart journey puts in its cart.',
        price: 20,
        minOrderQuantity: 10,
        availableQuantity: 100,
      },
      {
        name: 'Centre Punch',
        desc: 'A punch the cart journey puts in its cart, then removes.',
        price: 8.5,
        minOrderQuantity: 5,
        availableQuantity: 50,
      },
    ]);
    const email = uniqueEmail('carla');
    await signUpAsCustomer(page, email, `Carla Cart ${viewport.width}`);

    await addToCart(page, chisel, 30);
    await addToCart(page, punch, 12);

    // The top bar's link counts the lines, and leads to the cart.
    const cartLink = page.getByRole('link', { name: texts.nav.cartLabel(2) });
    await expect(cartLink).toBeVisible();
    await cartLink.click();
    await expect(page).toHaveURL(routes.cart);
    await expect(page).toHaveTitle(`${texts.cart.title} | Tools Factory`);
    const chiselLine = page.getByRole('listitem', { name: chisel.name });
    const punchLine = page.getByRole('listitem', { name: punch.name });
    await expect(chiselLine).toContainText(chisel.sku);
    await expect(chiselLine).toContainText(formatMoney(600));
    await expect(punchLine).toContainText(formatMoney(102));

    // A quantity the stock cannot take: saved, and told on its line in red.
    const chiselQuantity = field(chiselLine, words.quantityOf(chisel.name));
    await chiselQuantity.fill('100');
    await chiselQuantity.press('Enter');
    const problem = chiselLine.getByText(texts.cart.problems.aboveAvailable(100));
    await expect(problem).toBeVisible();
    await expect(problem).toHaveClass(/alert-error/);
    await expect(page.getByText(words.fixFirst)).toBeVisible();
    await page.screenshot({ path: artifactPath(`cart-${viewport.width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, 'cart with a problem line');

    await chiselQuantity.fill('40');
    await chiselQuantity.press('Tab');
    await expect(problem).toBeHidden();
    await expect(chiselLine).toContainText(formatMoney(800));

    // The same account on a second device: the same cart.
    const second = await browser.newContext({ viewport });
    try {
      const otherDevice = await second.newPage();
      waitForHydrationAfterLoads(otherDevice);
      await otherDevice.goto(routes.login);
      await field(otherDevice, texts.login.email).fill(email);
      await field(otherDevice, texts.login.password).fill(E2E_PASSWORD);
      await otherDevice.getByRole('button', { name: texts.login.submit, exact: true }).click();
      await expect(
        otherDevice.getByRole('heading', { level: 1, name: texts.hero.title }),
      ).toBeVisible();
      await otherDevice.goto(routes.cart);
      await expect(
        field(
          otherDevice.getByRole('listitem', { name: chisel.name }),
          words.quantityOf(chisel.name),
        ),
      ).toHaveValue('40');
      expect(await cartOf(otherDevice)).toEqual({ [chisel.name]: 40, [punch.name]: 12 });
    } finally {
      await second.close();
    }

    // One line removed, then the rest checked out at the total shown.
    await punchLine.getByRole('button', { name: words.removeLabel(punch.name) }).click();
    await expect(punchLine).toBeHidden();
    await expect(page.getByRole('link', { name: texts.nav.cartLabel(1) })).toBeVisible();
    await field(page, texts.purchase.address).fill('7 Anvil Street, Sheffield');
    await field(page, texts.checkout.poNumber).fill(`PO-${viewport.width}`);
    await page.getByRole('button', { name: texts.cart.checkout.submit(formatMoney(800)) }).click();
    await expect(page).toHaveURL(/\/dashborad\/orders\/payment\/checkout\/[0-9a-f-]{36}$/);
    expect(await cartOf(page)).toEqual({});
  });
}

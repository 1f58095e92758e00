import { formatMoney, orderTotal, routes, texts, type Tool } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { tabTo } from '../support/keyboard.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';

/**
 * Issue 15, part 6: the whole purchase with the keyboard alone. From the home page a customer
 * logs in, opens a tool, orders it and pays by card: only Tab, Shift+Tab, Enter and typing
 * (page.keyboard), never the mouse; locators only say where the focus is and what shows. The
 * first seeded tool, at its smallest quantity: like the invoice journey, no journey counts its
 * stock.
 */

const desktop = { width: 1280, height: 900 };

/** Counts the pointer presses the page receives (none, if the journey keeps its word). */
async function countPointerPresses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const key = 'keyboard-journey-pointer-presses';
    window.addEventListener(
      'pointerdown',
      () => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1)),
      { capture: true },
    );
  });
}

const pointerPresses = (page: Page) =>
  page.evaluate(() => Number(sessionStorage.getItem('keyboard-journey-pointer-presses') ?? 0));

async function keep(page: Page, step: string): Promise<void> {
  await page.screenshot({ path: artifactPath(`keyboard-journey-${step}.png`) });
}

test.use({ viewport: desktop });

test('a customer logs in, orders a tool and pays by card with the keyboard alone (1280 px)', async ({
  page,
  browser,
}) => {
  const [tool] = (await readSeededData(page.request)).tools as [Tool];
  // The account, made beforehand in a browser of its own: the journey is the sign-in onwards.
  const account = await customerInOwnBrowser(browser, desktop, 'Kira Keys');
  await account.context.close();

  await countPointerPresses(page);
  await page.goto(routes.home);
  await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();

  // The top bar's LOGIN, then the form: e-mail, password, Enter.
  const topBar = page.getByRole('navigation', { name: texts.nav.mainNavigation });
  const login = topBar.getByRole('link', { name: texts.nav.login, exact: true });
  await tabTo(page, login);
  await keep(page, '1-login-link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(routes.login);
  const email = page.getByLabel(texts.login.email, { exact: true });
  await tabTo(page, email);
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(texts.login.password, { exact: true })).toBeFocused();
  await page.keyboard.type(E2E_PASSWORD);
  await keep(page, '2-login-form');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(routes.home);
  await expect(topBar.getByRole('link', { name: texts.nav.dashboard, exact: true })).toBeVisible();

  // The tool's Purchase link on its card.
  const tools = page.getByRole('region', { name: texts.home.toolsTitle, exact: true });
  const purchase = tools
    .getByRole('article', { name: tool.name, exact: true })
    .getByRole('link', { name: texts.tool.purchase, exact: true });
  await tabTo(page, purchase, { maxPresses: 80 });
  await keep(page, '3-purchase-link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(routes.purchase(tool._id));
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();

  // The order form: quantity and address typed, Place Order pressed with Space.
  const quantity = tool.minOrderQuantity + 1;
  await tabTo(page, page.getByLabel(texts.purchase.quantity, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(quantity));
  await tabTo(page, page.getByLabel(texts.purchase.address, { exact: true }));
  await page.keyboard.type('7 Keyboard Lane, Dhaka');
  await tabTo(page, page.getByRole('button', { name: texts.purchase.placeOrder }));
  await keep(page, '4-order-form');
  await page.keyboard.press('Space');
  await expect(page.getByText(texts.purchase.orderSuccess)).toBeVisible();
  const placed = page.getByRole('heading', { name: texts.purchase.confirmation.title });
  // The confirmation takes the focus, so the next Tab starts there.
  await expect(placed).toBeFocused();
  await keep(page, '5-order-placed');

  // Pay now, then the card: number, expiry, CVC, and Enter.
  await tabTo(page, page.getByRole('link', { name: texts.purchase.confirmation.payNow }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashborad\/orders\/payment\//);
  const summary = page.getByRole('region', { name: texts.payment.orderSummary });
  await expect(summary).toContainText(formatMoney(orderTotal(tool.price, quantity)));
  await expect(page.getByRole('button', { name: texts.payment.pay })).toBeEnabled();
  const cardNumber = page.getByLabel(texts.payment.cardNumber, { exact: true });
  await tabTo(page, cardNumber);
  await page.keyboard.type('4242424242424242');
  await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(texts.payment.expiry, { exact: true })).toBeFocused();
  await page.keyboard.type(`12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(texts.payment.cvc, { exact: true })).toBeFocused();
  await page.keyboard.type('123');
  await keep(page, '6-card-form');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: texts.payment.complete })).toBeVisible();
  await expect(page.getByText(/^pi_\S+$/)).toBeVisible();
  await keep(page, '7-paid');
  await expectNoSeriousA11yViolations(page, 'paid by keyboard');

  // Back to My Orders, still by keyboard: the order is paid ('panding').
  await tabTo(page, page.getByRole('link', { name: texts.payment.backToOrders }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(routes.dashboardOrders);
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row.getByText(texts.orders.paidBadge, { exact: true })).toBeVisible();
  await keep(page, '8-my-orders');

  expect(await pointerPresses(page), 'pointer presses during the journey').toBe(0);
});

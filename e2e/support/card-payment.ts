import { routes, texts, type Tool } from '@tools-factory/contract';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { field, orderTool } from './customer.ts';
import { customerInOwnBrowser, type OwnBrowserCustomer } from './own-browser.ts';

/** The test gateway's card that pays (as Stripe's test mode has it). */
export const PAYING_CARD = '4242 4242 4242 4242';

/** An expiry two years ahead, as the card form takes it: 'MMYY'. */
function futureExpiryDigits(): string {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Fills the payment page's card form: this card's number, an expiry ahead, a CVC. */
export async function fillCard(page: Page, cardNumber = PAYING_CARD): Promise<void> {
  await field(page, texts.payment.cardNumber).fill(cardNumber);
  await field(page, texts.payment.expiry).fill(futureExpiryDigits());
  await field(page, texts.payment.cvc).fill('123');
}

/** On the payment page: pays with the card that pays, and waits for the page to say so. */
export async function payByCard(page: Page): Promise<void> {
  await fillCard(page);
  await page.getByRole('button', { name: texts.payment.pay }).click();
  await expect(page.getByRole('heading', { name: texts.payment.complete })).toBeVisible();
}

/** The signed-in customer pays their order of this tool from My Orders' Pay link, by card. */
export async function payFromMyOrders(page: Page, toolName: string): Promise<void> {
  await page.goto(routes.dashboardOrders);
  const row = page.getByRole('row').filter({ hasText: toolName });
  await row.getByRole('link', { name: texts.orders.pay }).click();
  await payByCard(page);
}

/**
 * A new customer, in a browser of their own, orders the tool (its smallest allowed quantity and
 * one more) and pays for it by card from My Orders: the customer, and the order's row there.
 */
export async function customerWhoPaid(
  browser: Browser,
  viewport: { width: number; height: number },
  name: string,
  tool: Tool,
): Promise<OwnBrowserCustomer & { row: Locator }> {
  const customer = await customerInOwnBrowser(browser, viewport, name);
  await orderTool(customer.page, tool);
  await payFromMyOrders(customer.page, tool.name);
  return { ...customer, row: customer.page.getByRole('row').filter({ hasText: tool.name }) };
}

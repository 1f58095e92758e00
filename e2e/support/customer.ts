import { routes, texts } from '@tools-factory/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './accounts.ts';

/** A form field by its exact label, on the page or inside a part of it (a dialog). */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(label, { exact: true });

/** My Profile: the value shown beside a profile detail's name. */
export const profileDetail = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** Signs a new customer up through the form; the app lands on the home page. */
export async function signUpAsCustomer(page: Page, email: string, name = 'Olga Order') {
  await page.goto(routes.signup);
  await field(page, texts.signup.name).fill(name);
  await field(page, texts.signup.email).fill(email);
  await field(page, texts.signup.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
  await expect(page).toHaveURL(routes.home);
}

/** Orders the tool's smallest allowed quantity through its purchase page. */
export async function orderTool(page: Page, tool: { _id: string; minOrderQuantity: number }) {
  await page.goto(routes.purchase(tool._id));
  await field(page, texts.purchase.quantity).fill(String(tool.minOrderQuantity + 1));
  await field(page, texts.purchase.address).fill('12 Harbour Road, Chattogram');
  await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
  await expect(page.getByText(texts.purchase.orderSuccess)).toBeVisible();
}

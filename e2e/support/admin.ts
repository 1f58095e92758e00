import { API_BASE, apiPaths, routes, texts } from '@tools-factory/contract';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './accounts.ts';
import { field } from './customer.ts';
import { latestLinkTo } from './outbox.ts';

/**
 * The console error the admin's sign-up leaves when another journey made the account first, or
 * is making it at the same instant (Better Auth answers 422 both times), which the form then
 * says in words: add it to allowedConsoleErrors.
 */
export const ADMIN_EXISTS_CONSOLE_ERROR = /status of 422/;

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/** What GET /api/admin/{email} says of the shop's admin, asked with this page's token. */
async function isAdmin(page: Page): Promise<boolean> {
  const token = await accessToken(page);
  if (!token) return false;
  const response = await page.request.get(`${API_BASE}${apiPaths.admin(E2E_ADMIN_EMAIL)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.ok() && ((await response.json()) as { admin: boolean }).admin;
}

/**
 * Signs this page in as the shop's admin (E2E_ADMIN_EMAIL, which the server under test lists in
 * ADMIN_EMAILS), whichever journey comes first and at any screen width: signs up through the
 * form, or logs in when the account exists already. ADMIN_EMAILS counts only a verified address,
 * so unless the account is an admin already it follows the verification link from the outbox
 * (the one its sign-up sent, whichever journey signed up). Ends on the home page.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(routes.signup);
  await field(page, texts.signup.name).fill('Ada Admin');
  await field(page, texts.signup.email).fill(E2E_ADMIN_EMAIL);
  await field(page, texts.signup.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
  // The home page's heading, not the top bar's DASHBOARD link, which a phone keeps in its menu.
  const home = page.getByRole('heading', { level: 1, name: texts.hero.title });
  // Refused: the account exists ('This e-mail is already in use'), or another journey is making
  // it at this very moment (the server then says it could not create it). The form's own alert:
  // a successful sign-up's toast ('Check your inbox') is an alert too, outside main.
  const refused = page.getByRole('main').getByRole('alert');
  await expect(home.or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    await page.goto(routes.login);
    await field(page, texts.login.email).fill(E2E_ADMIN_EMAIL);
    await field(page, texts.login.password).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
    await expect(home).toBeVisible();
  }
  await expect.poll(() => accessToken(page), { message: 'an access token' }).toMatch(/^ey/);
  if (!(await isAdmin(page))) {
    await page.goto(await latestLinkTo(E2E_ADMIN_EMAIL, /verify/i));
    await expect(page).toHaveURL(routes.home);
  }
  await expect.poll(() => isAdmin(page), { message: 'GET /admin says admin' }).toBe(true);
}

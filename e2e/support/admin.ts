import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, apiPaths, routes, texts } from '@tools-factory/contract';
import { expect, test, type Page } from '@playwright/test';
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

/** Made once per run (a directory made atomically), by the first journey that needs the admin. */
const adminLock = () => path.join(process.env.E2E_DATA_DIR ?? '', 'e2e-admin-made');

async function logInThroughTheForm(page: Page): Promise<void> {
  await page.goto(routes.login);
  await field(page, texts.login.email).fill(E2E_ADMIN_EMAIL);
  await field(page, texts.login.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
  // The home page's heading, not the top bar's DASHBOARD link, which a phone keeps in its menu.
  await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
}

/**
 * Makes the shop's admin as its owner does (README, "The first admin"): signs up with the listed
 * address, then "Forgate password ? Resate password", sets the password from the e-mailed link.
 * The reset ends every session of the account, so it runs once per run, before any journey is
 * signed in as the admin.
 */
async function makeTheAdmin(page: Page): Promise<void> {
  await page.goto(routes.signup);
  await field(page, texts.signup.name).fill('Ada Admin');
  await field(page, texts.signup.email).fill(E2E_ADMIN_EMAIL);
  await field(page, texts.signup.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto(routes.login);
  page.once('dialog', (dialog) => void dialog.accept());
  await field(page, texts.login.email).fill(E2E_ADMIN_EMAIL);
  await page.getByRole('button', { name: texts.login.resetPassword }).click();
  await page.goto(await latestLinkTo(E2E_ADMIN_EMAIL, /reset/i));
  await field(page, texts.resetPasswordPage.newPassword).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: texts.resetPasswordPage.submit }).click();
  await expect(page.getByText(texts.resetPasswordPage.success)).toBeVisible();
}

/**
 * Signs this page in as the shop's admin (E2E_ADMIN_EMAIL, which the server under test lists in
 * ADMIN_EMAILS), whichever journey comes first and at any screen width. The first journey makes
 * the admin (makeTheAdmin); the others wait until it is one, then log in through the form.
 * Ends on the home page.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  // Making the admin (sign-up, reset e-mail, new password, sign-in) is a journey of its own
  // before the test's: time for it, in the journey that makes it and in those that wait.
  test.info().setTimeout(test.info().timeout + 60_000);
  const first = await mkdir(adminLock())
    .then(() => true)
    .catch(() => false);
  if (first) {
    await makeTheAdmin(page);
    await logInThroughTheForm(page);
  } else {
    await expect
      .poll(
        async () => {
          await logInThroughTheForm(page);
          await expect.poll(() => accessToken(page)).toMatch(/^ey/);
          return isAdmin(page);
        },
        { message: 'the first journey makes the admin', timeout: 90_000 },
      )
      .toBe(true);
  }
  await expect.poll(() => accessToken(page), { message: 'an access token' }).toMatch(/^ey/);
  await expect.poll(() => isAdmin(page), { message: 'GET /admin says admin' }).toBe(true);
}

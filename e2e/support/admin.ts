import { API_BASE, apiPaths, orderAdminTexts, routes, texts } from '@tools-factory/contract';
import {
  expect,
  type Browser,
  type Cookie,
  type Locator,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import { waitForHydrationAfterLoads } from './fixtures.ts';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './accounts.ts';
import { field } from './customer.ts';
import { latestLinkTo } from './outbox.ts';

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
 * signed in as the admin: the setup project's only journey (the-first-admin.setup.ts).
 */
export async function makeTheAdmin(page: Page): Promise<void> {
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
 * ADMIN_EMAILS and the setup project made admin before any journey ran), at any screen width:
 * `viewport`, when given, is set first. Ends on the home page.
 */
export async function signInAsAdmin(
  page: Page,
  viewport?: { width: number; height: number },
): Promise<void> {
  if (viewport) await page.setViewportSize(viewport);
  if (await resumeAdminSignIn(page)) return;
  await logInThroughTheForm(page);
  await expect.poll(() => accessToken(page), { message: 'an access token' }).toMatch(/^ey/);
  await expect.poll(() => isAdmin(page), { message: 'GET /admin says admin' }).toBe(true);
  signedInAdmin = {
    cookies: await page.context().cookies(),
    token: (await accessToken(page)) ?? '',
  };
}

/**
 * The admin's sign-in this worker made last: its session cookie and access token. The server lets
 * one client sign one address in 10 times a minute (auth-rate-limits.ts) and every browser here
 * is that one client signing that one admin in; the journeys that only need an admin (not the
 * sign-in itself) resume this one in their own browser instead of signing in again.
 */
let signedInAdmin: { cookies: Cookie[]; token: string } | undefined;

/**
 * Puts the worker's admin sign-in into this page's browser and opens the home page: true when
 * the server still takes it (a journey may have signed the admin out since); else false, and
 * nothing is left of it.
 */
async function resumeAdminSignIn(page: Page): Promise<boolean> {
  if (!signedInAdmin) return false;
  const { cookies, token } = signedInAdmin;
  const context = page.context();
  await context.addCookies(cookies);
  const stillAdmin = await page.request.get(`${API_BASE}${apiPaths.admin(E2E_ADMIN_EMAIL)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!stillAdmin.ok() || !((await stillAdmin.json()) as { admin: boolean }).admin) {
    signedInAdmin = undefined;
    await context.clearCookies();
    return false;
  }
  // Once, on a page of the site's origin that runs no script of the app (a later sign-out in the
  // journey removes it for good, as it would after a form sign-in).
  await page.goto(`${API_BASE}${apiPaths.health}`);
  await page.evaluate((saved) => localStorage.setItem('accessToken', saved), token);
  await page.goto(routes.home);
  await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
  await expect.poll(() => isAdmin(page), { message: 'GET /admin says admin' }).toBe(true);
  return true;
}

/**
 * The admin of a journey with a buyer: a browser context of their own at `viewport`, signed in,
 * on Manage Orders searched for the checkout `reference`. Answers the admin's page and the link
 * that opens the checkout's own page (the entry's head).
 */
export async function findCheckoutAsAdmin(
  browser: Browser,
  viewport: ViewportSize,
  reference: string,
): Promise<{ admin: Page; openCheckout: Locator }> {
  const context = await browser.newContext({ viewport });
  const admin = await context.newPage();
  waitForHydrationAfterLoads(admin);
  await signInAsAdmin(admin, viewport);
  await admin.goto(routes.dashboardAllOrders);
  await field(admin, orderAdminTexts.search).fill(reference);
  await admin.getByRole('button', { name: orderAdminTexts.search, exact: true }).click();
  const openCheckout = admin.getByRole('link', {
    name: texts.shipments.checkoutPage.openCheckout(reference),
  });
  return { admin, openCheckout };
}

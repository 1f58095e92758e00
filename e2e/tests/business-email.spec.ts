import { API_BASE, routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD } from '../support/accounts.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { expect, test } from '../support/fixtures.ts';

const topBar = (page: Page) => page.getByRole('navigation', { name: texts.nav.mainNavigation });

/**
 * Business addresses (issue 22 item 18): the spec's letters-only pattern refused
 * `dan@acme-tools.com` with 'Please provide a valid Email'; a buyer signs up with it now.
 */
test.describe('business e-mail addresses', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('dan@acme-tools.com signs up, signs out and logs in again', async ({ page }, testInfo) => {
    // Each run has its own database; a retry of this test in the same run needs its own address.
    const email =
      testInfo.retry === 0 ? 'dan@acme-tools.com' : `dan.${testInfo.retry}@acme-tools.com`;
    await signUpAsCustomer(page, email, 'Dan Acme');
    await expect(page.getByText(texts.validation.emailInvalid)).toHaveCount(0);
    await expect(topBar(page).getByRole('link', { name: texts.nav.dashboard })).toBeVisible();
    const session = await (await page.request.get(`${API_BASE}/auth/get-session`)).json();
    expect(session.user).toMatchObject({ email, name: 'Dan Acme' });

    await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();

    await page.goto(routes.login);
    // Typed in capitals: the address is the same account (e-mails are kept in lower case).
    await field(page, texts.login.email).fill(
      'Dan@ACME-Tools.com'.replace('Dan', email.split('@')[0]!),
    );
    await field(page, texts.login.password).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
    await expect(page).toHaveURL(routes.home);
    await expect(topBar(page).getByRole('link', { name: texts.nav.dashboard })).toBeVisible();
  });

  test("an address no mail server takes still gets the spec's message", async ({ page }) => {
    await page.goto(routes.signup);
    await field(page, texts.signup.name).fill('Dan Acme');
    await field(page, texts.signup.email).fill('dan@acme-tools');
    await field(page, texts.signup.password).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
    await expect(page.getByText(texts.validation.emailInvalid)).toBeVisible();
    await expect(page).toHaveURL(routes.signup);
  });
});

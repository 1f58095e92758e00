import { API_BASE, apiPaths, routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { E2E_GOOGLE_USER } from '../support/oidc-client.ts';
import { latestLinkTo } from '../support/outbox.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 780 };

const topBar = (page: Page) => page.getByRole('navigation', { name: texts.nav.mainNavigation });
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

async function signUpThroughTheForm(page: Page, email: string, name = 'Nora Smith') {
  await signUpAsCustomer(page, email, name);
  await expect(topBar(page).getByRole('link', { name: texts.nav.dashboard })).toBeVisible();
}

async function logInThroughTheForm(page: Page, email: string, password = E2E_PASSWORD) {
  await field(page, texts.login.email).fill(email);
  await field(page, texts.login.password).fill(password);
  await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
}

/** An account made through the identity API, as another browser would have made it. */
async function createAccount(page: Page, email: string) {
  const response = await page.request.post(`${API_BASE}/auth/sign-up/email`, {
    headers: { origin: new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin },
    data: { email, password: E2E_PASSWORD, name: 'Remy Reset' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // The API call signed this browser context in; start the journey signed out.
  await page.context().clearCookies();
}

test.describe('accounts', () => {
  // A refused sign-in is a 401 the browser reports on the console; the page handles it.
  test.use({ viewport: desktop, allowedConsoleErrors: /status of 401 \(Unauthorized\)/ });

  test('sign up, verify the e-mail from the outbox, sign out', async ({ page }) => {
    const email = uniqueEmail('nora');
    await signUpThroughTheForm(page, email);
    expect(await accessToken(page)).toMatch(/^ey/);

    const link = await latestLinkTo(email, /verify/i);
    await page.goto(link);
    await expect(page).toHaveURL(routes.home);
    const session = await (await page.request.get(`${API_BASE}/auth/get-session`)).json();
    expect(session.user).toMatchObject({ email, name: 'Nora Smith', emailVerified: true });

    await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();
    await expect(page).toHaveURL(routes.home);
    expect(await accessToken(page)).toBeNull();
  });

  test('a wrong password shows a red message under the form', async ({ page }) => {
    const email = uniqueEmail('wanda');
    await signUpThroughTheForm(page, email);
    await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();

    await page.goto(routes.login);
    await logInThroughTheForm(page, email, 'not-my-password');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: texts.identityErrors.wrongEmailOrPassword });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/text-error/);
    await page.screenshot({ path: artifactPath('login-wrong-password-1280.png') });
    await expectNoSeriousA11yViolations(page, 'wrong password');

    await field(page, texts.login.email).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(texts.identityErrors.wrongEmailOrPassword);
  });

  test('a protected page sends a signed-out visitor to login and back after it', async ({
    page,
  }) => {
    const { tools } = await readSeededData(page.request);
    const tool = tools[0]!;
    const email = uniqueEmail('paul');
    await signUpThroughTheForm(page, email);
    await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();

    await page.goto(routes.purchase(tool._id));
    await expect(page).toHaveURL(routes.login);
    await logInThroughTheForm(page, email);
    await expect(page).toHaveURL(routes.purchase(tool._id));
    await expect(page.getByText(tool.name).first()).toBeVisible();
    expect(await accessToken(page)).toMatch(/^ey/);
  });

  test('a return location that leaves the app (backslash, tab) lands on the home page', async ({
    page,
  }) => {
    const email = uniqueEmail('fiona');
    await signUpThroughTheForm(page, email);
    await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();

    for (const from of ['%2F%5Cevil.example%2F', '%2F%09%2Fevil.example%2F']) {
      await page.goto(`${routes.login}?from=${from}`);
      await logInThroughTheForm(page, email);
      await expect(page).toHaveURL(routes.home);
      await expect(page.getByRole('heading', { name: texts.hero.title })).toBeVisible();
      await topBar(page).getByRole('button', { name: texts.nav.signOut }).click();
      await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();
    }
  });

  test('reset a forgotten password through the e-mailed link', async ({ page }) => {
    const email = uniqueEmail('remy');
    await page.goto(routes.login);
    await createAccount(page, email);
    await page.reload();

    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await field(page, texts.login.email).fill(email);
    await page.getByRole('button', { name: texts.login.resetPassword }).click();
    await expect.poll(() => alerts).toEqual([texts.login.sentEmail]);

    await page.goto(await latestLinkTo(email, /reset/i));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expectNoSeriousA11yViolations(page);
    await field(page, texts.resetPasswordPage.newPassword).fill('brand-new-secret');
    await page.getByRole('button', { name: texts.resetPasswordPage.submit }).click();
    await expect(page.getByText(texts.resetPasswordPage.success)).toBeVisible();
    await page.screenshot({ path: artifactPath('reset-password-done-1280.png') });

    await page.goto(routes.login);
    await logInThroughTheForm(page, email);
    await expect(page.getByRole('alert')).toHaveText(texts.identityErrors.wrongEmailOrPassword);
    await logInThroughTheForm(page, email, 'brand-new-secret');
    await expect(page).toHaveURL(routes.home);
    await expect(topBar(page).getByRole('link', { name: texts.nav.dashboard })).toBeVisible();
  });

  test('Continew with Google signs in through the OpenID Connect provider', async ({ page }) => {
    await page.goto(routes.login);
    await page.getByRole('button', { name: texts.login.google }).click();
    await expect(topBar(page).getByRole('link', { name: texts.nav.dashboard })).toBeVisible();
    await expect.poll(() => accessToken(page)).toMatch(/^ey/);
    const session = await (await page.request.get(`${API_BASE}/auth/get-session`)).json();
    expect(session.user).toMatchObject({ email: E2E_GOOGLE_USER.email });
    const admin = await page.request.get(`${API_BASE}${apiPaths.admin(E2E_GOOGLE_USER.email)}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(await admin.json()).toEqual({ admin: false });
  });
});

test.describe('account feedback', () => {
  for (const viewport of [phone, desktop]) {
    test(`sign-up says to check the inbox, the link says verified, at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const email = uniqueEmail('vera');
      await page.goto(routes.signup);
      await expect(page).toHaveTitle('Sign Up | Tools Factory');
      await expectNoSeriousA11yViolations(page);
      await field(page, texts.signup.name).fill('Vera Verify');
      await field(page, texts.signup.email).fill(email);
      await field(page, texts.signup.password).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
      await expect(page).toHaveURL(routes.home);
      const checkInbox = page
        .getByRole('alert')
        .filter({ hasText: texts.emailVerification.checkInbox(email) });
      await expect(checkInbox).toBeVisible();
      await checkInbox.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: artifactPath(`signup-check-inbox-${viewport.width}.png`) });

      await page.goto(await latestLinkTo(email, /verify/i));
      const verified = page
        .getByRole('alert')
        .filter({ hasText: texts.emailVerification.verified });
      await expect(verified).toBeVisible();
      // The marker is gone: a reload says nothing again.
      await expect(page).toHaveURL(routes.home);
      await verified.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: artifactPath(`email-verified-${viewport.width}.png`) });
      const session = await (await page.request.get(`${API_BASE}/auth/get-session`)).json();
      expect(session.user).toMatchObject({ email, emailVerified: true });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
      await expect(verified).toBeHidden();
    });
  }
});

test.describe('validation messages, word for word', () => {
  for (const viewport of [phone, desktop]) {
    test(`login and sign-up at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(routes.login);
      await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
      await expect(page.getByText(texts.fieldErrors.required('email'))).toBeVisible();
      await expect(page.getByText(texts.fieldErrors.required('password'))).toBeVisible();
      await page.screenshot({ path: artifactPath(`login-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page, 'fields required');
      await field(page, texts.login.email).fill('not-an-email');
      await field(page, texts.login.password).fill('123');
      await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
      await expect(page.getByText(texts.validation.emailInvalid)).toBeVisible();
      await expect(page.getByText(texts.validation.passwordTooShort)).toBeVisible();

      await page.goto(routes.login);
      await page.getByRole('button', { name: texts.login.resetPassword }).click();
      await expect(page.getByText(texts.fieldErrors.required('email'))).toBeVisible();

      await page.getByRole('link', { name: texts.login.createAccount }).click();
      await expect(page).toHaveURL(routes.signup);
      await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
      await expect(page.getByText(texts.fieldErrors.required('name'))).toBeVisible();
      await expect(page.getByText(texts.fieldErrors.required('email'))).toBeVisible();
      await expect(page.getByText(texts.fieldErrors.required('password'))).toBeVisible();
      await expect(page.getByRole('button', { name: texts.signup.google })).toBeVisible();
      await page.screenshot({ path: artifactPath(`signup-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page, 'fields required');
    });
  }
});

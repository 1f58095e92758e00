import { API_BASE, apiPaths, routes, texts } from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { textContrast } from '../support/contrast.ts';
import { signUpAsCustomer } from '../support/customer.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };
type Viewport = typeof phone;

/** Below md (768 px) the sidebar is a drawer and ALL USERS shows cards instead of a table. */
const isPhone = (viewport: Viewport) => viewport.width < 768;

const topBar = (page: Page) => page.getByRole('navigation', { name: texts.nav.mainNavigation });
const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: texts.dashboard.title });
const drawerToggle = (page: Page) => page.getByRole('button', { name: texts.dashboard.openMenu });
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/** The page as it is now, kept for people to look at. */
async function keep(page: Page, name: string, viewport: Viewport): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}-${viewport.width}.png`), fullPage: true });
  // Every state worth keeping is worth checking: axe once per kept screen.
  await expectNoSeriousA11yViolations(page, name);
}

/** Every CSS transition (a drawer sliding in, a modal fading in) has finished. */
async function transitionsDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation instanceof CSSTransition).length,
      ),
    )
    .toBe(0);
}

/** Waits for a toast, then dismisses it so that it does not cover what comes next. */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toBeHidden();
}

/** Goes to a dashboard page through its sidebar (through the drawer on a phone). */
async function followMenu(page: Page, viewport: Viewport, label: string): Promise<void> {
  if (isPhone(viewport)) await drawerToggle(page).click();
  await dashboardMenu(page).getByRole('link', { name: label, exact: true }).click();
}

/** ALL USERS searched for `text` (a name or an e-mail, or part of one). */
async function searchUsers(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: texts.admin.searchUsers });
  await box.fill(text);
  await page.getByRole('button', { name: texts.admin.searchUsers, exact: true }).click();
}

/** One user of ALL USERS: a row of the table, or a card on a phone. */
function userEntry(page: Page, viewport: Viewport, email: string): Locator {
  return (isPhone(viewport) ? page.getByRole('listitem') : page.getByRole('row')).filter({
    hasText: email,
  });
}

test.describe('ALL USERS', () => {
  // Both sign in as the one admin account: one after the other here (signing in copes
  // with other specs' journeys doing it at the same moment).
  test.describe.configure({ mode: 'default' });

  for (const viewport of [phone, desktop]) {
    test(`an admin promotes a customer, who sees the admin menu after reloading, and removes another (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await signInAsAdmin(page, viewport);
      const cora = await customerInOwnBrowser(browser, viewport, `Cora Customer ${viewport.width}`);
      const rex = await customerInOwnBrowser(browser, viewport, `Rex Removed ${viewport.width}`);
      await rex.context.close();
      // Cora's dashboard before: the customer menu.
      await cora.page.goto(routes.dashboard);
      if (isPhone(viewport)) await drawerToggle(cora.page).click();
      await expect(
        dashboardMenu(cora.page).getByRole('link', { name: texts.dashboard.myOrders }),
      ).toBeVisible();

      await page.goto(routes.dashboard);
      await expect(
        page.getByRole('heading', { level: 2, name: texts.dashboard.portfolio }),
      ).toBeVisible();
      await keep(page, 'portfolio-admin', viewport);

      await followMenu(page, viewport, texts.dashboard.allUsers);
      await expect(page).toHaveURL(routes.dashboardUsers);
      const title = page.getByRole('heading', { level: 2, name: /^ALL USERS \(\d+\)$/ });
      await expect(title).toBeVisible();
      await keep(page, 'all-users', viewport);

      // The admin's own entry (an ADMIN_EMAILS owner, the first account: on the first page): an
      // admin already, no Remove of any kind.
      const own = userEntry(page, viewport, E2E_ADMIN_EMAIL);
      await expect(own.getByText(texts.admin.adminBadge, { exact: true })).toBeVisible();
      await expect(own.getByText(texts.admin.you, { exact: true })).toBeVisible();
      await expect(own.getByText(texts.admin.ownerBadge, { exact: true })).toBeVisible();
      await expect(own.getByRole('button')).toHaveCount(0);

      if (!isPhone(viewport)) {
        // Table headers readable (WCAG AA: 4.5:1 for text of their size).
        for (const header of await page.getByRole('columnheader').all()) {
          expect(await textContrast(header)).toBeGreaterThanOrEqual(4.5);
        }
      }

      // Issue 43: a page of accounts at a time, oldest first; this test's are found by name.
      await searchUsers(page, `Cora Customer ${viewport.width}`);
      await expect(page.getByText('1 account matches')).toBeVisible();

      // Make Admin, after the confirmation.
      const coraEntry = userEntry(page, viewport, cora.email);
      await coraEntry.getByRole('button', { name: texts.admin.makeAdmin }).click();
      const promotion = page.getByRole('dialog', { name: texts.admin.confirmMakeAdminTitle });
      await expect(promotion).toContainText(cora.email);
      await transitionsDone(page);
      await keep(page, 'all-users-make-admin', viewport);
      await promotion
        .getByRole('button', { name: texts.admin.makeAdminConfirm, exact: true })
        .click();
      await expectToast(page, texts.admin.makeAdminSuccess);
      await expect(promotion).toBeHidden();
      await expect(coraEntry.getByRole('button', { name: texts.admin.makeAdmin })).toHaveCount(0);
      await expect(coraEntry.getByText(texts.admin.adminBadge, { exact: true })).toBeVisible();

      // The promoted customer sees the admin menu once the page is loaded again.
      await cora.page.reload();
      if (isPhone(viewport)) await drawerToggle(cora.page).click();
      await expect(
        dashboardMenu(cora.page).getByRole('link', { name: texts.dashboard.allUsers }),
      ).toBeVisible();
      await expect(
        dashboardMenu(cora.page).getByRole('link', { name: texts.dashboard.myOrders }),
      ).toHaveCount(0);
      await cora.context.close();

      // Remove Admin, after the confirmation: Cora is a customer again.
      await coraEntry.getByRole('button', { name: texts.admin.removeAdmin }).click();
      const demotion = page.getByRole('dialog', { name: texts.admin.confirmRemoveAdminTitle });
      await expect(demotion).toContainText(cora.email);
      await demotion
        .getByRole('button', { name: texts.admin.removeAdminConfirm, exact: true })
        .click();
      await expectToast(page, texts.admin.removeAdminSuccess);
      await expect(demotion).toBeHidden();
      await expect(coraEntry.getByRole('button', { name: texts.admin.makeAdmin })).toBeVisible();

      // Remove User, after the confirmation.
      await searchUsers(page, rex.email);
      await userEntry(page, viewport, rex.email)
        .getByRole('button', { name: texts.admin.removeUser })
        .click();
      const dialog = page.getByRole('dialog', { name: texts.admin.confirmRemoveUserTitle });
      await expect(dialog).toContainText(rex.email);
      // The screen as seen: the modal sits at the bottom of the window, not of the page.
      await transitionsDone(page);
      await page.screenshot({ path: artifactPath(`all-users-remove-${viewport.width}.png`) });
      await dialog
        .getByRole('button', { name: texts.admin.removeUserConfirm, exact: true })
        .click();
      await expectToast(page, texts.admin.removeUserSuccess);
      await expect(dialog).toBeHidden();
      await expect(userEntry(page, viewport, rex.email)).toHaveCount(0);
      await expect(page.getByText(texts.admin.noUserMatches)).toBeVisible();
    });
  }
});

for (const viewport of [phone, desktop]) {
  test.describe(`a customer's dashboard at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('portfolio, the admin page refused, HOME and SIGN OUT', async ({ page }) => {
      const email = uniqueEmail('carl');
      await signUpAsCustomer(page, email, `Carl Customer ${viewport.width}`);

      await page.goto(routes.dashboard);
      await expect(
        page.getByRole('heading', { level: 2, name: texts.dashboard.portfolio }),
      ).toBeVisible();
      const projects = page.getByRole('article').getByRole('link');
      await expect(projects.first()).toHaveAttribute('rel', /noopener/);
      await expect(page.getByText(email)).toBeVisible();
      await keep(page, 'portfolio-customer', viewport);

      // Typing an admin address: refused in words, never the page, and no admin call is made.
      const adminCalls: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (
          url.endsWith(`${API_BASE}${apiPaths.users}`) ||
          url.includes(`${API_BASE}${apiPaths.usersSearch}`)
        ) {
          adminCalls.push(url);
        }
      });
      await page.goto(routes.dashboardUsers);
      await expect(page.getByText(texts.dashboard.adminsOnly)).toBeVisible();
      await expect(page.getByRole('heading', { name: /^ALL USERS/ })).toHaveCount(0);
      expect(adminCalls).toEqual([]);
      await keep(page, 'all-users-refused', viewport);
      await page.getByRole('link', { name: texts.dashboard.backToDashboard }).click();
      await expect(page).toHaveURL(routes.dashboard);

      if (isPhone(viewport)) {
        // The drawer: hidden until its toggle opens it; following a link closes it.
        const myOrders = dashboardMenu(page).getByRole('link', { name: texts.dashboard.myOrders });
        await expect(myOrders).toBeHidden();
        await drawerToggle(page).click();
        await expect(drawerToggle(page)).toHaveAttribute('aria-expanded', 'true');
        await expect(myOrders).toBeVisible();
        // Once it has slid in; and the screen as seen: the drawer is as tall as the window.
        await transitionsDone(page);
        await page.screenshot({
          path: artifactPath(`dashboard-drawer-open-${viewport.width}.png`),
        });
        await myOrders.click();
        await expect(page).toHaveURL(routes.dashboardOrders);
        await expect(myOrders).toBeHidden();
        // A new page: the focus is on its heading, not on the toggle.
        await expect(
          page.getByRole('heading', { level: 2, name: texts.orders.title }),
        ).toBeFocused();

        // By keyboard: Enter opens it with the focus inside, Escape closes it.
        await drawerToggle(page).focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: texts.dashboard.closeMenu })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(myOrders).toBeHidden();
        await expect(drawerToggle(page)).toBeFocused();
      } else {
        // A column beside the page: always there, no toggle.
        await expect(drawerToggle(page)).toBeHidden();
        await dashboardMenu(page).getByRole('link', { name: texts.dashboard.myOrders }).click();
        await expect(page).toHaveURL(routes.dashboardOrders);
      }

      // HOME leaves the dashboard for the home page, with the site's top bar back.
      await page.getByRole('link', { name: texts.nav.home, exact: true }).click();
      await expect(page).toHaveURL(routes.home);
      await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();

      // SIGN OUT from the dashboard ends the sign-in and lands on the home page.
      await page.goto(routes.dashboard);
      await page.getByRole('button', { name: texts.nav.signOut }).click();
      await expect(page).toHaveURL(routes.home);
      if (isPhone(viewport))
        await topBar(page).getByRole('button', { name: texts.nav.openMenu }).click();
      await expect(topBar(page).getByRole('link', { name: texts.nav.login })).toBeVisible();
      expect(await accessToken(page)).toBeNull();
    });
  });
}

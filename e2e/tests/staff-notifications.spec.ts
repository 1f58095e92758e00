import { routes, texts } from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

const words = texts.staffNotifications;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`the admin's profile page shows their staff e-mails, on and locked for an ADMIN_EMAILS address (${viewport.width} px)`, async ({
    page,
  }) => {
    await signInAsAdmin(page, viewport);
    // The admin's menu leads there (below md it is a drawer, opened first).
    await page.goto(routes.dashboard);
    if (viewport.width < 768) {
      await page.getByRole('button', { name: texts.dashboard.openMenu }).click();
    }
    await page.getByRole('link', { name: texts.dashboard.myProfile }).last().click();
    await expect(page).toHaveURL(routes.dashboardMyProfile);
    const section = page.getByRole('region', { name: words.title });
    await expect(section).toBeVisible();
    // The journeys' admin is listed in ADMIN_EMAILS: always on, and told why.
    const toggle = section.getByRole('checkbox', { name: words.label });
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeDisabled();
    await expect(section.getByText(words.listed)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: artifactPath(`staff-notifications-${viewport.width}.png`),
      fullPage: true,
    });
  });
}

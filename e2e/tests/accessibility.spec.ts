import { businessSummary, routes, texts } from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
];

const footerLink = (page: Page, name: string): Locator =>
  page.getByRole('contentinfo').getByRole('link', { name, exact: true });

/** The figure a summary card shows right now, digits only. */
async function summaryFigure(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole('region', { name: texts.home.summaryTitle, exact: true })
    .getByRole('listitem')
    .filter({ hasText: label });
  const digits = card.getByRole('paragraph').filter({ hasText: /^\s*\d+\s*$/ });
  return Number(await digits.innerText());
}

for (const viewport of viewports) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('each route names the document after its page', async ({ page }) => {
      const { tools } = await readSeededData(page.request);
      const tool = tools[0]!;
      const titles: [string, string][] = [
        [routes.home, 'Tools Factory'],
        [routes.about, 'About | Tools Factory'],
        [routes.blogs, 'Blogs | Tools Factory'],
        [routes.login, 'Login | Tools Factory'],
        ['/no/such/page', 'Page not found | Tools Factory'],
      ];
      for (const [path, title] of titles) {
        await page.goto(path);
        await expect(page).toHaveTitle(title);
      }
      await signUpAsCustomer(page, uniqueEmail('titles'));
      await page.goto(routes.purchase(tool._id));
      await expect(page).toHaveTitle(`Purchase ${tool.name} | Tools Factory`);
      await page.goto(routes.dashboardOrders);
      await expect(page).toHaveTitle('My Orders | Tools Factory');
    });

    test('Tab from the top shows the skip link, and Enter moves the focus to the main content', async ({
      page,
    }) => {
      await page.goto(routes.about);
      await expect(page.getByRole('heading', { level: 1, name: texts.about.title })).toBeVisible();
      const skip = page.getByRole('link', { name: texts.a11y.skipToContent });
      // Out of sight until it has the focus.
      expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      const box = await skip.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(40);
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: artifactPath(`skip-link-${viewport.width}.png`) });

      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(routes.about);
      // The next Tab starts inside the page, past the top bar: here, the footer's first link.
      await page.keyboard.press('Tab');
      const focusedInTopBar = await page.evaluate(
        () => document.activeElement?.closest('header') !== null,
      );
      expect(focusedInTopBar).toBe(false);
    });

    test("after a navigation the focus is on the new page's heading", async ({ page }) => {
      await page.goto(routes.home);
      const welcome = page.getByRole('heading', { level: 1, name: texts.hero.title });
      await expect(welcome).toBeVisible();
      // Not on the first load.
      await expect(welcome).not.toBeFocused();

      await footerLink(page, texts.footer.links.blogs).click();
      await expect(page).toHaveURL(routes.blogs);
      await expect(page.getByRole('heading', { level: 1, name: texts.blogs.title })).toBeFocused();

      await footerLink(page, texts.footer.links.aboutUs).click();
      await expect(page).toHaveURL(routes.about);
      await expect(page.getByRole('heading', { level: 1, name: texts.about.title })).toBeFocused();

      // To another page's section: the focus is on that section.
      await footerLink(page, texts.footer.links.contact).click();
      await expect(page).toHaveURL(`${routes.home}#contact`);
      await expect(
        page.getByRole('region', { name: texts.home.contactTitle, exact: true }),
      ).toBeFocused();
    });

    test('with reduced motion the business summary shows its final figures at once', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(routes.home);
      await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
      // Read before the section is ever scrolled to: a counter would still stand at 0.
      for (const { key, value } of businessSummary) {
        expect(await summaryFigure(page, texts.summary[key])).toBe(value);
      }
      await page
        .getByRole('region', { name: texts.home.summaryTitle, exact: true })
        .scrollIntoViewIfNeeded();
      for (const { key, value } of businessSummary) {
        expect(await summaryFigure(page, texts.summary[key])).toBe(value);
      }
    });

    test('the contact form sends the message, thanks the visitor and clears itself', async ({
      page,
    }) => {
      await page.goto(`${routes.home}#contact`);
      const contact = page.getByRole('region', { name: texts.home.contactTitle, exact: true });
      const name = contact.getByRole('textbox', { name: texts.home.contactName, exact: true });
      const email = contact.getByRole('textbox', { name: texts.home.contactEmail, exact: true });
      const message = contact.getByRole('textbox', {
        name: texts.home.contactMessage,
        exact: true,
      });
      await name.fill('Ada Lovelace');
      await email.fill('ada@example.com');
      await message.fill('Do you make left-handed planes?');
      const sent = page.waitForRequest(
        (request) => request.method() === 'POST' && request.url().endsWith('/api/contact'),
      );
      await contact.getByRole('button', { name: texts.home.contactSend, exact: true }).click();
      await sent;
      const toast = page.getByRole('alert').filter({ hasText: texts.home.contactThanks });
      await expect(toast).toBeVisible();
      await expect(name).toHaveValue('');
      await expect(email).toHaveValue('');
      await expect(message).toHaveValue('');
      // Once it has slid in (its own entrance, not its 5 s progress bar).
      await toast.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: artifactPath(`contact-thanks-${viewport.width}.png`) });
      await expectNoSeriousA11yViolations(page, 'contact form thanked');
    });
  });
}

test('the axe check finds what it is there to find: a nameless button and an image without alt', async ({
  page,
}) => {
  await page.goto(routes.home);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'as served');
  // The same page with two faults axe rates critical: every sweep's check would fail on them.
  await page.evaluate(() => {
    const main = document.querySelector('main');
    main?.insertAdjacentHTML(
      'afterbegin',
      '<button type="button"></button><img src="/images/tools/claw-hammer.svg">',
    );
  });
  const failure = await expectNoSeriousA11yViolations(page, 'with two faults').then(
    () => 'no violation found',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('button-name (critical)');
  expect(failure).toContain('image-alt (critical)');
});

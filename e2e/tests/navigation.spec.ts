import { routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, expectImagesLoaded, test } from '../support/fixtures.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 780 };

const topBar = (page: Page) => page.getByRole('navigation', { name: texts.nav.mainNavigation });

/** Where each top-bar link leads, and what proves the page arrived. */
const destinations = [
  { label: texts.nav.about, path: routes.about, heading: texts.about.title },
  { label: texts.nav.blogs, path: routes.blogs, heading: texts.blogs.title },
  { label: texts.nav.home, path: routes.home, heading: texts.hero.title },
];

async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(routes.login);
  await expect(page.getByRole('heading', { name: texts.login.title, exact: true })).toBeVisible();
}

test.describe('top bar on a desktop', () => {
  test.use({ viewport: desktop });

  test('HOME, ABOUT, BLOGS and LOGIN lead to their pages', async ({ page }) => {
    await page.goto(routes.home);
    await expect(topBar(page).getByRole('button', { name: texts.nav.openMenu })).toBeHidden();
    for (const { label, path, heading } of destinations) {
      await topBar(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
    }
    await topBar(page).getByRole('link', { name: texts.nav.login, exact: true }).click();
    await expectLoginPage(page);
    await topBar(page).getByRole('link', { name: texts.nav.homeLink, exact: true }).click();
    await expect(page).toHaveURL(routes.home);
  });
});

test.describe('top bar on a phone', () => {
  test.use({ viewport: phone });

  test('the menu toggle opens the links, and a link closes it', async ({ page }) => {
    await page.goto(routes.home);
    const bar = topBar(page);
    await expect(bar.getByRole('link', { name: texts.nav.about, exact: true })).toBeHidden();

    for (const { label, path, heading } of destinations) {
      await bar.getByRole('button', { name: texts.nav.openMenu }).click();
      await expect(bar.getByRole('button', { name: texts.nav.closeMenu })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await bar.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
      await expect(bar.getByRole('link', { name: label, exact: true })).toBeHidden();
    }

    await bar.getByRole('button', { name: texts.nav.openMenu }).click();
    await bar.getByRole('link', { name: texts.nav.login, exact: true }).click();
    await expectLoginPage(page);
  });

  test('Escape closes the open menu', async ({ page }) => {
    await page.goto(routes.home);
    const bar = topBar(page);
    await bar.getByRole('button', { name: texts.nav.openMenu }).click();
    await expect(bar.getByRole('link', { name: texts.nav.blogs, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('link', { name: texts.nav.blogs, exact: true })).toBeHidden();
  });
});

for (const viewport of [phone, desktop]) {
  test.describe(`information pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/about shows ABOUT', async ({ page }) => {
      await page.goto(routes.about);
      await expect(
        page.getByRole('heading', { level: 1, name: texts.about.title, exact: true }),
      ).toBeVisible();
      await expect(page.getByText(texts.about.body)).toBeVisible();
      await expectImagesLoaded(page);
      await page.screenshot({ path: artifactPath(`about-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page);
    });

    test('/blogs shows five questions with their answers', async ({ page }) => {
      await page.goto(routes.blogs);
      await expect(
        page.getByRole('heading', { level: 1, name: texts.blogs.title, exact: true }),
      ).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(5);
      for (const [index, post] of texts.blogs.posts.entries()) {
        await expect(cards.nth(index).getByRole('heading', { level: 2 })).toContainText(
          post.question,
        );
        await expect(cards.nth(index).getByText(post.answer)).toBeVisible();
      }
      await expectImagesLoaded(page);
      await page.screenshot({ path: artifactPath(`blogs-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page);
    });

    test('any other path shows the not-found page', async ({ page }) => {
      const unknown = `/no-such-page-${Math.random().toString(36).slice(2, 10)}`;
      for (const path of [unknown, `${unknown}/deeper/still`]) {
        await page.goto(path);
        await expect(page.getByText(texts.notFound, { exact: true })).toBeVisible();
        await expect(topBar(page)).toBeVisible();
      }
      await page.screenshot({
        path: artifactPath(`not-found-${viewport.width}.png`),
        fullPage: true,
      });
      await expectNoSeriousA11yViolations(page);
      await topBar(page).getByRole('link', { name: texts.nav.homeLink, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
    });
  });
}

test.describe('a page whose script part cannot be loaded', () => {
  test.use({
    viewport: desktop,
    allowedConsoleErrors: /Failed to load resource|dynamically imported module/i,
  });

  test(`shows '${texts.loadingChunkFailed}' and recovers on ${texts.retry}`, async ({ page }) => {
    await page.goto(routes.home);
    await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
    // From here on no new script arrives: the about page's chunk fails like a dropped connection.
    const blockScripts = /\/assets\/.*\.js$/;
    await page.route(blockScripts, (route) => route.abort('internetdisconnected'));
    await topBar(page).getByRole('link', { name: texts.nav.about, exact: true }).click();
    await expect(page.getByText(texts.loadingChunkFailed)).toBeVisible();

    await page.unroute(blockScripts);
    await page.getByRole('button', { name: texts.retry }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: texts.about.title, exact: true }),
    ).toBeVisible();
  });
});

import {
  businessSummary,
  GALLERY_SIZE,
  GALLERY_TEXT_LIMIT,
  galleryExcerpt,
  MAX_STARS,
  routes,
  texts,
} from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, expectImagesLoaded, test } from '../support/fixtures.ts';

const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
];

/** The home page's sections, top to bottom, as SPEC.md section 2 orders them. */
const sectionTitlesInOrder = [
  texts.hero.title,
  texts.home.toolsTitle,
  texts.home.reviewsTitle,
  texts.home.galleryTitle,
  texts.home.summaryTitle,
  texts.home.contactTitle,
];

const section = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box: it is not displayed');
  return box.y;
}

/** The digits a counter shows now ("2,000+" reads 2000). */
async function shownNumber(counter: Locator): Promise<number> {
  return Number((await counter.innerText()).replace(/\D/g, ''));
}

for (const viewport of viewports) {
  test.describe(`home page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('shows every section in order with the seeded data', async ({ page, request }) => {
      const seeded = await readSeededData(request);
      expect(seeded.tools.length, 'the demo seed has at least 9 tools').toBeGreaterThanOrEqual(9);

      await page.goto(routes.home);
      await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
      await expect(page.getByText(texts.hero.tagline)).toBeVisible();

      // OUR TOOLS: one card per tool of GET /api/parts, each with its Purchase link.
      const tools = section(page, texts.home.toolsTitle);
      await expect(tools.getByRole('article')).toHaveCount(seeded.tools.length);
      for (const tool of seeded.tools) {
        const card = tools.getByRole('article', { name: tool.name, exact: true });
        await expect(card.getByRole('heading', { name: tool.name, exact: true })).toBeVisible();
        await expect(
          card.getByRole('link', { name: texts.tool.purchase, exact: true }),
        ).toHaveAttribute('href', routes.purchase(tool._id));
      }

      // CUSTOMER REVIEW: each review's words, name and stars.
      const reviews = section(page, texts.home.reviewsTitle);
      await expect(reviews.getByRole('img', { name: /out of/ })).toHaveCount(seeded.reviews.length);
      for (const review of seeded.reviews) {
        const card = reviews.getByRole('listitem').filter({ hasText: review.review });
        await expect(card).toContainText(review.name);
        await expect(
          card.getByRole('img', {
            name: texts.reviews.ratingLabel(review.rattings, MAX_STARS),
            exact: true,
          }),
        ).toBeVisible();
      }

      // VISIT OUR MANUFACTURER HOUSE: six cards under the fixed title, text cut at 35 characters.
      const gallery = section(page, texts.home.galleryTitle);
      const galleryCards = gallery.getByRole('article');
      await expect(galleryCards).toHaveCount(GALLERY_SIZE);
      await expect(
        gallery.getByRole('heading', { name: texts.home.galleryCardTitle, exact: true }),
      ).toHaveCount(GALLERY_SIZE);
      for (const [index, item] of seeded.gallery.slice(0, GALLERY_SIZE).entries()) {
        const excerpt = galleryExcerpt(item.desc);
        // The first 35 characters, and an ellipsis where the text goes on.
        expect(excerpt).toBe(`${item.desc.slice(0, GALLERY_TEXT_LIMIT).trimEnd()}\u2026`);
        await expect(galleryCards.nth(index).getByText(excerpt, { exact: true })).toBeVisible();
      }

      // BUISNESS SUMMERY: the counters run up to their figures once scrolled into view.
      const summary = section(page, texts.home.summaryTitle);
      await summary.scrollIntoViewIfNeeded();
      for (const { key, value } of businessSummary) {
        const item = summary.getByRole('listitem').filter({ hasText: texts.summary[key] });
        await expect(item).toBeVisible();
        // The figure is the paragraph made of digits (a separator or a trailing + allowed).
        const counter = item.getByRole('paragraph').filter({ hasText: /^\s*\d[\d,.]*\+?\s*$/ });
        await expect.poll(() => shownNumber(counter), { timeout: 15_000 }).toBe(value);
      }

      // CONTUCT US: Your Name, Email and Send.
      const contact = section(page, texts.home.contactTitle);
      await expect(
        contact.getByRole('textbox', { name: texts.home.contactName, exact: true }),
      ).toBeVisible();
      await expect(
        contact.getByRole('textbox', { name: texts.home.contactEmail, exact: true }),
      ).toBeVisible();
      await expect(
        contact.getByRole('button', { name: texts.home.contactSend, exact: true }),
      ).toBeVisible();

      // Footer: four link columns and the copyright line.
      const footer = page.getByRole('contentinfo');
      for (const column of [
        texts.footer.company,
        texts.footer.getHelp,
        texts.footer.onlineShop,
        texts.footer.followUs,
      ]) {
        await expect(footer.getByRole('navigation', { name: column, exact: true })).toBeVisible();
        await expect(footer.getByRole('heading', { name: column, exact: true })).toBeVisible();
      }
      await expect(footer.getByText(texts.footer.copyright, { exact: true })).toBeVisible();

      // Sections stand in SPEC order, top to bottom, with the footer last.
      const tops: number[] = [];
      for (const title of sectionTitlesInOrder) {
        tops.push(await topOf(page.getByRole('heading', { name: title, exact: true })));
      }
      tops.push(await topOf(footer));
      expect(tops, `section tops for ${sectionTitlesInOrder.join(' > ')} > footer`).toEqual(
        [...tops].sort((a, b) => a - b),
      );
      expect(new Set(tops).size).toBe(tops.length);

      // Every picture arrives (lazy ones once scrolled to), then the whole page is kept to look at.
      await expectImagesLoaded(page);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.screenshot({ path: artifactPath(`home-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page);
    });

    test('has no horizontal scrolling', async ({ page }) => {
      await page.goto(routes.home);
      await expect(section(page, texts.home.toolsTitle).getByRole('article').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);
    });
  });
}

test('/home shows the home page too', async ({ page }) => {
  await page.goto(routes.homeAlias);
  await expect(page.getByRole('heading', { level: 1, name: texts.hero.title })).toBeVisible();
  await expect(section(page, texts.home.toolsTitle).getByRole('article').first()).toBeVisible();
});

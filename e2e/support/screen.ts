import { expect, type Page } from '@playwright/test';

/** Nothing wider than the window: the page does not scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the page scrolls sideways',
  ).toBe(true);
}

/** A list's row (a table's, or the card standing for it at a phone's width) by text in it. */
export const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

import { expect, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when the toast lies over a visible top bar (its buttons were out of reach for 5 s). */
async function expectClearOfTheTopBar(page: Page, toast: Locator): Promise<void> {
  // Where it comes to rest: it slides in from beyond the window's edge.
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  const toastBox = await toast.boundingBox();
  if (!toastBox) return;
  for (const bar of await page.locator('header').filter({ visible: true }).all()) {
    const barBox = await bar.boundingBox();
    if (barBox) expect(overlap(toastBox, barBox), 'a toast lies over the top bar').toBe(false);
  }
}

/**
 * Waits for the toast that says this, checks that it leaves the top bar's buttons uncovered,
 * then dismisses it so that it covers nothing that comes next (screenshots, buttons beneath it).
 * The app closes a toast by itself after five seconds; on a loaded machine that may come before
 * the click, which is then not needed.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expectClearOfTheTopBar(page, toast);
  await toast
    .getByRole('button', { name: 'close' })
    .click({ timeout: 3_000 })
    .catch(async (error: unknown) => {
      // Only a toast that has gone by itself excuses a failed click.
      if (await toast.isVisible()) throw error;
    });
  await expect(toast).toBeHidden();
}

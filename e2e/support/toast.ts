import { expect, type Page } from '@playwright/test';

/**
 * Waits for the toast that says this, then dismisses it so that it covers nothing that comes
 * next (screenshots, buttons beneath it). The app closes a toast by itself after five seconds;
 * on a loaded machine that may come before the click, which is then not needed.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: 'close' })
    .click({ timeout: 3_000 })
    .catch(async (error: unknown) => {
      // Only a toast that has gone by itself excuses a failed click.
      if (await toast.isVisible()) throw error;
    });
  await expect(toast).toBeHidden();
}

import { expect, type Locator, type Page } from '@playwright/test';
import { describeFocus } from './keyboard.ts';

/** Where the focus is, seen from a dialog: inside it or not, and which element. */
type FocusSeen = { inside: boolean; index: number };

/** The dialog's controls that take the focus, in document order (what Tab goes through). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusSeenFrom(dialog: Locator): Promise<FocusSeen> {
  return dialog.evaluate((element, selector) => {
    const active = document.activeElement;
    const controls = Array.from(element.querySelectorAll(selector)).filter(
      (control) => (control as HTMLElement).offsetParent !== null,
    );
    return {
      inside: active !== null && element.contains(active) && document.hasFocus(),
      index: active ? controls.indexOf(active) : -1,
    };
  }, FOCUSABLE);
}

/** Focuses the control that opens a dialog and presses Enter on it: the keyboard's way in. */
export async function openWithKeyboard(opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await expect(opener).toBeFocused();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
  await settleAnimations(dialog);
}

/**
 * Waits for the dialog's entrance (daisyUI fades and scales the box in): colours read halfway
 * through it are blends, not what the dialog shows.
 */
export async function settleAnimations(dialog: Locator): Promise<void> {
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        // Not a spinner's endless turn.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * A modal keeps the keyboard inside: the focus starts in it, and Tab, then Shift+Tab, each
 * pressed twice as many times as the dialog has controls, go round its controls (every one of them)
 * and never to the page behind it or out of the document.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect
    .poll(async () => (await focusSeenFrom(dialog)).inside, {
      message: `the focus starts inside the dialog '${name}'`,
    })
    .toBe(true);
  const controls = await dialog.evaluate(
    (element, selector) =>
      Array.from(element.querySelectorAll(selector)).filter(
        (control) => (control as HTMLElement).offsetParent !== null,
      ).length,
    FOCUSABLE,
  );
  expect(controls, `the dialog '${name}' has controls`).toBeGreaterThan(0);
  // Round twice: each end is crossed whatever control the focus started on, even when a date
  // field takes a press for each of its parts.
  const presses = Math.max(8, controls * 2 + 2);
  for (const key of ['Tab', 'Shift+Tab']) {
    const reached = new Set<number>();
    for (let press = 1; press <= presses; press += 1) {
      await page.keyboard.press(key);
      const seen = await focusSeenFrom(dialog);
      if (!seen.inside) {
        throw new Error(
          `${key} pressed ${press} times took the focus out of the dialog '${name}', to ${await describeFocus(page)}`,
        );
      }
      reached.add(seen.index);
    }
    reached.delete(-1);
    expect(reached.size, `${key} reaches each control of the dialog '${name}'`).toBe(controls);
  }
}

/**
 * Escape closes the dialog and gives the focus back to the control that opened it (when the
 * dialog was opened by one: /myProfileInfo opens its own).
 */
export async function expectEscapeCloses(
  page: Page,
  dialog: Locator,
  opener: Locator | null,
): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (opener) await expect(opener).toBeFocused();
}

import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the element the locator finds has the focus now (false when there is none). */
async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, as someone without a mouse would,
 * and fails when it does not come within `maxPresses`: a control the keyboard cannot reach.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = 60 }: { backwards?: boolean; maxPresses?: number } = {},
): Promise<void> {
  // Shown first: a control that is still on its way is not yet a control that Tab skips.
  await expect(target).toBeVisible();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reached with ${maxPresses} presses of the ${backwards ? 'Shift+' : ''}Tab key`,
  ).toBeFocused({ timeout: 1 });
}

/** What has the focus, in words a failure message can show ('button "Close"', 'body'). */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name =
      active.getAttribute('aria-label') ??
      (active as HTMLElement).innerText?.trim().slice(0, 40) ??
      '';
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${name}"`;
  });
}

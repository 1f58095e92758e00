import { expect, type Locator, type Page } from '@playwright/test';
import { describeFocus } from './keyboard.ts';

/** The dialog's controls that take the focus, in document order (what Tab goes through). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the focus was after each key press, seen from the dialog (recorded in the page). */
type FocusStep = { inside: boolean; index: number; focused: string };
type FocusRecorder = { steps: FocusStep[]; stop: () => void };
const RECORDER = '__dialogFocusRecorder';

/**
 * Records, in the page, where the focus is once each key press is done (its keyup): inside the
 * dialog or not, and which of its controls. A press that sends the focus out of the document
 * (the browser's toolbar) records 'outside' too: the keyup then lands on the body, or nowhere,
 * which the count of steps shows. Returns the dialog's count of controls and their presses: a
 * date field takes one press for each of its parts.
 */
function startRecording(dialog: Locator): Promise<{ controls: number; presses: number }> {
  return dialog.evaluate(
    (element, { selector, key }) => {
      const controls = () =>
        Array.from(element.querySelectorAll(selector)).filter(
          (control) => (control as HTMLElement).offsetParent !== null,
        );
      const steps: FocusStep[] = [];
      const record = () => {
        const active = document.activeElement;
        steps.push({
          inside: active !== null && element.contains(active) && document.hasFocus(),
          index: active ? controls().indexOf(active) : -1,
          focused:
            !active || active === document.body
              ? 'the body (out of the page)'
              : `${active.tagName.toLowerCase()} ${active.textContent?.trim().slice(0, 30) ?? ''}`,
        });
      };
      document.addEventListener('keyup', record, { capture: true });
      const recorder: FocusRecorder = {
        steps,
        stop: () => document.removeEventListener('keyup', record, { capture: true }),
      };
      Object.assign(window, { [key]: recorder });
      const found = controls();
      return {
        controls: found.length,
        presses: found.reduce(
          (sum, control) => sum + (control.matches('input[type="date"]') ? 3 : 1),
          0,
        ),
      };
    },
    { selector: FOCUSABLE, key: RECORDER },
  );
}

/** What the recorder saw since it started, and stops it. */
function stopRecording(page: Page): Promise<FocusStep[]> {
  return page.evaluate((key) => {
    const recorder = (window as unknown as Record<string, FocusRecorder>)[key]!;
    recorder.stop();
    return recorder.steps;
  }, RECORDER);
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
 * pressed more times than it takes to go round its controls, go through every one of them and
 * never to the page behind it or out of the document.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: `the focus starts inside the dialog '${name}'`,
    })
    .toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    const { controls, presses: round } = await startRecording(dialog);
    expect(controls, `the dialog '${name}' has controls`).toBeGreaterThan(0);
    // A round and two more: each end is crossed whatever control the focus started on.
    const presses = round + 2;
    for (let press = 0; press < presses; press += 1) await page.keyboard.press(key);
    const steps = await stopRecording(page);
    const left = steps.findIndex((step) => !step.inside);
    if (left >= 0 || steps.length < presses) {
      const where = left >= 0 ? steps[left]!.focused : await describeFocus(page);
      throw new Error(
        `${key} pressed ${left >= 0 ? left + 1 : steps.length + 1} times took the focus out of the dialog '${name}', to ${where}`,
      );
    }
    const reached = new Set(steps.map((step) => step.index).filter((index) => index >= 0));
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

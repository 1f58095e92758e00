import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts the journeys refuse; 'moderate' and 'minor' are left to people to judge. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/**
 * Waits (at most a second) for the page's finite animations and transitions to end: colours read
 * halfway through one (a button fading from its disabled look as its data arrives, a dialog
 * fading in) are blends, not what the page shows. Endless ones (a spinner) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]),
    )
    .catch(() => undefined);
}

/**
 * Runs axe on the page as it stands and fails on any serious or critical violation, listing each
 * rule with the elements it found (their selectors) and what to fix. Call it once per page state
 * worth checking (a page loaded, a dialog open), not after every click: a run takes a while.
 * `include` (a CSS selector) checks only that part, when the rest was checked as it stands.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  state?: string,
  include?: string,
): Promise<void> {
  // Only the violations are read: axe then works out no selectors for the passes and the rest
  // (its documented way to run faster), and finds the same violations. Legacy mode runs axe in
  // the page itself: the default opens a blank page per run to merge the frames' results, which
  // cost more than the rules themselves (about 2 s of a 3 s run here); our pages have no frames.
  await settleTransitions(page);
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' >> ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    );
  const where = state ? `${new URL(page.url()).pathname} (${state})` : new URL(page.url()).pathname;
  expect(blocking, `serious or critical axe violations on ${where}`).toEqual([]);
}

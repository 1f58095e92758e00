import { routes, texts } from '@tools-factory/contract';
import { expect, test } from '../support/fixtures.ts';

declare global {
  interface Window {
    /** What the page's CSP refused, recorded from the first script on. */
    cspViolations?: string[];
  }
}

/** The pages with a form, whose chunks build the contract's zod schemas as they load. */
const formPages = [
  { path: routes.login, heading: texts.login.title },
  { path: routes.signup, heading: texts.signup.title },
];

test.describe('the content security policy', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(
          `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
  });

  // A refused eval is caught by the code that tried it, so nothing reaches the console; Chromium
  // still reports it (Lighthouse's best practices: "Issues were logged in the Issues panel").
  for (const { path, heading } of formPages) {
    test(`${path} does nothing the CSP refuses (no eval probe)`, async ({ page }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    });
  }
});

import { routes, searchTexts, texts } from '@tools-factory/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

// Only reads (issue 43 item 2): a word typed wrong finds what it meant, on the home page and on
// the search page, and the page says what it searched instead.

test("typing 'hamer' on the shop finds the Claw Hammer, and /search says it searched 'hammer'", async ({
  page,
}) => {
  await page.goto(routes.home);
  const tools = page.getByRole('region', { name: texts.home.toolsTitle, exact: true });
  await page.getByRole('searchbox', { name: texts.search.label }).pressSequentially('hamer');
  await expect(page).toHaveURL('/?q=hamer');
  await expect(tools.getByText(searchTexts.showingResultsFor('hammer'))).toBeVisible();
  await expect(tools.getByRole('heading', { level: 3 })).toHaveText(['Claw Hammer']);

  await page.goto(`${routes.search}?q=hamer`);
  const results = page.getByRole('region', { name: searchTexts.title });
  await expect(results.getByText(searchTexts.showingResultsFor('hammer'))).toBeVisible();
  await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Claw Hammer']);
  await expect(results.getByRole('status')).toHaveText(searchTexts.showing(1, 1, 1));
  await expectNoSeriousA11yViolations(page, 'search corrected');
  await page.screenshot({ path: artifactPath('search-forgives-1280.png'), fullPage: true });

  // A SKU's start finds exactly its tools; a new search from the box.
  const box = results.getByRole('searchbox', { name: searchTexts.title });
  await box.fill('sd-set');
  await box.press('Enter');
  await expect(page).toHaveURL(`${routes.search}?q=sd-set`);
  await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Screwdriver Set']);
});

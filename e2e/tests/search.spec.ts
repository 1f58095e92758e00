import { routes, searchTools, texts, type SearchQuery, type Tool } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

// Only reads: the other journeys count the seeded tools.

const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
];

/** A word several seeded tools hold, so that a sort shows. */
const WORD = 'steel';

function toolsSection(page: Page) {
  return page.getByRole('region', { name: texts.home.toolsTitle, exact: true });
}

/** The names of the tools the page shows, in order, once they are `expected`. */
async function expectShown(page: Page, catalog: Tool[], query: SearchQuery): Promise<void> {
  const expected = searchTools(catalog, query).map((tool) => tool.name);
  await expect(toolsSection(page).getByRole('heading', { level: 3 })).toHaveText(expected);
}

for (const viewport of viewports) {
  test.describe(`search and sort at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('filters and sorts in the URL; reload and Back keep the view', async ({
      page,
      request,
    }) => {
      const { tools } = await readSeededData(request);
      expect(searchTools(tools, { q: WORD }).length).toBeGreaterThanOrEqual(2);
      await page.goto(routes.home);
      await expectShown(page, tools, {});

      const box = page.getByRole('searchbox', { name: texts.search.label });
      await box.pressSequentially(`${WORD.toUpperCase()}`);
      await expect(page).toHaveURL(`/?q=${WORD.toUpperCase()}`);
      await expectShown(page, tools, { q: WORD });
      const count = searchTools(tools, { q: WORD }).length;
      await expect(toolsSection(page).getByRole('status')).toHaveText(texts.search.count(count));

      const sortBy = page.getByRole('combobox', { name: texts.search.sortLabel });
      await sortBy.selectOption({ label: texts.search.sorts['price-desc'] });
      await expect(page).toHaveURL(`/?q=${WORD.toUpperCase()}&sort=price-desc`);
      await expectShown(page, tools, { q: WORD, sort: 'price-desc' });
      await expectNoSeriousA11yViolations(page, 'searched and sorted');
      await toolsSection(page).screenshot({ path: artifactPath(`search-${viewport.width}.png`) });

      await page.reload();
      await expect(box).toHaveValue(WORD.toUpperCase());
      await expect(sortBy).toHaveValue('price-desc');
      await expectShown(page, tools, { q: WORD, sort: 'price-desc' });

      await sortBy.selectOption({ label: texts.search.sorts.name });
      await expectShown(page, tools, { q: WORD, sort: 'name' });
      await page.goBack();
      await expect(page).toHaveURL(`/?q=${WORD.toUpperCase()}&sort=price-desc`);
      await expect(sortBy).toHaveValue('price-desc');
      await expectShown(page, tools, { q: WORD, sort: 'price-desc' });
      await page.goBack();
      await expect(page).toHaveURL(`/?q=${WORD.toUpperCase()}`);
      await expectShown(page, tools, { q: WORD });
    });

    test('says no tool matches, and Clear search shows them all again', async ({
      page,
      request,
    }) => {
      const { tools } = await readSeededData(request);
      await page.goto(`${routes.home}?q=${encodeURIComponent("xyz' 50%_.*(")}`);
      const message = texts.search.noMatch("xyz' 50%_.*(");
      await expect(toolsSection(page).getByText(message, { exact: true }).last()).toBeVisible();
      await expect(toolsSection(page).getByRole('heading', { level: 3 })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'no match');
      await toolsSection(page).screenshot({
        path: artifactPath(`search-empty-${viewport.width}.png`),
      });

      await page.getByRole('button', { name: texts.search.clear }).click();
      await expect(page).toHaveURL('/');
      const box = page.getByRole('searchbox', { name: texts.search.label });
      await expect(box).toHaveValue('');
      await expect(box).toBeFocused();
      await expectShown(page, tools, {});
    });
  });
}

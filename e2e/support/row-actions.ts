import { texts } from '@tools-factory/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A row's action behind its Actions button (Manage Tools: Edit, Stock, Price breaks, Low stock):
 * the menu opened if it is not, then the action's button in it.
 */
export async function rowAction(row: Locator, action: string): Promise<Locator> {
  const menu = row.getByRole('button', { name: texts.manageTools.actions });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  return row.getByRole('button', { name: action, exact: true });
}

/**
 * Manage Tools searched for `name` (issue 43): the list pages 50 tools at a time, oldest first,
 * so a tool a journey has just added is seldom on the first page; an admin finds it as among
 * thousands, by typing its name. Resolves once the search has answered with its row.
 */
export async function searchManageTools(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: texts.manageTools.search }).fill(name);
  await expect(page.getByRole('status').filter({ hasText: / match(es)?$/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
}

import { texts } from '@tools-factory/contract';
import { expect, type Locator } from '@playwright/test';

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

import { randomUUID } from 'node:crypto';
import { routes, serverTexts, texts, type Tool } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field } from '../support/customer.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { latestMailTo, mailsTo } from '../support/outbox.ts';
import { addToolAsAdmin, placeOrderAs } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { expectNoSidewaysScroll, rowOf } from '../support/screen.ts';
import { desktop, phone } from '../support/viewports.ts';
import { rowAction, searchManageTools } from '../support/row-actions.ts';

const words = texts.manageTools.lowStock;

/** An order of `quantity` placed with this page's token (its account's e-mail). */
const placeOrder = (page: Page, email: string, tool: Tool, quantity: number) =>
  placeOrderAs(page, { email, tool, quantity, address: '1 Low Road, Leeds' });

for (const viewport of [desktop, phone]) {
  test(`an admin sets a low-stock threshold in Manage Tools, and the order that crosses it e-mails them once (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    const name = `Tin Snips ${viewport.width}-${randomUUID().slice(0, 6)}`;
    // Minimum 10 (so the default threshold is 30), 100 in stock.
    const tool = await addToolAsAdmin(page, {
      name,
      desc: 'A tool whose stock the low-stock journey watches.',
      price: 20,
      minOrderQuantity: 10,
      availableQuantity: 100,
    });

    // The column: the default, 3 x the minimum.
    await page.goto(routes.dashboardManageTools);
    await searchManageTools(page, name);
    const row = rowOf(page, name);
    await expect(row).toContainText(words.defaultThreshold(30));

    // The dialog: its own threshold, 60.
    await (await rowAction(row, words.edit)).click();
    const dialog = page.getByRole('dialog', { name: words.title(name) });
    const useDefault = dialog.getByRole('checkbox', { name: words.useDefault(30) });
    await expect(useDefault).toBeChecked();
    await useDefault.uncheck();
    await field(page, words.threshold).fill('60');
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`manage-tools-low-stock-dialog-${viewport.width}.png`),
    });
    await expectNoSeriousA11yViolations(page, 'low-stock dialog open');
    await dialog.getByRole('button', { name: words.save }).click();
    await expectToast(page, words.saved(name));
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('60');
    await expect(row).not.toContainText(words.defaultThreshold(30));
    await expect(row.getByText(words.lowBadge, { exact: true })).toHaveCount(0);

    // A customer's orders, in a browser of their own: 100 -> 59 crosses 60; 59 -> 48 does not.
    const customer = await customerInOwnBrowser(browser, desktop, 'Sam Snips');
    const { page: customerPage, email } = customer;
    await placeOrder(customerPage, email, tool, 41);
    const subject = new RegExp(`^Low stock: ${name}$`);
    const alert = await latestMailTo(E2E_ADMIN_EMAIL, subject);
    expect(alert.subject).toBe(serverTexts.mail.lowStock.subject(name));
    expect(alert.text).toContain(`${serverTexts.mail.lowStock.available}: 59`);
    expect(alert.text).toContain(`${serverTexts.mail.lowStock.threshold}: 60`);
    expect(alert.text).toContain(routes.dashboardManageTools);
    const second = await placeOrder(customerPage, email, tool, 11);
    // The second order's own e-mail left just before any alert it could have made.
    await latestMailTo(email, new RegExp(second.reference));
    await expect.poll(async () => (await mailsTo(E2E_ADMIN_EMAIL, subject)).length).toBe(1);
    await customer.context.close();

    // Back in Manage Tools: low now.
    await page.reload();
    await searchManageTools(page, name);
    await expect(row.getByText(words.lowBadge, { exact: true }).first()).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`manage-tools-low-stock-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'manage tools with the low-stock column');
    if (viewport === desktop) {
      // At 1024 px the rows are cards: every figure and button in view, nothing cut off.
      await page.setViewportSize({ width: 1024, height: 900 });
      const lowStockButton = await rowAction(row, words.edit);
      await lowStockButton.scrollIntoViewIfNeeded();
      const box = await lowStockButton.boundingBox();
      expect(box && box.x + box.width <= 1024, 'Low stock within the window').toBe(true);
      await page.keyboard.press('Escape');
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: artifactPath('manage-tools-low-stock-1024.png') });
    }
  });
}

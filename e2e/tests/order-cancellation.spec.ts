import { readFile } from 'node:fs/promises';
import { CREDIT_NOTE_NUMBER_PATTERN, routes, texts } from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, orderTool } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { expectToast } from '../support/toast.ts';

/** An expiry two years ahead, as the card form takes it: 'MMYY'. */
function futureExpiryDigits(): string {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`an admin cancels a paid order from Manage Orders, and its customer sees it cancelled and downloads the credit note (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    // Two people, a payment, a refund and two downloads: three times the usual time limit.
    test.slow();
    // The tool the invoice and CSV journeys order too: none counts its stock, and a cancelled
    // order gives its stock back.
    const [tool] = (await readSeededData(page.request)).tools;
    if (!tool) throw new Error('the demo seed has no tool');
    const customer = await customerInOwnBrowser(browser, viewport, 'Clara Cancel');
    const customerPage = customer.page;
    await orderTool(customerPage, tool);
    await customerPage.goto(routes.dashboardOrders);
    const customerRow = customerPage.getByRole('row').filter({ hasText: tool.name });
    await customerRow.getByRole('link', { name: texts.orders.pay }).click();
    await field(customerPage, texts.payment.cardNumber).fill('4242 4242 4242 4242');
    await field(customerPage, texts.payment.expiry).fill(futureExpiryDigits());
    await field(customerPage, texts.payment.cvc).fill('123');
    await customerPage.getByRole('button', { name: texts.payment.pay }).click();
    await expect(customerPage.getByRole('heading', { name: texts.payment.complete })).toBeVisible();

    await signInAsAdmin(page, viewport);
    await page.goto(routes.dashboardAllOrders);
    const adminRow = page.getByRole('row').filter({ hasText: customer.email });
    await expect(adminRow).toHaveCount(1);
    await adminRow.getByRole('button', { name: texts.manageOrders.cancel }).click();

    const dialog = page.getByRole('dialog', { name: texts.manageOrders.confirmCancelTitle });
    await expect(dialog).toBeVisible();
    // The confirm button names the amount refunded, and so does the question.
    const confirm = dialog.getByRole('button', { name: /^Refund \$[\d,.]+$/ });
    const total = ((await confirm.textContent()) ?? '').replace('Refund ', '');
    expect(texts.manageOrders.cancelConfirm(total)).toBe(await confirm.textContent());
    await expect(dialog).toContainText(texts.manageOrders.confirmCancelBody(total));
    await expectNoSeriousA11yViolations(page, 'the cancel confirmation');
    await page.screenshot({
      path: artifactPath(`manage-orders-cancel-dialog-${viewport.width}.png`),
      fullPage: false,
    });
    // Keep order closes it and changes nothing.
    await dialog.getByRole('button', { name: texts.manageOrders.keepOrder }).click();
    await expect(dialog).toBeHidden();
    await expect(adminRow.getByText(texts.orders.paidBadge)).toBeVisible();

    await adminRow.getByRole('button', { name: texts.manageOrders.cancel }).click();
    await dialog.getByRole('button', { name: texts.manageOrders.cancelConfirm(total) }).click();
    await expect(page.getByRole('alert').filter({ hasText: /cancelled/ })).toContainText(total);
    await expectToast(page, 'credit note CN-');
    await expect(adminRow.getByText(texts.orders.cancelledBadge)).toBeVisible();
    // Exact: the credit note's label says 'cancelled order'.
    await expect(
      adminRow.getByRole('button', { name: texts.manageOrders.cancel, exact: true }),
    ).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: texts.manageOrders.ship })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: /credit note/ })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({
      path: artifactPath(`manage-orders-cancelled-${viewport.width}.png`),
      fullPage: true,
    });

    // The customer: 'cancelled', the invoice and the credit note.
    await customerPage.goto(routes.dashboardOrders);
    await expect(customerRow.getByText(texts.orders.cancelledBadge)).toBeVisible();
    const reference = (await customerRow.getByText(/^TF-/).textContent()) ?? '';
    const creditNote = customerRow.getByRole('button', {
      name: texts.orders.creditNoteLabel(reference),
    });
    await expect(creditNote).toHaveText(texts.orders.creditNote);
    expect(
      await customerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(customerPage, 'a cancelled order in My Orders');
    await customerPage.screenshot({
      path: artifactPath(`my-orders-cancelled-${viewport.width}.png`),
      fullPage: true,
    });

    const downloading = customerPage.waitForEvent('download');
    await creditNote.click();
    const download = await downloading;
    const fileName = download.suggestedFilename();
    expect(fileName.replace(/\.pdf$/, '')).toMatch(CREDIT_NOTE_NUMBER_PATTERN);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await customer.context.close();
  });
}

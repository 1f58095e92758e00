import { readFile } from 'node:fs/promises';
import { CREDIT_NOTE_NUMBER_PATTERN, routes, texts } from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import { readFirstSeededTool } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { customerWhoPaid } from '../support/card-payment.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

for (const viewport of [desktop, phone]) {
  test(`an admin cancels a paid order from Manage Orders, and its customer sees it cancelled and downloads the credit note (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    // The tool the invoice and CSV journeys order too: none counts its stock, and a cancelled
    // order gives its stock back.
    const tool = await readFirstSeededTool(page.request);
    const customer = await customerWhoPaid(browser, viewport, 'Clara Cancel', tool);
    const { page: customerPage, row: customerRow } = customer;

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
    // Issue 42: its money went back, so it reads refunded.
    await expect(adminRow.getByText(texts.orders.refundedBadge, { exact: true })).toBeVisible();
    // Exact: the credit note's label names the order.
    await expect(
      adminRow.getByRole('button', { name: texts.manageOrders.cancel, exact: true }),
    ).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: texts.manageOrders.ship })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: /credit note/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`manage-orders-cancelled-${viewport.width}.png`),
      fullPage: true,
    });

    // The customer: 'refunded', the invoice and the credit note.
    await customerPage.goto(routes.dashboardOrders);
    await expect(customerRow.getByText(texts.orders.refundedBadge, { exact: true })).toBeVisible();
    const reference = (await customerRow.getByText(/^TF-/).textContent()) ?? '';
    const creditNote = customerRow.getByRole('button', {
      name: texts.orders.creditNoteLabel(reference),
    });
    await expect(creditNote).toHaveText(texts.orders.creditNote);
    await expectNoSidewaysScroll(customerPage);
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

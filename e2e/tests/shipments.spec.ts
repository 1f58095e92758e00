import { readFile, writeFile } from 'node:fs/promises';
import { orderAdminTexts, routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { findCheckoutAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { settleAnimations } from '../support/dialogs.ts';
import { pdfText } from '../support/pdf.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { mailsTo } from '../support/outbox.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import {
  addOwnToolsAside,
  checkOutAs,
  payCheckoutByCard,
  signUpThroughApi,
} from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.shipments;

/** How tall the page is, in CSS pixels: what the note compares with the twelve rows of before. */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

const TOOLS = Array.from({ length: 12 }, (_, index) => ({
  name: `Shipment Tool ${String(index + 1).padStart(2, '0')}`,
  desc: 'A tool the shipments journey buys with eleven others, and ships in two parcels.',
  price: 3 + index,
  minOrderQuantity: 10,
  availableQuantity: 500,
}));

for (const viewport of [phone, desktop]) {
  test(`an admin ships a twelve-line checkout in two shipments from one dialog; the buyer gets two e-mails and sees one entry (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const tools = await addOwnToolsAside(browser, viewport, TOOLS);
    // The buyer: twelve tools in one checkout, paid by card.
    await page.setViewportSize(viewport);
    const email = await signUpThroughApi(page, `Sam Shipper ${viewport.width}`);
    const checkout = await checkOutAs(
      page,
      tools.map((tool, index) => ({ tool, quantity: 20 + index })),
      { address: '7 Foundry Lane\nSheffield S1 2AB', poNumber: `PO-SHIP-${viewport.width}` },
    );
    await payCheckoutByCard(page, checkout);
    const first = checkout.lines.find((line) => line.quantity === 20)!;

    // Manage Orders: the checkout is one entry, its twelve lines under it.
    const { admin, openCheckout } = await findCheckoutAsAdmin(
      browser,
      viewport,
      checkout.reference,
    );
    await expect(openCheckout).toBeVisible();
    const head = admin.locator('p', { has: openCheckout });
    await expect(head).toContainText(
      `12 tools · PO PO-SHIP-${viewport.width} · ship to: Sheffield S1 2AB`,
    );
    await expect(head).toContainText('0 of 12 lines shipped');
    // No Ship and no Invoice on the lines: once, on the head.
    await expect(
      admin.getByRole('button', { name: texts.manageOrders.ship, exact: true }),
    ).toHaveCount(0);
    await expect(admin.getByRole('button', { name: /^Download the invoice/ })).toHaveCount(1);
    await expect(
      admin.getByRole('button', {
        name: texts.checkout.group.invoiceLabel(checkout.reference),
      }),
    ).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({
      path: artifactPath(`manage-orders-12-lines-${viewport.width}.png`),
      fullPage: true,
    });
    console.log(
      `Manage Orders, 12-line checkout, ${viewport.width} px: ${await pageHeight(admin)} px tall`,
    );
    await expectNoSeriousA11yViolations(admin, 'Manage Orders with a checkout of twelve lines');

    // The first shipment: six lines, the first of them in part (15 of its 20).
    await admin.getByRole('button', { name: words.checkoutPage.ship }).click();
    const dialog = admin.getByRole('dialog', { name: words.dialog.title(checkout.reference) });
    await expect(dialog).toBeVisible();
    for (const tool of tools.slice(6)) {
      const line = dialog.getByRole('checkbox', { name: words.dialog.include(tool.name) });
      await line.uncheck();
      await expect(line).not.toBeChecked();
      await expect(dialog.getByLabel(words.dialog.quantity(tool.name))).toBeDisabled();
    }
    await dialog.getByLabel(words.dialog.quantity(first.name)).fill('15');
    await dialog.getByLabel(orderAdminTexts.carrier).fill('UPS');
    await dialog.getByLabel(orderAdminTexts.trackingNumber).fill('1Z999AA10123456784');
    await settleAnimations(dialog);
    await admin.screenshot({ path: artifactPath(`ship-dialog-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(admin, 'the shipment dialog', '[role="dialog"], dialog');
    await dialog.getByRole('button', { name: words.dialog.submit(6) }).click();
    await expect(dialog).toBeHidden();
    await expectToast(admin, 'created');
    await expect(head).toContainText('5 of 12 lines shipped');

    // The checkout's page: the second shipment, everything left (the rest of the first line too).
    await openCheckout.click();
    await expect(
      admin.getByRole('heading', { name: words.checkoutPage.title(checkout.reference) }),
    ).toBeVisible();
    await admin.getByRole('button', { name: words.checkoutPage.ship }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(words.dialog.quantity(first.name))).toHaveValue('5');
    await dialog.getByRole('button', { name: words.dialog.submit(7) }).click();
    await expect(dialog).toBeHidden();
    await expectToast(admin, 'created');
    await expect(admin.getByText('12 of 12 lines shipped')).toBeVisible();
    const shipments = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { level: 4 }) });
    await expect(shipments).toHaveCount(2);
    await expectNoSidewaysScroll(admin);
    // The dialog's fade done (the toast is gone): the page as it stays. Settled, not all
    // fulfilled: an animation of an element that went away is cancelled.
    await admin.evaluate(() =>
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    await admin.screenshot({
      path: artifactPath(`checkout-page-shipped-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(admin, "the checkout's page, shipped");

    // The first shipment's packing slip: its six lines, the ship-to, no prices.
    const numbers = await shipments.getByRole('heading', { level: 4 }).allTextContents();
    const firstNumber = [...numbers].sort()[0]!;
    const downloading = admin.waitForEvent('download');
    await admin
      .getByRole('button', { name: words.checkoutPage.packingSlipLabel(firstNumber) })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`packing-slip-${firstNumber}.pdf`);
    const bytes = await readFile(await download.path());
    await writeFile(artifactPath(`packing-slip-${viewport.width}.pdf`), bytes);
    const slip = await pdfText(bytes);
    for (const shown of [
      firstNumber,
      checkout.reference,
      'Sheffield S1 2AB',
      '1Z999AA10123456784',
    ]) {
      expect(slip).toContain(shown);
    }
    for (const tool of tools.slice(0, 6)) expect(slip).toContain(tool.name);
    expect(slip).not.toContain('$');
    await admin.context().close();

    // The buyer's two e-mails: what left, what is still to come; then that nothing is.
    const subject = new RegExp(`of your checkout ${checkout.reference} is on its way$`);
    await expect.poll(async () => (await mailsTo(email, subject)).length).toBe(2);
    const mails = (await mailsTo(email, subject)).sort((a, b) =>
      a.subject.localeCompare(b.subject),
    );
    expect(mails[0]!.subject).toContain(firstNumber);
    expect(mails[0]!.text).toMatch(/In this shipment:[^]*Quantity: 15 of 20[^]*Still to come:/);
    expect(mails[0]!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mails[1]!.text).toContain('That completes your checkout: every line has now shipped.');
    for (const [index, mail] of mails.entries()) {
      await page.setContent(mail.html);
      await page.screenshot({
        path: artifactPath(`shipment-mail-${index + 1}-${viewport.width}.png`),
        fullPage: true,
      });
    }

    // My Orders: one entry, its payment and invoice once, every line shipped.
    await page.goto(routes.dashboardOrders);
    const buyerHead = page.locator('p', { hasText: checkout.reference });
    await expect(buyerHead).toContainText('12 of 12 lines shipped');
    await expect(page.getByRole('button', { name: /^Download the invoice/ })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`my-orders-12-lines-${viewport.width}.png`),
      fullPage: true,
    });
    console.log(
      `My Orders, 12-line checkout, ${viewport.width} px: ${await pageHeight(page)} px tall`,
    );
    await expectNoSeriousA11yViolations(page, 'My Orders with a checkout of twelve lines');
  });
}

import { readFile } from 'node:fs/promises';
import { orderAdminTexts, routes, serverTexts, texts } from '@tools-factory/contract';
import { findCheckoutAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field } from '../support/customer.ts';
import { settleAnimations } from '../support/dialogs.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { mailsTo } from '../support/outbox.ts';
import { pdfText } from '../support/pdf.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import {
  addOwnToolsAside,
  checkOutAs,
  payCheckoutByCard,
  signUpThroughApi,
} from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const manage = texts.manageOrders;
const checkoutPage = texts.shipments.checkoutPage;

/** Three tools of round prices: the figures the journey checks add up in the head. */
const TOOLS = [
  { name: 'Refund Tool Saw', price: 10, quantity: 10 },
  { name: 'Refund Tool Plane', price: 20, quantity: 10 },
  { name: 'Refund Tool Rasp', price: 5, quantity: 20 },
].map(({ quantity, ...tool }) => ({
  tool: {
    ...tool,
    desc: 'A tool the refunds journey buys with two others, then gives money back on.',
    minOrderQuantity: 5,
    availableQuantity: 500,
  },
  quantity,
}));

for (const viewport of [phone, desktop]) {
  test(`an admin refunds part of one line and cancels another with its refund; the checkout, My Orders, the e-mails and the credit note agree (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const tools = await addOwnToolsAside(
      browser,
      viewport,
      TOOLS.map(({ tool }) => tool),
    );
    // The buyer: three lines, $100 + $200 + $100 = $400, paid by card.
    await page.setViewportSize(viewport);
    const email = await signUpThroughApi(page, `Rita Refund ${viewport.width}`);
    const checkout = await checkOutAs(
      page,
      tools.map((tool, index) => ({ tool, quantity: TOOLS[index]!.quantity })),
      { address: '4 Anvil Yard\nLeeds LS2 7AB', poNumber: `PO-REFUND-${viewport.width}` },
    );
    await payCheckoutByCard(page, checkout);
    const saw = checkout.lines.find((line) => line.toolId === tools[0]!._id)!;
    const plane = checkout.lines.find((line) => line.toolId === tools[1]!._id)!;
    expect([saw.price * saw.quantity, plane.price * plane.quantity]).toEqual([100, 200]);

    const { admin, openCheckout } = await findCheckoutAsAdmin(
      browser,
      viewport,
      checkout.reference,
    );
    await openCheckout.click();
    await expect(
      admin.getByRole('heading', { name: checkoutPage.title(checkout.reference) }),
    ).toBeVisible();

    // Refund part of the saws: $15 of their $100 (a tool came scratched).
    const lines = admin.getByRole('region', { name: checkoutPage.lines });
    const sawLine = lines.getByRole('listitem').filter({ hasText: saw.name });
    await sawLine.getByRole('button', { name: manage.refund.open }).click();
    const refundDialog = admin.getByRole('dialog', { name: manage.refund.title(saw.reference) });
    await expect(refundDialog).toContainText('$100.00');
    await refundDialog.getByLabel(manage.refund.amount).fill('15');
    await settleAnimations(refundDialog);
    await admin.screenshot({ path: artifactPath(`refund-dialog-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(admin, 'the refund dialog', '[role="dialog"], dialog');
    await refundDialog.getByRole('button', { name: manage.refund.submit, exact: true }).click();
    await expect(refundDialog).toBeHidden();
    await expectToast(admin, `Refunded $15.00 of order ${saw.reference}`);
    await expect(sawLine).toContainText(texts.orders.lineRefunded('$15.00'));
    await expect(sawLine.getByText(texts.orders.paidBadge)).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({
      path: artifactPath(`checkout-page-refunded-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(admin, "the checkout's page after a refund");

    // Cancel the planes from their order's page, with their refund: they read 'refunded'.
    await lines.getByRole('link', { name: checkoutPage.openOrder(plane.reference) }).click();
    await admin.getByRole('button', { name: manage.cancel, exact: true }).click();
    const cancelDialog = admin.getByRole('dialog', { name: manage.confirmCancelTitle });
    await expect(
      cancelDialog.getByRole('checkbox', { name: manage.refundToCard('$200.00') }),
    ).toBeChecked();
    await cancelDialog.getByRole('button', { name: manage.cancelConfirm('$200.00') }).click();
    await expectToast(admin, 'credit note CN-');
    await expect(
      admin.getByText(texts.orders.refundedBadge, { exact: true }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(admin, "a refunded order's page");

    // Manage Orders: the head says what the checkout is worth now and what went back.
    await admin.goto(routes.dashboardAllOrders);
    await field(admin, orderAdminTexts.search).fill(checkout.reference);
    await admin.getByRole('button', { name: orderAdminTexts.search, exact: true }).click();
    const head = admin.locator('p', { has: openCheckout });
    await expect(head).toContainText('$185.00');
    await expect(head).toContainText(texts.checkout.group.refunded('$215.00'));
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({
      path: artifactPath(`manage-orders-refunds-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(admin, 'Manage Orders with refunds');

    // Sales: the refunds, counted apart from the revenue.
    await admin.goto(routes.dashboardSales);
    await expect(admin.getByText(/^Refunded: \$[\d,.]+ \(\d+ lines?\)$/)).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'Sales with refunds');
    await admin.context().close();

    // The buyer's e-mails: the part refund with its credit note, then the cancellation.
    // The outbox writes its files just after the transactions: asked until they are there.
    await expect.poll(async () => (await mailsTo(email, /refunded on your order/)).length).toBe(1);
    await expect
      .poll(async () => (await mailsTo(email, /is cancelled and refunded$/)).length)
      .toBe(1);
    const partRefund = await mailsTo(email, /refunded on your order/);
    expect(partRefund.map((mail) => mail.subject)).toEqual([
      serverTexts.mail.orderRefunded.subject('$15.00', saw.reference),
    ]);
    const cancelled = await mailsTo(email, /is cancelled and refunded$/);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain(
      serverTexts.mail.orderCancelled.body(plane.reference, '$200.00'),
    );

    // My Orders: the same figures, the planes 'refunded', the saws' credit note for $15.
    await page.goto(routes.dashboardOrders);
    const buyerHead = page.locator('p', { hasText: checkout.reference });
    await expect(buyerHead).toContainText('$185.00');
    await expect(buyerHead).toContainText(texts.checkout.group.refunded('$215.00'));
    const planeRow = page.getByRole('row').filter({ hasText: plane.reference });
    await expect(planeRow.getByText(texts.orders.refundedBadge, { exact: true })).toBeVisible();
    const sawRow = page.getByRole('row').filter({ hasText: saw.reference });
    await expect(sawRow).toContainText(texts.orders.lineRefunded('$15.00'));
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`my-orders-refunds-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'My Orders with refunds');
    const downloading = page.waitForEvent('download');
    await sawRow.getByRole('button', { name: texts.orders.creditNoteLabel(saw.reference) }).click();
    const note = await pdfText(await readFile(await (await downloading).path()));
    // The PDF may wrap the tool's name: compared without the spaces.
    const unspaced = (text: string) => text.replace(/\s+/g, '');
    expect(unspaced(note)).toContain(unspaced(serverTexts.creditNote.partLine(saw.name, '10')));
    expect(note).toContain('$15.00');
  });
}

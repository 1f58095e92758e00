import { readFile } from 'node:fs/promises';
import { formatMoney, INVOICE_NUMBER_PATTERN, routes, texts } from '@tools-factory/contract';
import { uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signUpAsCustomer } from '../support/customer.ts';
import { pdfText } from '../support/pdf.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { addOwnToolsAside, checkOutAs } from '../support/shop-api.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { payByCard } from '../support/card-payment.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.checkoutPayment;

for (const viewport of [phone, desktop]) {
  test(`a customer pays a checkout of two tools once, and downloads one invoice listing both (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    // Two tools of the journey's own (their stock is nobody else's), added by the admin.
    const [wrench, pliers] = await addOwnToolsAside(browser, viewport, [
      {
        name: 'Pipe Wrench',
        desc: 'A wrench the checkout payment journey buys with another tool.',
        price: 24.5,
        minOrderQuantity: 10,
        availableQuantity: 200,
      },
      {
        name: 'Slip-joint Pliers',
        desc: 'Pliers the checkout payment journey buys with another tool.',
        price: 6.25,
        minOrderQuantity: 20,
        availableQuantity: 200,
      },
    ]);
    await signUpAsCustomer(page, uniqueEmail('petra'), `Petra Payer ${viewport.width}`);
    const checkout = await checkOutAs(
      page,
      [
        { tool: wrench, quantity: 12 },
        { tool: pliers, quantity: 40 },
      ],
      { address: '3 Quay Street, Galway', poNumber: 'PO-E2E-42' },
    );
    // $294.00 and $250.00.
    expect(checkout.total).toBe(544);

    await page.goto(routes.dashboardCheckoutPayment(checkout._id));
    await expect(page).toHaveTitle(`${texts.payment.title} | Tools Factory`);
    const summary = page.getByRole('region', { name: words.summary });
    await expect(summary).toContainText(checkout.reference);
    await expect(summary).toContainText('PO-E2E-42');
    for (const [tool, lineTotal] of [
      [wrench, 294],
      [pliers, 250],
    ] as const) {
      await expect(summary.getByText(tool.name).filter({ visible: true })).toBeVisible();
      await expect(summary.getByText(tool.sku).filter({ visible: true })).toBeVisible();
      // The phone layout says 'Line total' before it to screen readers alone.
      await expect(
        summary.getByText(formatMoney(lineTotal)).filter({ visible: true }).first(),
      ).toBeVisible();
    }
    await expect(summary.getByText(formatMoney(544)).filter({ visible: true })).toBeVisible();
    const payButton = page.getByRole('button', { name: texts.payment.pay });
    await expect(payButton).toBeEnabled();
    // Nothing scrolls sideways, on a phone either.
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`checkout-payment-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'checkout payment page');

    await payByCard(page);
    await page.screenshot({
      path: artifactPath(`checkout-payment-paid-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'checkout paid');

    // One invoice for the checkout, both lines on it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: words.downloadInvoice }).click();
    const download = await downloading;
    const fileName = download.suggestedFilename();
    expect(fileName.replace(/\.pdf$/, '')).toMatch(INVOICE_NUMBER_PATTERN);
    const text = await pdfText(await readFile(await download.path()));
    // A long name wraps in its cell (the text then has a space where the line broke).
    const squashed = (words: string) => words.replace(/\s+/g, '');
    for (const shown of [wrench.sku, pliers.sku, wrench.name, pliers.name, 'PO-E2E-42']) {
      expect(squashed(text)).toContain(squashed(shown));
    }
    expect(text).toContain('$544.00 USD');

    // My Orders: both lines paid.
    await page.goto(routes.dashboardOrders);
    for (const tool of [wrench, pliers]) {
      const row = page.getByRole('row').filter({ hasText: tool.name });
      await expect(row).toContainText(texts.orders.paidBadge);
    }
  });
}

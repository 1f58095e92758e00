import { readFile } from 'node:fs/promises';
import { INVOICE_NUMBER_PATTERN, routes, texts } from '@tools-factory/contract';
import { uniqueEmail } from '../support/accounts.ts';
import { readFirstSeededTool } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { orderTool, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { payByCard } from '../support/card-payment.ts';
import { desktop, phone } from '../support/viewports.ts';

for (const viewport of [desktop, phone]) {
  test(`a customer pays an order and downloads its invoice from My Orders (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The tool the CSV journey orders too: neither counts its stock.
    const tool = await readFirstSeededTool(page.request);
    await signUpAsCustomer(page, uniqueEmail('ines'), 'Inès Łukasiewicz');
    await orderTool(page, tool);

    await page.goto(routes.dashboardOrders);
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await expect(row.getByRole('button', { name: /invoice/i })).toHaveCount(0);
    await row.getByRole('link', { name: texts.orders.pay }).click();
    await payByCard(page);

    await page.goto(routes.dashboardOrders);
    const reference = (await row.getByText(/^TF-/).textContent()) ?? '';
    const invoice = row.getByRole('button', { name: texts.orders.invoiceLabel(reference) });
    await expect(invoice).toBeVisible();
    await expect(invoice).toHaveText(texts.orders.invoice);
    // The table fits the screen: nothing scrolls sideways.
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'paid order with its invoice');
    await page.screenshot({
      path: artifactPath(`my-orders-invoice-${viewport.width}.png`),
      fullPage: true,
    });

    const downloading = page.waitForEvent('download');
    await invoice.click();
    const download = await downloading;
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(/^INV-\d{4}-\d{6,}\.pdf$/);
    expect(fileName.replace(/\.pdf$/, '')).toMatch(INVOICE_NUMBER_PATTERN);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}

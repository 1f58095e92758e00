import { formatMoney, orderTotal, routes, texts, formatCount } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { field, orderTool, signUpAsCustomer } from '../support/customer.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { fillCard } from '../support/card-payment.ts';
import { desktop, phone } from '../support/viewports.ts';

// A refused card is a 402 answer, which Chromium logs as a failed resource.
test.use({ allowedConsoleErrors: /status of 402 \(Payment Required\)/ });

const payButton = (page: Page) => page.getByRole('button', { name: texts.payment.pay });

for (const viewport of [desktop, phone]) {
  test(`pay an order by card: declined, then paid, and My Orders shows it 'panding' (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Tools no other journey orders, one per viewport, so stock checks elsewhere stay exact.
    const { tools } = await readSeededData(page.request);
    const tool = tools[viewport.width === 1280 ? 3 : 4]!;
    await signUpAsCustomer(page, uniqueEmail('paula'), 'Paula Payer');
    await orderTool(page, tool);

    // My Orders: the new order's pay link opens its payment page.
    await page.goto(routes.dashboardOrders);
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await row.getByRole('link', { name: texts.orders.pay }).click();
    await expect(page).toHaveURL(/\/dashborad\/orders\/payment\//);

    // The summary: name, unit price, quantity and the total.
    const quantity = tool.minOrderQuantity + 1;
    const summary = page.getByRole('region', { name: texts.payment.orderSummary });
    await expect(summary).toContainText(tool.name);
    await expect(summary).toContainText(formatCount(quantity));
    const total = orderTotal(tool.price, quantity);
    await expect(summary).toContainText(formatMoney(total));
    // Pay waits for the intent the page created.
    await expect(payButton(page)).toBeEnabled();
    await page.screenshot({ path: artifactPath(`payment-${viewport.width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // A declined card: Stripe's words in red under the form, and the order stays unpaid.
    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page).click();
    const cardError = page.getByRole('alert').filter({ hasText: texts.cardErrors.declined });
    await expect(cardError).toBeVisible();
    await expect(cardError).toHaveClass(/\btext-error\b/);
    await page.screenshot({
      path: artifactPath(`payment-declined-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'card declined');

    // The good card, typed digit by digit: the form groups them as a card shows them.
    const cardNumber = field(page, texts.payment.cardNumber);
    await cardNumber.clear();
    await cardNumber.pressSequentially('4242424242424242');
    await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: texts.payment.complete })).toBeVisible();
    const transactionId = page.getByText(/^pi_\S+$/);
    await expect(transactionId).toBeVisible();
    const id = (await transactionId.textContent()) ?? '';
    await expect(page.getByText(texts.cardErrors.declined)).toHaveCount(0);
    await page.screenshot({
      path: artifactPath(`payment-complete-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'paid');

    // Back in My Orders: 'panding' and the transaction id, no pay and no Remove.
    await page.getByRole('link', { name: texts.payment.backToOrders }).click();
    await expect(page).toHaveURL(routes.dashboardOrders);
    await expect(row.getByText(texts.orders.paidBadge, { exact: true })).toBeVisible();
    await expect(row).toContainText(id);
    await expect(row.getByRole('link', { name: texts.orders.pay })).toHaveCount(0);
    await expect(row.getByRole('button', { name: texts.orders.remove })).toHaveCount(0);
    await page.screenshot({
      path: artifactPath(`my-orders-paid-${viewport.width}.png`),
      fullPage: true,
    });

    // A later visit to the paid order's page shows it paid, with no card form.
    await page.goBack();
    await page.reload();
    await expect(page.getByText(texts.payment.alreadyPaid)).toBeVisible();
    await expect(page.getByText(id)).toBeVisible();
    await expect(field(page, texts.payment.cardNumber)).toHaveCount(0);
  });
}

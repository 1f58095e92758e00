import { orderAdminTexts, routes, texts } from '@tools-factory/contract';
import { signInAsAdmin } from '../support/admin.ts';
import { readFirstSeededTool } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { customerWhoPaid } from '../support/card-payment.ts';
import { field } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/screen.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = { ...texts.manageOrders, ...orderAdminTexts };

for (const viewport of [desktop, phone]) {
  test(`an admin opens a paid order from Manage Orders, ships it with tracking and reads its timeline; the customer sees the tracking (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    // The tool the invoice, cancellation and CSV journeys order too: none counts its stock.
    const tool = await readFirstSeededTool(page.request);
    const customer = await customerWhoPaid(browser, viewport, 'Tomasz Tracking', tool);
    const { page: customerPage, row: customerRow } = customer;

    // Manage Orders: found by the customer's e-mail, with the name and the ship-to town.
    await signInAsAdmin(page, viewport);
    await page.goto(routes.dashboardAllOrders);
    await field(page, words.search).fill(customer.email);
    await page.getByRole('button', { name: words.search, exact: true }).click();
    const adminRow = page.getByRole('row').filter({ hasText: customer.email });
    await expect(adminRow).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: /@/ })).toHaveCount(1);
    await expect(adminRow).toContainText('Tomasz Tracking');
    await expect(adminRow).toContainText(`${words.shipTo}:`);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifactPath(`manage-orders-search-${viewport.width}.png`),
      fullPage: true,
    });
    const reference =
      (await adminRow.getByRole('link', { name: /^Open order TF-/ }).textContent()) ?? '';
    await adminRow.getByRole('link', { name: words.openLabel(reference) }).click();

    // The order's page: the customer, the line, the payment; Ship asks for the tracking.
    await expect(
      page.getByRole('heading', { name: words.orderPage.title(reference) }),
    ).toBeVisible();
    const customerCard = page.getByRole('region', { name: words.orderPage.customer });
    await expect(customerCard).toContainText('Tomasz Tracking');
    await expect(customerCard).toContainText(customer.email);
    await expect(page.getByRole('region', { name: words.orderPage.payment })).toContainText(
      /pi_|tx_|\w{6,}/,
    );
    await page.getByRole('button', { name: words.ship, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.shipTitle });
    await field(dialog, words.carrier).fill('DHL Express');
    await field(dialog, words.trackingNumber).fill('JD014600006281234567');
    await dialog.getByRole('button', { name: words.shipConfirm, exact: true }).click();
    await expectToast(page, 'Shipped');
    await expect(dialog).toBeHidden();

    const shipping = page.getByRole('region', { name: words.orderPage.shipping });
    await expect(shipping).toContainText('DHL Express');
    await expect(shipping).toContainText('JD014600006281234567');
    // Undo ship is offered, with the time its window ends.
    await expect(shipping.getByRole('button', { name: words.unship })).toBeVisible();
    await expect(shipping).toContainText(/Undo ship until/);

    // The timeline, oldest first: placed, its e-mail, paid, its e-mail, shipped, its e-mail.
    const timeline = page.getByRole('region', { name: words.orderPage.timeline });
    const lines = timeline.getByRole('listitem');
    await expect(lines).toHaveCount(6);
    await expect(lines.nth(0)).toContainText(words.orderPage.events.placed);
    await expect(lines.nth(0)).toContainText('by Tomasz Tracking');
    await expect(lines.nth(2)).toContainText(words.orderPage.events.paid);
    await expect(lines.nth(4)).toContainText(words.orderPage.events.shipped);
    await expect(lines.nth(4)).toContainText('DHL Express JD014600006281234567');
    // The shipment's e-mail (issue 42), of the order's one-line checkout.
    await expect(lines.nth(5)).toContainText(
      /Shipment SH-\d{5,} of your checkout CO-[0-9A-F]{8} is on its way/,
    );
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, "the admin's order page");
    await page.screenshot({
      path: artifactPath(`admin-order-page-${viewport.width}.png`),
      fullPage: true,
    });

    // The customer: shipped, with the carrier and tracking number.
    await customerPage.goto(routes.dashboardOrders);
    await expect(customerRow.getByText(texts.orders.shippedBadge)).toBeVisible();
    await expect(customerRow).toContainText(
      `${texts.orders.tracking}: DHL Express JD014600006281234567`,
    );
    await customer.context.close();
  });
}

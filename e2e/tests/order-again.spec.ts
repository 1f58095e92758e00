import { API_BASE, apiPaths, formatMoney, routes, texts, type Tool } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { settleAnimations } from '../support/dialogs.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { addOwnTools, bearerOf, checkOutAs, payCheckoutByCard } from '../support/shop-api.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.cart.orderAgain;

/** A checkout of these lines, placed and paid with the test card through the API. */
async function paidCheckout(page: Page, lines: { tool: Tool; quantity: number }[]) {
  const checkout = await checkOutAs(page, lines, {
    address: '3 Again Lane, Leeds',
    poNumber: 'PO-AGAIN',
  });
  await payCheckoutByCard(page, checkout);
  return checkout;
}

for (const viewport of [desktop, phone]) {
  test(`orders a paid checkout again at today's prices, told what changed (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, viewport);
    const [vice, rasp] = await addOwnTools(page, viewport, [
      {
        name: 'Again Vice',
        desc: 'A vice the order-again journey buys twice.',
        price: 10,
        minOrderQuantity: 1,
        availableQuantity: 500,
      },
      {
        name: 'Again Rasp',
        desc: 'A rasp the order-again journey buys twice.',
        price: 4,
        minOrderQuantity: 1,
        availableQuantity: 500,
      },
    ]);

    const customer = await customerInOwnBrowser(browser, viewport, 'Agnes Again');
    const checkout = await paidCheckout(customer.page, [
      { tool: vice, quantity: 20 },
      { tool: rasp, quantity: 30 },
    ]);

    // The vice costs $12.00 now (Edit Tool), the rasp as before.
    const edited = await page.request.put(`${API_BASE}${apiPaths.editTool(vice._id)}`, {
      headers: await bearerOf(page),
      data: {
        name: vice.name,
        sku: vice.sku,
        desc: vice.desc,
        img: vice.img,
        price: 12,
        minOrderQuantity: 1,
      },
    });
    expect(edited.ok(), await edited.text()).toBe(true);

    const buyer = customer.page;
    await buyer.goto(routes.dashboardOrders);
    const head = buyer.getByRole('row').filter({ hasText: checkout.reference });
    await expect(head).toContainText('PO-AGAIN');
    await head.getByRole('button', { name: words.button }).click();

    const dialog = buyer.getByRole('dialog', { name: words.title });
    await expect(dialog).toContainText(words.priceChanged(10, 12));
    await expect(dialog).toContainText(words.samePrice(4));
    await expect(dialog).toContainText(words.summary(2, 0));
    await settleAnimations(dialog);
    await buyer.screenshot({ path: artifactPath(`order-again-${viewport.width}.png`) });
    await expectNoSeriousA11yViolations(buyer, 'order again');
    await dialog.getByRole('link', { name: words.goToCart }).click();

    // The cart holds both lines at today's prices: 20 x $12.00 + 30 x $4.00.
    await expect(buyer).toHaveURL(new RegExp(`${routes.cart}$`));
    await expect(buyer.getByText(vice.sku).first()).toBeVisible();
    await expect(buyer.getByText(rasp.sku).first()).toBeVisible();
    await expect(buyer.getByText(formatMoney(360)).first()).toBeVisible();
    await customer.context.close();
  });
}

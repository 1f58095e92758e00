import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  CheckoutResponseSchema,
  ConfirmTestCardResponseSchema,
  formatMoney,
  PaymentIntentResponseSchema,
  routes,
  texts,
  type Tool,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { settleAnimations } from '../support/dialogs.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { addToolAsAdmin, bearerOf } from '../support/shop-api.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 780 };
const words = texts.cart.orderAgain;

/** A checkout of these lines, placed and paid with the test card through the API. */
async function paidCheckout(page: Page, lines: { tool: Tool; quantity: number }[]) {
  const headers = await bearerOf(page);
  const added = await page.request.post(`${API_BASE}${apiPaths.cartLines}`, {
    headers,
    data: { lines: lines.map(({ tool, quantity }) => ({ toolId: tool._id, quantity })) },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await page.request.post(`${API_BASE}${apiPaths.checkout}`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { address: '3 Again Lane, Leeds', poNumber: 'PO-AGAIN' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { checkout } = CheckoutResponseSchema.parse(await placed.json());
  const intent = await page.request.post(
    `${API_BASE}${apiPaths.checkoutPaymentIntent(checkout._id)}`,
    { headers, data: {} },
  );
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = PaymentIntentResponseSchema.parse(await intent.json());
  const confirmed = await page.request.post(`${API_BASE}${apiPaths.confirmTestCard}`, {
    headers,
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const { transectionId } = ConfirmTestCardResponseSchema.parse(await confirmed.json());
  const line = checkout.lines[0]!;
  const recorded = await page.request.patch(`${API_BASE}${apiPaths.recordPayment(line._id)}`, {
    headers,
    data: { order: line._id, transectionId },
  });
  expect(recorded.ok(), await recorded.text()).toBe(true);
  return checkout;
}

for (const viewport of [desktop, phone]) {
  test(`orders a paid checkout again at today's prices, told what changed (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await signInAsAdmin(page, viewport);
    const suffix = `${viewport.width}-${randomUUID().slice(0, 6)}`;
    const vice = await addToolAsAdmin(page, {
      name: `Again Vice ${suffix}`,
      desc: 'A vice the order-again journey buys twice.',
      price: 10,
      minOrderQuantity: 1,
      availableQuantity: 500,
    });
    const rasp = await addToolAsAdmin(page, {
      name: `Again Rasp ${suffix}`,
      desc: 'A rasp the order-again journey buys twice.',
      price: 4,
      minOrderQuantity: 1,
      availableQuantity: 500,
    });

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

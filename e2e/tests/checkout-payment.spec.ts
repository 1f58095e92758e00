import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  API_BASE,
  apiPaths,
  CheckoutResponseSchema,
  formatMoney,
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_NUMBER_PATTERN,
  routes,
  texts,
  type Tool,
} from '@tools-factory/contract';
import type { Browser, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { addToolAsAdmin, bearerOf } from '../support/shop-api.ts';

const words = texts.checkoutPayment;

/** An expiry two years ahead, as the card form writes it: 'MM / YY'. */
function futureExpiryDigits(): string {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Two tools of the journey's own (their stock is nobody else's), added by the admin. */
async function twoNewTools(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<[Tool, Tool]> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    waitForHydrationAfterLoads(page);
    await signInAsAdmin(page);
    const unique = `${viewport.width}-${randomUUID().slice(0, 6)}`;
    const wrench = await addToolAsAdmin(page, {
      name: `Pipe Wrench ${unique}`,
      desc: 'A wrench the checkout payment journey buys with another tool.',
      price: 24.5,
      minOrderQuantity: 10,
      availableQuantity: 200,
    });
    const pliers = await addToolAsAdmin(page, {
      name: `Slip-joint Pliers ${unique}`,
      desc: 'Pliers the checkout payment journey buys with another tool.',
      price: 6.25,
      minOrderQuantity: 20,
      availableQuantity: 200,
    });
    return [wrench, pliers];
  } finally {
    await context.close();
  }
}

/** The PDF's text, read with pdf.js (as a reader would). */
async function pdfText(bytes: Buffer): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** Puts the tools in this page's account's cart and checks out, through the API: the checkout. */
async function checkOutThroughApi(page: Page, lines: { tool: Tool; quantity: number }[]) {
  const headers = await bearerOf(page);
  for (const { tool, quantity } of lines) {
    const put = await page.request.put(`${API_BASE}${apiPaths.cartLine(tool._id)}`, {
      headers,
      data: { quantity },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  const placed = await page.request.post(`${API_BASE}${apiPaths.checkout}`, {
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    data: { address: '3 Quay Street, Galway', poNumber: 'PO-E2E-42' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return CheckoutResponseSchema.parse(await placed.json()).checkout;
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test(`a customer pays a checkout of two tools once, and downloads one invoice listing both (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const [wrench, pliers] = await twoNewTools(browser, viewport);
    await signUpAsCustomer(page, uniqueEmail('petra'), `Petra Payer ${viewport.width}`);
    const checkout = await checkOutThroughApi(page, [
      { tool: wrench, quantity: 12 },
      { tool: pliers, quantity: 40 },
    ]);
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
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({
      path: artifactPath(`checkout-payment-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, 'checkout payment page');

    await field(page, texts.payment.cardNumber).fill('4242 4242 4242 4242');
    await field(page, texts.payment.expiry).fill(futureExpiryDigits());
    await field(page, texts.payment.cvc).fill('123');
    await payButton.click();
    await expect(page.getByRole('heading', { name: texts.payment.complete })).toBeVisible();
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

import {
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  texts,
  todayUtc,
  type Tool,
} from '@tools-factory/contract';
import type { Browser, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { latestMailTo } from '../support/outbox.ts';
import { expectToast } from '../support/toast.ts';
import { payByCard } from '../support/card-payment.ts';
import {
  acceptQuoteAs,
  offerQuoteAside,
  requestQuoteAs,
  signUpThroughApi,
} from '../support/shop-api.ts';
import { type Viewport, desktop, phone } from '../support/viewports.ts';

/** Below md (768 px) the dashboard's menu is a drawer behind a toggle. */
const isPhone = (viewport: Viewport) => viewport.width < 768;

/** A day `days` after today, by the server's calendar (UTC). */
const daysFromToday = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));

/** Goes to a dashboard page through its menu (through the drawer on a phone). */
async function followMenu(page: Page, viewport: Viewport, label: string): Promise<void> {
  if (isPhone(viewport)) await page.getByRole('button', { name: texts.dashboard.openMenu }).click();
  await page
    .getByRole('navigation', { name: texts.dashboard.title })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** The page as it is now, kept for people to look at, and checked by axe. */
async function keep(page: Page, name: string, viewport: Viewport): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}-${viewport.width}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, name);
}

test.describe('quotes', () => {
  // Every journey here but the first asks the one admin account for an offer or its page: one
  // after the other. Each step of a quote is a journey of its own, its earlier steps set up
  // through the API (a whole quote through every screen took past its minute on a loaded machine).
  test.describe.configure({ mode: 'default' });

  for (const viewport of [desktop, phone]) {
    /** Made to order takes no stock, so any tool will do: one per width all the same. */
    const toolOfThisWidth = async (page: Page): Promise<Tool> =>
      (await readSeededData(page.request)).tools.at(viewport === desktop ? -1 : -2)!;
    /** A customer of the journey, signed in on `page`, with a quote beyond the tool's stock. */
    const customerWithRequest = async (page: Page, tool: Tool) => {
      const email = await signUpThroughApi(page, 'Quinn Quoter');
      const quote = await requestQuoteAs(page, {
        toolId: tool._id,
        quantity: tool.availableQuantity + 500,
        neededBy: daysFromToday(60),
        note: 'Boxed in tens, please.',
      });
      return { email, quote };
    };
    /** The admin's offer for a tool of this width: 80 % of its catalog price. */
    const offeredPrice = (tool: Tool) => Math.round(tool.price * 80) / 100;
    /**
     * customerWithRequest, then the admin's offer on it (in a browser of its own, valid 30 days):
     * where the steps after the offer start.
     */
    const customerWithOffer = async (page: Page, browser: Browser) => {
      const tool = await toolOfThisWidth(page);
      const { quote } = await customerWithRequest(page, tool);
      const price = offeredPrice(tool);
      await offerQuoteAside(browser, viewport, quote, { price, validUntil: daysFromToday(30) });
      return { tool, quote, price };
    };

    test(`a customer asks a price for more than the stock from the purchase page, and sees it wait in My Quotes (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const tool = await toolOfThisWidth(page);
      const quantity = tool.availableQuantity + 500;

      await signUpThroughApi(page, 'Quinn Quoter');
      await page.goto(routes.purchase(tool._id));
      await field(page, texts.purchase.quantity).fill(String(quantity));
      await expect(page.getByText(texts.quotes.requestInvite)).toBeVisible();
      await page.getByRole('button', { name: texts.quotes.requestQuote }).click();
      const request = page.getByRole('dialog', { name: texts.quotes.requestTitle(tool.name) });
      // It starts from the quantity typed in the order form.
      await expect(request.getByLabel(texts.quotes.quantity, { exact: true })).toHaveValue(
        String(quantity),
      );
      await request.getByLabel(texts.quotes.neededBy, { exact: true }).fill(daysFromToday(60));
      await request.getByLabel(texts.quotes.note, { exact: true }).fill('Boxed in tens, please.');
      await keep(page, 'quote-request-dialog', viewport);
      await request.getByRole('button', { name: texts.quotes.sendRequest }).click();
      await expect(request).toBeHidden();
      const said = page.getByRole('status').filter({ hasText: /Quote Q-[0-9A-F]{8}/ });
      await expect(said).toBeVisible();
      const reference = /Q-[0-9A-F]{8}/.exec((await said.textContent()) ?? '')![0];
      await expectToast(page, texts.quotes.requested(reference));

      // My Quotes: waiting for an offer.
      await said.getByRole('link', { name: texts.dashboard.myQuotes }).click();
      await expect(page).toHaveURL(routes.dashboardMyQuotes);
      const myQuote = page.getByRole('row').filter({ hasText: reference });
      await expect(myQuote.getByText(texts.quotes.status.requested)).toBeVisible();
    });

    test(`an admin sees a request beyond the stock in Quotes and offers a price, which is e-mailed (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const tool = await toolOfThisWidth(page);
      // The customer, in a browser of their own, asked through the API.
      const context = await browser.newContext({ viewport });
      const { email, quote } = await customerWithRequest(await context.newPage(), tool);
      await context.close();
      const { reference } = quote;

      // The admin, in Quotes: the request beyond the stock, and an offer for it.
      await signInAsAdmin(page);
      await page.goto(routes.dashboard);
      await followMenu(page, viewport, texts.dashboard.quotes);
      await expect(page).toHaveURL(routes.dashboardQuotes);
      const managed = page.getByRole('row').filter({ hasText: reference });
      await expect(managed.getByText(email)).toBeVisible();
      await expect(managed.getByText(texts.manageQuotes.beyondStock)).toBeVisible();
      await expect(managed.getByText(texts.manageQuotes.status.requested)).toBeVisible();
      await keep(page, 'quotes-admin', viewport);
      await managed.getByRole('button', { name: texts.manageQuotes.makeOffer }).click();
      const offerDialog = page.getByRole('dialog', {
        name: texts.manageQuotes.offerTitle(reference),
      });
      const price = offeredPrice(tool);
      await offerDialog
        .getByLabel(texts.manageQuotes.unitPrice, { exact: true })
        .fill(String(price));
      await offerDialog
        .getByLabel(texts.manageQuotes.validUntil, { exact: true })
        .fill(daysFromToday(30));
      await keep(page, 'quotes-offer-dialog', viewport);
      await offerDialog.getByRole('button', { name: texts.manageQuotes.sendOffer }).click();
      await expectToast(page, texts.manageQuotes.offerSent(email));
      await expect(managed.getByText(texts.manageQuotes.status.offered)).toBeVisible();
      await expect(managed.getByText(texts.quotes.offerEach(formatMoney(price)))).toBeVisible();

      // The offer's e-mail.
      const mail = await latestMailTo(email, new RegExp(reference));
      expect(mail.subject).toBe(serverTexts.mail.quoteOffered.subject(reference));
      expect(mail.text).toContain(formatMoney(price));
    });

    test(`a customer accepts an offer in My Quotes, and the order is made to order at the offered price (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const { tool, quote, price } = await customerWithOffer(page, browser);

      // The customer accepts it in My Quotes: the total, made to order, and where it goes.
      const total = formatMoney(orderTotal(price, quote.quantity));
      await page.goto(routes.dashboardMyQuotes);
      const myQuote = page.getByRole('row').filter({ hasText: quote.reference });
      await expect(myQuote.getByText(texts.quotes.offerTotal(total))).toBeVisible();
      await keep(page, 'my-quotes-offer', viewport);
      await myQuote.getByRole('button', { name: texts.quotes.accept }).click();
      const accept = page.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle });
      await expect(accept.getByText(texts.quotes.confirmAcceptBody(total))).toBeVisible();
      await expect(accept.getByText(texts.quotes.confirmAcceptMadeToOrder)).toBeVisible();
      const address = '4 Rivet Street, Dhaka';
      await accept.getByLabel(texts.purchase.address, { exact: true }).fill(address);
      await accept.getByLabel(texts.purchase.phone, { exact: true }).fill('+880 2 5500 1234');
      await keep(page, 'my-quotes-accept-dialog', viewport);
      await accept.getByRole('button', { name: texts.quotes.acceptConfirm }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: /^Offer accepted: order TF-/ }),
      ).toBeVisible();
      await expect(myQuote.getByText(texts.quotes.status.accepted)).toBeVisible();
      await expect(myQuote.getByRole('link', { name: texts.quotes.pay })).toBeVisible();
      await keep(page, 'my-quotes-accepted', viewport);

      // My Orders: the order, made to order, at the offered price.
      await page.goto(routes.dashboardOrders);
      const order = page.getByRole('row').filter({ hasText: tool.name });
      await expect(order.getByText(texts.orders.madeToOrderBadge, { exact: true })).toBeVisible();
      await expect(order.getByText(total, { exact: true })).toBeVisible();
      await expect(order.getByText(texts.orders.each(formatMoney(price)))).toBeVisible();
      await expect(order.getByText(`${texts.orders.address}: ${address}`)).toBeVisible();
      await page.screenshot({
        path: artifactPath(`my-orders-made-to-order-${viewport.width}.png`),
        fullPage: true,
      });
    });

    test(`a customer pays an accepted quote from My Quotes' pay link, which then leads to the order (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const { quote, price } = await customerWithOffer(page, browser);
      await acceptQuoteAs(page, quote, { price, address: '4 Rivet Street, Dhaka' });
      const total = formatMoney(orderTotal(price, quote.quantity));

      // Paid from My Quotes' pay link.
      await page.goto(routes.dashboardMyQuotes);
      const myQuote = page.getByRole('row').filter({ hasText: quote.reference });
      await expect(myQuote.getByText(texts.quotes.status.accepted)).toBeVisible();
      await myQuote.getByRole('link', { name: texts.quotes.pay }).click();
      await expect(page).toHaveURL(/\/dashborad\/orders\/payment\//);
      await expect(page.getByRole('region', { name: texts.payment.orderSummary })).toContainText(
        total,
      );
      await expect(page.getByRole('button', { name: texts.payment.pay })).toBeEnabled();
      await payByCard(page);

      // Paid: My Quotes leads to the order instead of offering to pay.
      await page.goto(routes.dashboardMyQuotes);
      await expect(myQuote.getByRole('link', { name: texts.quotes.viewOrder })).toBeVisible();
      await expect(myQuote.getByRole('link', { name: texts.quotes.pay })).toHaveCount(0);
    });
  }
});

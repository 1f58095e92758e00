import {
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  texts,
  todayUtc,
  type Tool,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { readSeededData } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { latestMailTo } from '../support/outbox.ts';
import { expectToast } from '../support/toast.ts';
import { payByCard } from '../support/card-payment.ts';
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
  // Both journeys sign in as the one admin account: one after the other.
  test.describe.configure({ mode: 'default' });

  for (const viewport of [desktop, phone]) {
    test(`a customer asks a price for more than the stock, an admin offers it, the customer accepts and pays (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const { tools } = await readSeededData(page.request);
      // Made to order takes no stock, so any tool will do: one per width all the same.
      const tool: Tool = tools.at(viewport === desktop ? -1 : -2)!;
      const quantity = tool.availableQuantity + 500;

      // The customer, in a browser of their own: the request from the purchase page.
      const context = await browser.newContext({ viewport });
      const customer = await context.newPage();
      const email = uniqueEmail('quinn');
      await signUpAsCustomer(customer, email, 'Quinn Quoter');
      await customer.goto(routes.purchase(tool._id));
      await field(customer, texts.purchase.quantity).fill(String(quantity));
      await expect(customer.getByText(texts.quotes.requestInvite)).toBeVisible();
      await customer.getByRole('button', { name: texts.quotes.requestQuote }).click();
      const request = customer.getByRole('dialog', { name: texts.quotes.requestTitle(tool.name) });
      // It starts from the quantity typed in the order form.
      await expect(request.getByLabel(texts.quotes.quantity, { exact: true })).toHaveValue(
        String(quantity),
      );
      await request.getByLabel(texts.quotes.neededBy, { exact: true }).fill(daysFromToday(60));
      await request.getByLabel(texts.quotes.note, { exact: true }).fill('Boxed in tens, please.');
      await keep(customer, 'quote-request-dialog', viewport);
      await request.getByRole('button', { name: texts.quotes.sendRequest }).click();
      await expect(request).toBeHidden();
      const said = customer.getByRole('status').filter({ hasText: /Quote Q-[0-9A-F]{8}/ });
      await expect(said).toBeVisible();
      const reference = /Q-[0-9A-F]{8}/.exec((await said.textContent()) ?? '')![0];
      await expectToast(customer, texts.quotes.requested(reference));

      // My Quotes: waiting for an offer.
      await said.getByRole('link', { name: texts.dashboard.myQuotes }).click();
      await expect(customer).toHaveURL(routes.dashboardMyQuotes);
      const myQuote = customer.getByRole('row').filter({ hasText: reference });
      await expect(myQuote.getByText(texts.quotes.status.requested)).toBeVisible();

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
      const price = Math.round(tool.price * 80) / 100;
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

      // The customer accepts it in My Quotes: the total, made to order, and where it goes.
      const total = formatMoney(orderTotal(price, quantity));
      await customer.reload();
      await expect(myQuote.getByText(texts.quotes.offerTotal(total))).toBeVisible();
      await keep(customer, 'my-quotes-offer', viewport);
      await myQuote.getByRole('button', { name: texts.quotes.accept }).click();
      const accept = customer.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle });
      await expect(accept.getByText(texts.quotes.confirmAcceptBody(total))).toBeVisible();
      await expect(accept.getByText(texts.quotes.confirmAcceptMadeToOrder)).toBeVisible();
      const address = '4 Rivet Street, Dhaka';
      await accept.getByLabel(texts.purchase.address, { exact: true }).fill(address);
      await accept.getByLabel(texts.purchase.phone, { exact: true }).fill('+880 2 5500 1234');
      await keep(customer, 'my-quotes-accept-dialog', viewport);
      await accept.getByRole('button', { name: texts.quotes.acceptConfirm }).click();
      await expect(
        customer.getByRole('alert').filter({ hasText: /^Offer accepted: order TF-/ }),
      ).toBeVisible();
      await expect(myQuote.getByText(texts.quotes.status.accepted)).toBeVisible();
      const pay = myQuote.getByRole('link', { name: texts.quotes.pay });
      await expect(pay).toBeVisible();
      await keep(customer, 'my-quotes-accepted', viewport);

      // My Orders: the order, made to order, at the offered price.
      await customer.goto(routes.dashboardOrders);
      const order = customer.getByRole('row').filter({ hasText: tool.name });
      await expect(order.getByText(texts.orders.madeToOrderBadge, { exact: true })).toBeVisible();
      await expect(order.getByText(total, { exact: true })).toBeVisible();
      await expect(order.getByText(texts.orders.each(formatMoney(price)))).toBeVisible();
      await expect(order.getByText(`${texts.orders.address}: ${address}`)).toBeVisible();
      await customer.screenshot({
        path: artifactPath(`my-orders-made-to-order-${viewport.width}.png`),
        fullPage: true,
      });

      // Paid from My Quotes' pay link.
      await customer.goBack();
      await pay.click();
      await expect(customer).toHaveURL(/\/dashborad\/orders\/payment\//);
      await expect(
        customer.getByRole('region', { name: texts.payment.orderSummary }),
      ).toContainText(total);
      await expect(customer.getByRole('button', { name: texts.payment.pay })).toBeEnabled();
      await payByCard(customer);

      // Paid: My Quotes leads to the order instead of offering to pay.
      await customer.goto(routes.dashboardMyQuotes);
      await expect(myQuote.getByRole('link', { name: texts.quotes.viewOrder })).toBeVisible();
      await expect(myQuote.getByRole('link', { name: texts.quotes.pay })).toHaveCount(0);
      await context.close();
    });
  }
});

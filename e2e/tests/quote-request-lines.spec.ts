import {
  API_BASE,
  apiPaths,
  checkoutReference,
  routes,
  texts,
  todayUtc,
} from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { addOwnToolsAside, bearerOf, signUpThroughApi } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone, type Viewport } from '../support/viewports.ts';

const words = texts.quoteRequests;

/** A day `days` after today, by the server's calendar (UTC). */
const daysFromToday = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));

/** The page as it is now, kept for people to look at (docs/screenshots/issue-42), and checked by axe. */
async function keep(page: Page, name: string, viewport: Viewport): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}-${viewport.width}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, name);
}

/** The tools of a journey: three, the second with less stock than the buyer asks for. */
const TOOLS = [
  {
    name: 'Bench Grinder',
    desc: 'For quotes of several lines.',
    price: 89,
    minOrderQuantity: 1,
    availableQuantity: 400,
  },
  {
    name: 'Torque Wrench',
    desc: 'For quotes of several lines.',
    price: 54.5,
    minOrderQuantity: 1,
    availableQuantity: 50,
  },
  {
    name: 'Safety Goggles',
    desc: 'For quotes of several lines.',
    price: 6.25,
    minOrderQuantity: 10,
    availableQuantity: 2000,
  },
] as const;
const QUANTITIES = [40, 120, 500];
const PRICES = ['79.50', '49', '5.10'];

test.describe('quote requests of several lines (issue 42)', () => {
  // The one admin account offers in each: one journey after the other.
  test.describe.configure({ mode: 'default' });

  for (const viewport of [desktop, phone]) {
    test(`a buyer asks a price for the whole cart, the admin offers per line, the buyer accepts one checkout (${viewport.width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const tools = await addOwnToolsAside(browser, viewport, TOOLS);

      // The buyer's cart, filled through the API one line at a time (its own journeys show the
      // cart): PUT keeps a quantity beyond the stock, which a quote is for.
      const email = await signUpThroughApi(page, 'Rhea Requester');
      const headers = await bearerOf(page);
      for (const [index, tool] of tools.entries()) {
        const put = await page.request.put(`${API_BASE}${apiPaths.cartLine(tool._id)}`, {
          headers,
          data: { quantity: QUANTITIES[index] },
        });
        expect(put.ok(), await put.text()).toBe(true);
      }

      // The cart: Request a quote for these lines.
      await page.goto(routes.cart);
      await page.getByRole('button', { name: words.requestFromCart }).click();
      const request = page.getByRole('dialog', { name: words.requestTitle(3) });
      await request.getByLabel(texts.quotes.neededBy, { exact: true }).fill(daysFromToday(45));
      await request
        .getByLabel(texts.quotes.note, { exact: true })
        .fill('One delivery to the works, please.');
      await request.getByRole('button', { name: texts.quotes.sendRequest }).click();
      await expect(request).toBeHidden();
      const said = page.getByRole('status').filter({ hasText: /Quote Q-[0-9A-F]{8}/ });
      await expect(said).toBeVisible();
      const reference = /Q-[0-9A-F]{8}/.exec((await said.textContent()) ?? '')![0];
      await expectToast(page, words.requested(reference));
      // The cart is left as it was.
      const cartLines = page.getByRole('list', { name: texts.cart.page.lines });
      for (const tool of tools) {
        await expect(cartLines.getByRole('link', { name: tool.name, exact: true })).toBeVisible();
      }

      // The admin, in a browser of their own: one entry with its three lines, a price for each.
      const adminContext = await browser.newContext({ viewport });
      try {
        const admin = await adminContext.newPage();
        await signInAsAdmin(admin);
        await admin.goto(routes.dashboardQuotes);
        const entry = admin.getByRole('article', { name: new RegExp(reference) });
        await expect(
          entry.getByRole('list', { name: words.lines }).getByRole('listitem'),
        ).toHaveCount(3);
        await entry.getByRole('button', { name: texts.manageQuotes.makeOffer }).click();
        const offer = admin.getByRole('dialog', { name: words.offerTitle(reference) });
        for (const [index, tool] of tools.entries()) {
          await offer
            .getByLabel(words.unitPriceOf(tool.name, String(QUANTITIES[index]!)), { exact: true })
            .fill(PRICES[index]!);
        }
        await expect(offer.getByRole('status')).toHaveText(words.offerTotal('$11,610.00'));
        await offer
          .getByLabel(texts.manageQuotes.validUntil, { exact: true })
          .fill(daysFromToday(20));
        await offer
          .getByLabel(texts.manageQuotes.offerNote, { exact: true })
          .fill('The wrenches ship three weeks after the order.');
        await offer.getByRole('button', { name: texts.manageQuotes.sendOffer }).click();
        await expect(offer).toBeHidden();
        await expectToast(admin, texts.manageQuotes.offerSent(email));
        await expect(entry.getByText(texts.manageQuotes.status.offered)).toBeVisible();
        await entry.scrollIntoViewIfNeeded();
        await keep(admin, 'manage-quotes-3-lines', viewport);
      } finally {
        await adminContext.close();
      }

      // My Quotes: the lines at their prices, the total, both notes; Accept places one checkout.
      await page.goto(routes.dashboardMyQuotes);
      const mine = page.getByRole('article', { name: new RegExp(reference) });
      await expect(mine.getByText('$11,610.00')).toBeVisible();
      await expect(
        mine.getByText(`${texts.quotes.yourNote}: One delivery to the works, please.`),
      ).toBeVisible();
      await expect(
        mine.getByText(`${texts.quotes.ourNote}: The wrenches ship three weeks after the order.`),
      ).toBeVisible();
      await keep(page, 'my-quotes-3-lines', viewport);
      await mine.getByRole('button', { name: texts.quotes.accept }).click();
      const accept = page.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle });
      await expect(accept.getByText(words.confirmAcceptMadeToOrder(tools[1].name))).toBeVisible();
      await accept
        .getByLabel(texts.purchase.address, { exact: true })
        .fill('4 Forge Street, Leeds');
      await accept.getByLabel(texts.checkout.poNumber, { exact: true }).fill('PO-42-6');
      await accept.getByRole('button', { name: texts.quotes.acceptConfirm }).click();
      await expect(accept).toBeHidden();
      const toast = page.getByRole('alert').filter({ hasText: /checkout CO-[0-9A-F]{8}/ });
      await expect(toast).toBeVisible();
      const checkout = /CO-[0-9A-F]{8}/.exec((await toast.textContent()) ?? '')![0];
      await expect(mine.getByText(texts.quotes.status.accepted)).toBeVisible();

      // One checkout of three orders at the offered prices, to pay at once.
      const listed = await page.request.get(`${API_BASE}${apiPaths.checkouts}`, {
        headers: await bearerOf(page),
      });
      const [placed] = (await listed.json()) as {
        _id: string;
        lines: { price: number; madeToOrder: boolean }[];
      }[];
      expect(placed && checkoutReference(placed._id)).toBe(checkout);
      expect(placed?.lines.map((line) => [line.price, line.madeToOrder])).toEqual([
        [79.5, false],
        [49, true],
        [5.1, false],
      ]);
      await mine.getByRole('link', { name: texts.quotes.pay }).click();
      await expect(page).toHaveURL(routes.dashboardCheckoutPayment(placed!._id));
    });
  }
});

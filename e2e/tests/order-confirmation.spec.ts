import {
  API_BASE,
  apiPaths,
  formatMoney,
  orderTotal,
  PlaceOrderResponseSchema,
  routes,
  serverTexts,
  texts,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import type { Page, Request } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { textContrast } from '../support/contrast.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { latestMailTo } from '../support/outbox.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const { confirmation: confirmationTexts } = texts.purchase;

/** Every POST /api/order this page sends, as it sends them. */
function recordOrderPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`${API_BASE}${apiPaths.order}`)) {
      posts.push(request);
    }
  });
  return posts;
}

/** The order the next POST /api/order answers with. */
async function nextPlacedOrder(page: Page): Promise<{ order: Order; key: string | null }> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.request().method() === 'POST' &&
      candidate.url().endsWith(`${API_BASE}${apiPaths.order}`),
  );
  expect(response.status()).toBe(200);
  const { order } = PlaceOrderResponseSchema.parse(await response.json());
  return { order, key: await response.request().headerValue('idempotency-key') };
}

/** A date and time as the browser shows them to this customer (their locale, their zone). */
function shownDateTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (instant) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(instant),
      ),
    iso,
  );
}

/** Fills the purchase form: the smallest allowed quantity (the catalog is shared) and an address. */
async function fillOrder(page: Page, tool: Tool, address: string): Promise<void> {
  await field(page, texts.purchase.quantity).fill(String(tool.minOrderQuantity + 1));
  await field(page, texts.purchase.address).fill(address);
  await field(page, texts.purchase.phone).fill('+880 1711 000000');
}

const placeOrderButton = (page: Page) =>
  page.getByRole('button', { name: texts.purchase.placeOrder });

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  const phone = viewport.width < 640;
  test.describe(`after ordering, at ${viewport.width} px`, () => {
    // Tools no other journey orders, one per width; each order takes the smallest quantity.
    async function ourTool(page: Page): Promise<Tool> {
      const { tools } = await readSeededData(page.request);
      return tools[viewport.width === 1280 ? 5 : 6]!;
    }

    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('the confirmation says the reference, total and hold, with Pay now and My Orders; My Orders shows the order', async ({
      page,
    }) => {
      const tool = await ourTool(page);
      const email = uniqueEmail('cora');
      await signUpAsCustomer(page, email, 'Cora Confirm');
      await page.goto(routes.purchase(tool._id));
      const address = '12 Harbour Road\nChattogram 4100';
      await fillOrder(page, tool, address);
      const placed = nextPlacedOrder(page);
      await placeOrderButton(page).click();
      const { order, key } = await placed;
      expect(key).toMatch(UUID);
      const confirmation = page.getByRole('region', { name: confirmationTexts.title });
      await expect(confirmation).toBeVisible();
      // Focus goes to the confirmation (read out, scrolled into view), until the toast is closed.
      await expect(page.getByRole('heading', { name: confirmationTexts.title })).toBeFocused();
      await expectToast(page, texts.purchase.orderSuccess);
      expect(order.reference).toMatch(/^TF-[0-9A-F]{8}$/);
      await expect(confirmation).toContainText(order.reference);
      const total = formatMoney(orderTotal(tool.price, tool.minOrderQuantity + 1));
      await expect(confirmation).toContainText(total);
      expect(order.holdUntil).not.toBeNull();
      await expect(confirmation).toContainText(
        confirmationTexts.heldUntil(await shownDateTime(page, order.holdUntil!)),
      );
      await expect(
        confirmation.getByRole('link', { name: confirmationTexts.payNow }),
      ).toHaveAttribute('href', routes.dashboardPayment(order._id));
      // The form starts over for the next order.
      await expect(field(page, texts.purchase.quantity)).toHaveValue(
        String(tool.minOrderQuantity + 1),
      );
      await expect(field(page, texts.purchase.address)).toHaveValue('');
      await expect(field(page, texts.purchase.phone)).toHaveValue('');
      await expectNoSeriousA11yViolations(page, 'order confirmation');
      // On a phone, the screen as the customer sees it: the confirmation scrolled into view.
      await page.screenshot({
        path: artifactPath(`order-confirmation-${viewport.width}.png`),
        fullPage: !phone,
      });

      // The e-mail of the placed order (the outbox), as a mail program shows it at this width.
      const mail = await latestMailTo(email, new RegExp(order.reference));
      expect(mail.subject).toBe(serverTexts.mail.orderPlaced.subject(order.reference));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(order.reference);
        expect(part).toContain(total);
        expect(part).toContain(routes.dashboardPayment(order._id));
      }
      const inbox = await page.context().newPage();
      await inbox.setViewportSize(viewport);
      await inbox.setContent(mail.html);
      await expect(
        inbox.getByRole('link', { name: serverTexts.mail.orderPlaced.action }),
      ).toHaveAttribute('href', new RegExp(`${routes.dashboardPayment(order._id)}$`));
      // The long pay link breaks rather than making the e-mail scroll sideways.
      expect(await inbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await inbox.screenshot({
        path: artifactPath(`order-email-placed-${viewport.width}.png`),
        fullPage: true,
      });
      await inbox.close();

      // My Orders: the order by its reference, unpaid and held, with where it ships.
      await confirmation.getByRole('link', { name: confirmationTexts.myOrders }).click();
      await expect(page).toHaveURL(routes.dashboardOrders);
      const card = page.getByRole('row').filter({ hasText: order.reference });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(tool.name);
      await expect(card).toContainText(total);
      await expect(card).toContainText('12 Harbour Road');
      await expect(card.getByText(texts.orders.unpaidBadge, { exact: true })).toBeVisible();
      await expect(card).toContainText(
        texts.orders.heldUntil(await shownDateTime(page, order.holdUntil!)),
      );
      await expect(card).toContainText(await shownDateTime(page, order.createdAt));
      const pay = card.getByRole('link', { name: texts.orders.pay });
      const remove = card.getByRole('button', { name: texts.orders.remove });
      for (const action of [pay, remove]) {
        await expect(action).toBeInViewport();
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      if (phone) {
        // Cards, not a table that scrolls sideways: no column headers, nothing wider than the screen.
        await expect(page.getByRole('columnheader')).toHaveCount(0);
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          table: document.querySelector('main table')?.scrollWidth ?? 0,
        }));
        expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(viewport.width);
        expect(widths.table, 'the orders are wider than the screen').toBeLessThanOrEqual(
          viewport.width,
        );
      } else {
        await expect(
          page.getByRole('columnheader', { name: texts.orders.columns.action }),
        ).toBeVisible();
      }
      expect(
        await textContrast(card.getByText(texts.orders.unpaidBadge, { exact: true })),
      ).toBeGreaterThanOrEqual(4.5);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: artifactPath(`my-orders-cards-${viewport.width}.png`),
        fullPage: true,
      });

      // Pay now leads to that order's payment page.
      await page.goto(routes.purchase(tool._id));
      await fillOrder(page, tool, address);
      const second = nextPlacedOrder(page);
      await placeOrderButton(page).click();
      const { order: next, key: nextKey } = await second;
      // A new order gets a new key.
      expect(nextKey).not.toBe(key);
      expect(next.reference).not.toBe(order.reference);
      await page
        .getByRole('region', { name: confirmationTexts.title })
        .getByRole('link', { name: confirmationTexts.payNow })
        .click();
      await expect(page).toHaveURL(routes.dashboardPayment(next._id));
      await expect(page.getByRole('region', { name: texts.payment.orderSummary })).toContainText(
        total,
      );
    });

    test('a double click on Place Order places one order', async ({ page }) => {
      const tool = await ourTool(page);
      const email = uniqueEmail('dora');
      await signUpAsCustomer(page, email, 'Dora Double');
      await page.goto(routes.purchase(tool._id));
      await fillOrder(page, tool, '7 Mill Lane, Khulna');
      const posts = recordOrderPosts(page);
      await placeOrderButton(page).dblclick();
      await expectToast(page, texts.purchase.orderSuccess);
      // However many requests went, they carried one key: one order.
      const keys = await Promise.all(posts.map((post) => post.headerValue('idempotency-key')));
      expect(posts.length).toBeGreaterThanOrEqual(1);
      expect(new Set(keys).size).toBe(1);

      await page.goto(routes.dashboardOrders);
      await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(1);
      const response = await page.request.get(`${API_BASE}${apiPaths.orders(email)}`, {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
        },
      });
      expect(((await response.json()) as Order[]).length).toBe(1);
    });

    test('a too-long address, phone number and a decimal quantity are told in words', async ({
      page,
    }) => {
      const tool = await ourTool(page);
      const email = uniqueEmail('lena');
      await signUpAsCustomer(page, email, 'Lena Limits');
      await page.goto(routes.purchase(tool._id));
      const posts = recordOrderPosts(page);
      await field(page, texts.purchase.quantity).fill('12.5');
      await field(page, texts.purchase.address).fill('A'.repeat(600));
      await field(page, texts.purchase.phone).fill('1'.repeat(50));
      await placeOrderButton(page).click();

      const tooLong = texts.fieldErrors.tooLong('address', 500);
      await expect(page.getByText(tooLong)).toBeVisible();
      await expect(field(page, texts.purchase.address)).toHaveAccessibleDescription(tooLong);
      await expect(page.getByText(texts.fieldErrors.tooLong('phone', 40))).toBeVisible();
      await expect(field(page, texts.purchase.quantity)).toHaveAccessibleDescription(
        new RegExp(texts.fieldErrors.notWhole('quantity')),
      );
      await expect(page.getByText(texts.purchase.quantityOutOfRange)).toHaveCount(0);
      await page.screenshot({
        path: artifactPath(`purchase-messages-${viewport.width}.png`),
        fullPage: true,
      });
      expect(posts).toHaveLength(0);

      // The server says the same words to anyone who sends it past the form.
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const refused = await page.request.post(`${API_BASE}${apiPaths.order}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          toolId: tool._id,
          name: tool.name,
          address: 'A'.repeat(600),
          quantity: tool.minOrderQuantity + 1,
          email,
        },
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(tooLong);
    });
  });
}

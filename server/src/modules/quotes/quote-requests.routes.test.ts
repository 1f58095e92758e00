import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CartSchema,
  CheckoutListSchema,
  CheckoutRefusalSchema,
  checkoutReference,
  MAX_OPEN_QUOTES,
  routes,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { removeTool } from '../../testing/catalog-calls.ts';
import { createTestTool } from '../../testing/factories.ts';
import { firstLink, latestOutboxMail } from '../../testing/mail.ts';
import { availableOf } from '../../testing/orders.ts';
import {
  acceptQuoteRequest,
  listAllQuoteRequests,
  listOwnQuoteRequests,
  offerQuoteRequest,
  postQuoteRequestFromCart,
  postRequestAccept,
  postRequestDecline,
  postRequestOffer,
  postRequestRefusal,
  pricesOfLines,
  requestQuoteFromCart,
} from '../../testing/quote-requests.ts';
import {
  listAllQuotes,
  listOwnQuotes,
  postAccept,
  postDecline,
  postOffer,
  postQuoteRequest,
  postRefusal,
  QUOTE_DELIVERY,
  requestQuote,
} from '../../testing/quotes.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orders } from '../orders/orders.table.ts';
import { quoteRequests, quotes } from './quotes.table.ts';

/** 2030-03-10, noon UTC: the quotes' clock at the start of each test (tests move it). */
const START = new Date('2030-03-10T12:00:00Z');
const TODAY = '2030-03-10';
const YESTERDAY = '2030-03-09';
const TOMORROW = '2030-03-11';
const DAY_MS = 24 * 60 * 60 * 1000;

const errors = serverTexts.quoteErrors;

const clock = { now: START };
const it = appTest({ config: UNCAPPED_ORDERS, now: () => clock.now });

/** Puts `quantity` of a tool in `account`'s cart, as the purchase page does (PUT, one by one). */
async function putInCart(app: App, account: TestAccount, toolId: string, quantity: number) {
  const response = await injectAs(app, account, {
    method: 'PUT',
    url: `/api/cart/lines/${toolId}`,
    payload: { quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function cartOf(app: App, account: TestAccount) {
  const response = await injectAs(app, account, { url: '/api/cart' });
  return CartSchema.parse(response.json());
}

/**
 * A new buyer (their own cart and open quotes) with three new tools in the cart, in this order:
 * 40 of a tool with plenty in stock, 300 of one with 100 in stock, 25 of a third.
 */
async function buyerWithThreeLines(app: App) {
  const buyer = await signUpTestAccount(app);
  const plenty = await createTestTool(app, { availableQuantity: 1000, priceCents: 2500 });
  const short = await createTestTool(app, { availableQuantity: 100, priceCents: 900 });
  const third = await createTestTool(app, { availableQuantity: 500, priceCents: 450 });
  await putInCart(app, buyer, plenty.id, 40);
  await putInCart(app, buyer, short.id, 300);
  await putInCart(app, buyer, third.id, 25);
  return { buyer, plenty, short, third };
}

/** Unit prices the admin offers, by tool: a little under each catalog price. */
function offeredPrices(tools: { plenty: { id: string }; short: { id: string } }) {
  return (toolId: string) =>
    toolId === tools.plenty.id ? 22.5 : toolId === tools.short.id ? 8 : 4;
}

describe('quote requests of several lines, from the cart (issue 42)', () => {
  it.beforeEach(() => {
    clock.now = START;
  });

  describe('POST /api/quoteRequests', () => {
    it("asks for every cart line at once, in the cart's order; the cart is left as it is", async ({
      app,
      admin,
      adminEmail,
    }) => {
      const { buyer, plenty, short, third } = await buyerWithThreeLines(app);
      const cartBefore = await cartOf(app, buyer);
      const request = await requestQuoteFromCart(app, buyer, {
        neededBy: TOMORROW,
        note: 'One delivery, please',
      });
      expect(request).toMatchObject({
        neededBy: TOMORROW,
        note: 'One delivery, please',
        email: buyer.email,
        status: 'requested',
        offer: null,
        declineReason: null,
        checkoutId: null,
      });
      expect(request.reference).toMatch(/^Q-[0-9A-F]{8}$/);
      expect(request.lines.map((line) => [line.toolId, line.quantity, line.offer])).toEqual([
        [plenty.id, 40, null],
        [short.id, 300, null],
        [third.id, 25, null],
      ]);
      expect(request.lines[0]).toMatchObject({ name: plenty.name, img: plenty.image });
      expect(await cartOf(app, buyer)).toEqual(cartBefore);

      // One entry in the buyer's requests and the admins'; none of its lines among the quotes.
      expect(await listOwnQuoteRequests(app, buyer)).toEqual([request]);
      expect(await listOwnQuotes(app, buyer)).toEqual([]);
      const lineIds = request.lines.map((line) => line._id);
      expect((await listAllQuotes(app, admin)).filter((q) => lineIds.includes(q._id))).toEqual([]);
      const managed = (await listAllQuoteRequests(app, admin)).find((r) => r._id === request._id);
      expect(managed?.lines.map((line) => [line.catalogUnitPrice, line.availableQuantity])).toEqual(
        [
          [25, 1000],
          [9, 100],
          [4.5, 500],
        ],
      );

      const acknowledged = await latestOutboxMail(app, buyer.email, request.reference);
      expect(acknowledged.text).toContain(plenty.name);
      expect(acknowledged.text).toContain(third.name);
      const staffMail = await latestOutboxMail(app, adminEmail, request.reference);
      expect(staffMail.headers.subject).toBe(
        serverTexts.mail.quoteRequestedForStaff.subject(
          request.reference,
          serverTexts.quoteRequestMail.lines(3),
        ),
      );
    });

    it('refuses the request when a line breaks a quote rule, naming each such line; nothing is created', async ({
      app,
      admin,
    }) => {
      const buyer = await signUpTestAccount(app);
      const fine = await createTestTool(app);
      const belowMinimum = await createTestTool(app, { minOrderQuantity: 50 });
      const withdrawn = await createTestTool(app);
      await putInCart(app, buyer, fine.id, 40);
      await putInCart(app, buyer, belowMinimum.id, 50);
      await putInCart(app, buyer, withdrawn.id, 20);
      await removeTool(app, admin, withdrawn.id);
      const cartBefore = await cartOf(app, buyer);

      const refused = await postQuoteRequestFromCart(app, buyer);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(CheckoutRefusalSchema.parse(refused.json())).toEqual({
        statusCode: 409,
        message: errors.linesRefused,
        lines: [
          {
            toolId: belowMinimum.id,
            sku: belowMinimum.sku,
            message: texts.quotes.quantityTooSmall(50),
          },
          { toolId: withdrawn.id, sku: withdrawn.sku, message: texts.cart.problems.withdrawn },
        ],
      });
      expect(await listOwnQuoteRequests(app, buyer)).toEqual([]);
      expect(await cartOf(app, buyer)).toEqual(cartBefore);
      const stored = await app.database.db
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.userId, buyer.userId));
      expect(stored).toEqual([]);
    });

    it('refuses an empty cart (400) and a needed-by date in the past (400)', async ({ app }) => {
      const buyer = await signUpTestAccount(app);
      expectError(await postQuoteRequestFromCart(app, buyer), 400, errors.emptyCart);
      await putInCart(app, buyer, (await createTestTool(app)).id, 40);
      expectError(
        await postQuoteRequestFromCart(app, buyer, { neededBy: YESTERDAY }),
        400,
        texts.quotes.neededByPast,
      );
      expectError(
        await postQuoteRequestFromCart(app, buyer, { neededBy: '2030-02-30' }),
        400,
        texts.quotes.notADate('needed-by date'),
      );
      expect(await listOwnQuoteRequests(app, buyer)).toEqual([]);
    });

    it('counts a request of several lines once against MAX_OPEN_QUOTES', async ({ app }) => {
      const { buyer } = await buyerWithThreeLines(app);
      await requestQuoteFromCart(app, buyer);
      const tool = await createTestTool(app);
      for (let open = 1; open < MAX_OPEN_QUOTES; open += 1) {
        await requestQuote(app, buyer, tool.id);
      }
      expectError(
        await postQuoteRequest(app, buyer, tool.id),
        409,
        errors.tooManyOpenQuotes(MAX_OPEN_QUOTES),
      );
      expectError(
        await postQuoteRequestFromCart(app, buyer),
        409,
        errors.tooManyOpenQuotes(MAX_OPEN_QUOTES),
      );
    });
  });

  describe('the offer: a unit price per line, one date, one note', () => {
    it('offers every line its own price; the buyer reads the lines, their totals, the total and both notes', async ({
      app,
      admin,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer, { note: 'Boxed by 20' });
      const offered = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, offeredPrices(made)),
        validUntil: TOMORROW,
        note: 'Ships in two weeks',
      });
      expect(offered).toMatchObject({
        status: 'offered',
        offer: {
          total: 40 * 22.5 + 300 * 8 + 25 * 4,
          validUntil: TOMORROW,
          offeredAt: START.toISOString(),
          note: 'Ships in two weeks',
        },
      });
      expect(offered.lines.map((line) => line.offer)).toEqual([
        { price: 22.5, total: 900 },
        { price: 8, total: 2400 },
        { price: 4, total: 100 },
      ]);
      const [mine] = await listOwnQuoteRequests(app, made.buyer);
      expect(mine).toMatchObject({
        note: 'Boxed by 20',
        status: 'offered',
        offer: { total: 3400, note: 'Ships in two weeks' },
      });
      const mail = await latestOutboxMail(
        app,
        made.buyer.email,
        serverTexts.mail.quoteOffered.subject(request.reference),
      );
      expect(mail.text).toContain('$3,400.00');
      expect(mail.text).toContain('$2,400.00');
      expect(mail.text).toContain(`${serverTexts.quoteOfferMail.note}: Ships in two weeks`);
      expect(firstLink(mail.text)).toBe(`${app.config.publicUrl}${routes.dashboardMyQuotes}`);
    });

    it("refuses prices that are not the request's lines, each once, and a day in the past; nothing is offered", async ({
      app,
      admin,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      const all = pricesOfLines(request, () => 5);
      const other = await requestQuote(app, made.buyer, made.plenty.id);
      for (const lines of [all.slice(1), [...all.slice(1), { quoteId: other._id, price: 5 }]]) {
        expectError(
          await postRequestOffer(app, admin, request._id, { lines, validUntil: TOMORROW }),
          409,
          errors.linesChanged,
        );
      }
      expectError(
        await postRequestOffer(app, admin, request._id, {
          lines: [...all, all[0]],
          validUntil: TOMORROW,
        }),
        400,
        texts.quoteRequests.pricePerLine,
      );
      expectError(
        await postRequestOffer(app, admin, request._id, { lines: all, validUntil: YESTERDAY }),
        400,
        texts.manageQuotes.validUntilPast,
      );
      const stored = await app.database.db
        .select()
        .from(quotes)
        .where(eq(quotes.requestId, request._id));
      expect(stored.map((line) => [line.status, line.offerPriceCents])).toEqual([
        ['requested', null],
        ['requested', null],
        ['requested', null],
      ]);
      await postRefusal(app, admin, other._id);
    });

    it("answers a line's own quote calls with 409: the request is answered whole", async ({
      app,
      admin,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      const line = request.lines[1]!._id;
      const whole = errors.lineOfRequest(request.reference);
      expectError(
        await postOffer(app, admin, line, { price: 9, validUntil: TOMORROW }),
        409,
        whole,
      );
      expectError(await postRefusal(app, admin, line), 409, whole);
      await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 9),
        validUntil: TOMORROW,
      });
      expectError(await postAccept(app, made.buyer, line, 9), 409, whole);
      expectError(await postDecline(app, made.buyer, line), 409, whole);
      // Still one open request, offered whole.
      const [mine] = await listOwnQuoteRequests(app, made.buyer);
      expect(mine?.lines.map((l) => l.offer?.price)).toEqual([9, 9, 9]);
    });
  });

  describe('POST /api/quoteRequests/:id/accept', () => {
    it('places ONE unpaid checkout with an order per line at the offered prices; a line short of stock is made to order', async ({
      app,
      admin,
      adminEmail,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      const offered = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, offeredPrices(made)),
        validUntil: TOMORROW,
      });
      const accepted = await acceptQuoteRequest(app, made.buyer, offered, {
        poNumber: 'PO-77',
      });
      expect(accepted.request).toMatchObject({
        status: 'accepted',
        checkoutId: accepted.checkoutId,
      });
      expect(accepted.orders.map((order) => [order.toolId, order.quantity, order.price])).toEqual([
        [made.plenty.id, 40, 22.5],
        [made.short.id, 300, 8],
        [made.third.id, 25, 4],
      ]);
      expect(accepted.orders.map((order) => order.madeToOrder)).toEqual([false, true, false]);
      expect(accepted.request.lines.map((line) => line.orderId)).toEqual(
        accepted.orders.map((order) => order._id),
      );

      // GET /api/checkouts: one checkout, its three lines in the request's order, unpaid.
      const listed = CheckoutListSchema.parse(
        (await injectAs(app, made.buyer, { url: '/api/checkouts' })).json(),
      );
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        _id: accepted.checkoutId,
        status: 'unpaid',
        poNumber: 'PO-77',
        address: QUOTE_DELIVERY.address,
        total: 3400,
      });
      expect(listed[0]?.lines.map((line) => [line.toolId, line.price, line.quoteId])).toEqual(
        request.lines.map((line, index) => [line.toolId, [22.5, 8, 4][index], line._id]),
      );
      // Stock reserved where there was enough; the short tool's untouched (made to order).
      expect(await availableOf(app, made.plenty.id)).toBe(960);
      expect(await availableOf(app, made.short.id)).toBe(100);
      expect(await availableOf(app, made.third.id)).toBe(475);
      expect((await listOwnQuoteRequests(app, made.buyer))[0]).toEqual(accepted.request);

      const buyerMail = await latestOutboxMail(app, made.buyer.email, 'accepted');
      expect(buyerMail.headers.subject).toBe(
        serverTexts.mail.quoteAccepted.subject(
          request.reference,
          checkoutReference(accepted.checkoutId),
        ),
      );
      expect(firstLink(buyerMail.text)).toBe(
        `${app.config.publicUrl}${routes.dashboardCheckoutPayment(accepted.checkoutId)}`,
      );
      expect(buyerMail.text).toContain(made.short.name);
      const staffMail = await latestOutboxMail(app, adminEmail, `${request.reference} accepted`);
      expect(staffMail.text).toContain(made.buyer.email);

      // Accepted once: a second acceptance, or a decline, is 409.
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(offered, offeredPrices(made)),
        ),
        409,
        errors.alreadyAccepted,
      );
      expectError(
        await postRequestDecline(app, made.buyer, request._id),
        409,
        errors.alreadyAccepted,
      );
    });

    it('refuses prices that are not the standing offer (a new offer came) and an expired offer; nothing is placed', async ({
      app,
      admin,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(request, () => 9),
        ),
        409,
        errors.noOffer,
      );
      const first = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 9),
        validUntil: TODAY,
      });
      await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, (toolId) => (toolId === made.third.id ? 3 : 9)),
        validUntil: TODAY,
      });
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(first, () => 9),
        ),
        409,
        errors.requestOfferChanged(40 * 9 + 300 * 9 + 25 * 3),
      );
      expectError(
        await postRequestAccept(app, made.buyer, request._id, [
          { quoteId: request.lines[0]!._id, price: 9 },
        ]),
        409,
        errors.linesChanged,
      );
      // The whole last day is valid; the next day the offer reads 'expired' and is refused.
      clock.now = new Date(START.getTime() + DAY_MS);
      const [expired] = await listOwnQuoteRequests(app, made.buyer);
      expect(expired?.status).toBe('expired');
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(expired!, (id) => (id === made.third.id ? 3 : 9)),
        ),
        409,
        errors.offerExpired(TODAY),
      );
      const placed = await app.database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.quoteId,
            request.lines.map((line) => line._id),
          ),
        );
      expect(placed).toEqual([]);
      expect(await availableOf(app, made.plenty.id)).toBe(1000);

      // A new offer makes it acceptable again.
      const renewed = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 7),
        validUntil: TOMORROW,
      });
      expect(renewed.status).toBe('offered');
      const { orders: placedNow } = await acceptQuoteRequest(app, made.buyer, renewed);
      expect(placedNow.map((order) => order.price)).toEqual([7, 7, 7]);
    });

    it('needs a delivery address: without one, 400 and nothing changes', async ({ app, admin }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      const offered = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 5),
        validUntil: TOMORROW,
      });
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(offered, () => 5),
          {
            address: ' ',
          },
        ),
        400,
        texts.fieldErrors.required('address'),
      );
      expect((await listOwnQuoteRequests(app, made.buyer))[0]?.status).toBe('offered');
    });
  });

  describe('declining', () => {
    it('the buyer declines a standing or expired offer whole; an admin declines a request with its reason', async ({
      app,
      admin,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      expectError(await postRequestDecline(app, made.buyer, request._id), 409, errors.noOffer);
      await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 5),
        validUntil: TODAY,
      });
      clock.now = new Date(START.getTime() + 2 * DAY_MS);
      const declined = await postRequestDecline(app, made.buyer, request._id);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json()).toMatchObject({ status: 'declined', offer: { total: 1825 } });
      const stored = await app.database.db
        .select()
        .from(quotes)
        .where(eq(quotes.requestId, request._id));
      expect(stored.map((line) => line.status)).toEqual(['declined', 'declined', 'declined']);
      expectError(
        await postRequestAccept(
          app,
          made.buyer,
          request._id,
          pricesOfLines(request, () => 5),
        ),
        409,
        errors.closed,
      );
      expectError(
        await postRequestOffer(app, admin, request._id, {
          lines: pricesOfLines(request, () => 4),
          validUntil: '2030-03-20',
        }),
        409,
        errors.notOpen,
      );

      const again = await requestQuoteFromCart(app, made.buyer);
      const refused = await postRequestRefusal(app, admin, again._id, 'Not these quantities.');
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toMatchObject({
        status: 'refused',
        declineReason: 'Not these quantities.',
      });
      const mail = await latestOutboxMail(
        app,
        made.buyer.email,
        serverTexts.mail.quoteDeclined.subject(again.reference),
      );
      expect(mail.text).toContain('Not these quantities.');
      expectError(await postRequestRefusal(app, admin, again._id, 'Twice.'), 409, errors.notOpen);
    });
  });

  describe('who may act on a request', () => {
    it('answers 404 to anyone but its buyer (an admin included), 403 to a customer on the admins’ calls, 401 without a token', async ({
      app,
      admin,
      customer,
    }) => {
      const made = await buyerWithThreeLines(app);
      const request = await requestQuoteFromCart(app, made.buyer);
      const offered = await offerQuoteRequest(app, admin, request._id, {
        lines: pricesOfLines(request, () => 5),
        validUntil: TOMORROW,
      });
      const prices = pricesOfLines(offered, () => 5);
      for (const caller of [customer, admin]) {
        expectError(
          await postRequestAccept(app, caller, request._id, prices),
          404,
          errors.quoteNotFound,
        );
        expectError(await postRequestDecline(app, caller, request._id), 404, errors.quoteNotFound);
        expect((await listOwnQuoteRequests(app, caller)).map((r) => r._id)).not.toContain(
          request._id,
        );
      }
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expectError(
          await postRequestAccept(app, made.buyer, id, prices),
          404,
          errors.quoteNotFound,
        );
      }
      expect(
        (
          await postRequestOffer(app, customer, request._id, {
            lines: prices,
            validUntil: TOMORROW,
          })
        ).statusCode,
      ).toBe(403);
      expect((await injectAs(app, customer, { url: '/api/manageQuoteRequests' })).statusCode).toBe(
        403,
      );
      // An admin does not buy: no cart, no request from one.
      expect((await postQuoteRequestFromCart(app, admin)).statusCode).toBe(403);
      for (const url of [
        '/api/quoteRequests',
        `/api/quoteRequests/${request._id}/accept`,
        `/api/manageQuoteRequests/${request._id}/decline`,
      ]) {
        const anonymous = await app.inject({ method: 'POST', url, payload: {} });
        expect(anonymous.statusCode, url).toBe(401);
      }
      expect((await listOwnQuoteRequests(app, made.buyer))[0]?.status).toBe('offered');
    });
  });
});

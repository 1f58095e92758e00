import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  AcceptQuoteResponseSchema,
  MAX_OPEN_QUOTES,
  OrderListSchema,
  PO_NUMBER_MAX_LENGTH,
  QUOTE_NOTE_MAX_LENGTH,
  QuoteSchema,
  routes,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { firstLink, latestOutboxMail } from '../../testing/mail.ts';
import { payOrder } from '../../testing/payments.ts';
import {
  acceptQuote,
  listAllQuotes,
  listOwnQuotes,
  offerQuote,
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
import { appTest } from '../../testing/app-fixtures.ts';
import { orders } from '../orders/orders.table.ts';
import { quotes } from './quotes.table.ts';
import { availableOf } from '../../testing/orders.ts';
import { removeTool, setPriceBreaks } from '../../testing/catalog-calls.ts';

/** 2030-03-10, noon UTC: the quotes' clock at the start of each test (tests move it). */
const START = new Date('2030-03-10T12:00:00Z');
const TODAY = '2030-03-10';
const YESTERDAY = '2030-03-09';
const TOMORROW = '2030-03-11';
const DAY_MS = 24 * 60 * 60 * 1000;

const errors = serverTexts.quoteErrors;

async function storedQuote(app: App, id: string) {
  const [row] = await app.database.db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** A quote of the customer's for a new tool (createTestTool's, changed by `toolOverrides`). */
async function quoteOfNewTool(
  app: App,
  customer: TestAccount,
  toolOverrides?: Parameters<typeof createTestTool>[1],
) {
  const tool = await createTestTool(app, toolOverrides);
  const quote = await requestQuote(app, customer, tool.id);
  return { tool, quote };
}

/** As quoteOfNewTool, the admin having offered it at `price` (dollars) until `validUntil`. */
async function offeredQuoteOfNewTool(
  app: App,
  customer: TestAccount,
  admin: TestAccount,
  price: number,
  validUntil: string,
  toolOverrides?: Parameters<typeof createTestTool>[1],
) {
  const made = await quoteOfNewTool(app, customer, toolOverrides);
  await offerQuote(app, admin, made.quote._id, { price, validUntil });
  return made;
}

/** A quote for a new tool with 1000 in stock, the admin having offered `price` until tomorrow. */
function quoteOfferedUntilTomorrow(
  app: App,
  customer: TestAccount,
  admin: TestAccount,
  price: number,
) {
  return offeredQuoteOfNewTool(app, customer, admin, price, TOMORROW, { availableQuantity: 1000 });
}

const clock = { now: START };
const it = appTest({
  config: UNCAPPED_ORDERS,
  now: () => clock.now,
  customerName: 'Ada Buyer',
});

describe('quotes: request, offer, accept or decline (docs/architecture.md#business-buyers)', () => {
  it.beforeEach(() => {
    clock.now = START;
  });
  // What a test leaves open is closed after it, so that the cap on open quotes (tested on its
  // own) never refuses the next test's requests.
  it.afterEach(async ({ app, customer }) => {
    await app.database.db
      .update(quotes)
      .set({ status: 'declined', closedAt: new Date() })
      .where(
        and(eq(quotes.userId, customer.userId), inArray(quotes.status, ['requested', 'offered'])),
      );
  });

  it('request -> offer -> accept -> an unpaid order at the offered price, stock reserved -> paid', async ({
    app,
    customer,
    admin,
    adminEmail,
  }) => {
    const tool = await createTestTool(app, {
      minOrderQuantity: 10,
      availableQuantity: 1000,
      priceCents: 1999,
    });
    const requested = await requestQuote(app, customer, tool.id, {
      quantity: 400,
      neededBy: TOMORROW,
      note: 'Packed in 20s',
    });
    expect(requested).toMatchObject({
      toolId: tool.id,
      name: tool.name,
      img: tool.image,
      quantity: 400,
      neededBy: TOMORROW,
      note: 'Packed in 20s',
      email: customer.email,
      status: 'requested',
      offer: null,
      declineReason: null,
      orderId: null,
    });
    expect(requested.reference).toMatch(/^Q-[0-9A-F]{8}$/);

    const offered = await offerQuote(app, admin, requested._id, {
      price: 15.5,
      validUntil: TOMORROW,
    });
    expect(offered).toMatchObject({
      status: 'offered',
      offer: { price: 15.5, total: 6200, validUntil: TOMORROW, offeredAt: START.toISOString() },
      catalogUnitPrice: 19.99,
      availableQuantity: 1000,
    });
    const offerMail = await latestOutboxMail(app, customer.email, 'Our offer');
    expect(offerMail.headers.subject).toBe(
      serverTexts.mail.quoteOffered.subject(requested.reference),
    );
    expect(offerMail.text).toContain('$15.50');
    expect(offerMail.text).toContain('$6,200.00');
    expect(firstLink(offerMail.text)).toBe(`${app.config.publicUrl}${routes.dashboardMyQuotes}`);

    const { quote, order } = await acceptQuote(app, customer, requested._id, 15.5);
    expect(order).toMatchObject({
      toolId: tool.id,
      quantity: 400,
      price: 15.5,
      paid: false,
      status: 'unpaid',
      email: customer.email,
      madeToOrder: false,
      quoteId: requested._id,
      address: QUOTE_DELIVERY.address,
      phone: QUOTE_DELIVERY.phone,
    });
    expect(quote).toMatchObject({ status: 'accepted', orderId: order._id });
    // My Orders lists it, to the address the customer gave when accepting.
    const mine = await injectAs(app, customer, {
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
    });
    expect(OrderListSchema.parse(mine.json()).find((o) => o._id === order._id)).toMatchObject({
      address: QUOTE_DELIVERY.address,
      phone: QUOTE_DELIVERY.phone,
    });
    expect(await availableOf(app, tool.id)).toBe(600);
    expect(await listOwnQuotes(app, customer)).toContainEqual(quote);

    const customerMail = await latestOutboxMail(app, customer.email, 'accepted');
    expect(customerMail.headers.subject).toBe(
      serverTexts.mail.quoteAccepted.subject(quote.reference, order.reference),
    );
    expect(firstLink(customerMail.text)).toBe(
      `${app.config.publicUrl}${routes.dashboardPayment(order._id)}`,
    );
    const adminMail = await latestOutboxMail(app, adminEmail, quote.reference);
    expect(adminMail.text).toContain(
      serverTexts.mail.quoteAcceptedForAdmins.body(quote.reference, customer.email),
    );
    expect(adminMail.text).not.toContain(serverTexts.mail.quoteAcceptedForAdmins.madeToOrder);

    const paid = await payOrder(app, customer, order);
    expect(paid).toMatchObject({ paid: true, status: 'paid', price: 15.5 });
  });

  describe('POST /api/quotes', () => {
    it('takes a quantity above the minimum, up to the largest that could be paid; refuses the minimum and below', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 50, availableQuantity: 60 });
      for (const quantity of [50, 1]) {
        expectError(
          await postQuoteRequest(app, customer, tool.id, { quantity }),
          400,
          texts.quotes.quantityTooSmall(50),
        );
      }
      // 99,999,999 units at one cent come to $999,999.99, the most a payment takes.
      for (const quantity of [51, 99_999_999]) {
        const quote = await requestQuote(app, customer, tool.id, { quantity });
        expect(quote.quantity).toBe(quantity);
        await postRefusal(app, admin, quote._id);
      }
    });

    it('takes a needed-by date today or later by its clock; refuses yesterday and non-dates', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await createTestTool(app);
      expectError(
        await postQuoteRequest(app, customer, tool.id, { neededBy: YESTERDAY }),
        400,
        texts.quotes.neededByPast,
      );
      expectError(
        await postQuoteRequest(app, customer, tool.id, { neededBy: '2030-02-30' }),
        400,
        texts.quotes.notADate('needed-by date'),
      );
      const quote = await requestQuote(app, customer, tool.id, { neededBy: TODAY });
      expect(quote.neededBy).toBe(TODAY);
      await postRefusal(app, admin, quote._id);
    });

    it('answers 404 for a tool that is not on sale', async ({ app, customer, admin }) => {
      const tool = await createTestTool(app);
      await removeTool(app, admin, tool.id);
      for (const toolId of [tool.id, '00000000-0000-4000-8000-000000000000']) {
        expectError(
          await postQuoteRequest(app, customer, toolId),
          404,
          serverTexts.apiErrors.toolNotFound,
        );
      }
    });

    it('keeps at most MAX_OPEN_QUOTES open per account; an expired offer or a closed quote frees a place', async ({
      app,
      admin,
    }) => {
      const account = await signUpTestAccount(app);
      const tool = await createTestTool(app);
      const made = await Promise.all(
        Array.from({ length: MAX_OPEN_QUOTES + 3 }, () => postQuoteRequest(app, account, tool.id)),
      );
      const statuses = made.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_QUOTES);
      for (const refused of made.filter((response) => response.statusCode !== 200)) {
        expectError(refused, 409, errors.tooManyOpenQuotes(MAX_OPEN_QUOTES));
      }
      const [first, second] = made
        .filter((response) => response.statusCode === 200)
        .map((response) => QuoteSchema.parse(response.json()));
      if (!first || !second) throw new Error('expected two quotes');

      // An offer that stands still counts; once expired it does not.
      await offerQuote(app, admin, first._id, { price: 9, validUntil: TODAY });
      expect((await postQuoteRequest(app, account, tool.id)).statusCode).toBe(409);
      clock.now = new Date(START.getTime() + DAY_MS);
      await requestQuote(app, account, tool.id);
      expect((await postQuoteRequest(app, account, tool.id)).statusCode).toBe(409);
      // A refused request frees its place.
      await postRefusal(app, admin, second._id);
      await requestQuote(app, account, tool.id);
    });
  });

  describe('POST /api/quotes/:id/accept', () => {
    it('refuses a quote without an offer, then accepts once; a second acceptance is 409', async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await quoteOfNewTool(app, customer);
      expectError(await postAccept(app, customer, quote._id, 10), 409, errors.noOffer);
      await offerQuote(app, admin, quote._id, { price: 10, validUntil: TODAY });
      await acceptQuote(app, customer, quote._id, 10);
      expectError(await postAccept(app, customer, quote._id, 10), 409, errors.alreadyAccepted);
      expectError(await postDecline(app, customer, quote._id), 409, errors.alreadyAccepted);
    });

    it('refuses an expired offer by its clock; a new offer makes the quote acceptable again', async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await offeredQuoteOfNewTool(app, customer, admin, 12, TODAY);
      // The whole last day is valid: just before midnight UTC it still stands.
      clock.now = new Date('2030-03-10T23:59:59.999Z');
      expect((await listOwnQuotes(app, customer)).find((q) => q._id === quote._id)?.status).toBe(
        'offered',
      );
      clock.now = new Date('2030-03-11T00:00:00Z');
      expect((await listOwnQuotes(app, customer)).find((q) => q._id === quote._id)?.status).toBe(
        'expired',
      );
      expectError(await postAccept(app, customer, quote._id, 12), 409, errors.offerExpired(TODAY));
      expect((await storedQuote(app, quote._id))?.status).toBe('offered');

      const renewed = await offerQuote(app, admin, quote._id, { price: 11, validUntil: TOMORROW });
      expect(renewed.status).toBe('offered');
      const { order } = await acceptQuote(app, customer, quote._id, 11);
      expect(order.price).toBe(11);
    });

    it('refuses the price of a replaced offer with the new one; nothing is ordered', async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, quote } = await quoteOfferedUntilTomorrow(app, customer, admin, 14);
      const replaced = await offerQuote(app, admin, quote._id, {
        price: 14.25,
        validUntil: TODAY,
      });
      expect(replaced.offer).toMatchObject({ price: 14.25, validUntil: TODAY });
      expectError(await postAccept(app, customer, quote._id, 14), 409, errors.offerChanged(14.25));
      expect(await availableOf(app, tool.id)).toBe(1000);
      expect((await storedQuote(app, quote._id))?.status).toBe('offered');
      await acceptQuote(app, customer, quote._id, '14.25' as unknown as number);
    });

    it('needs a delivery address: without one, 400 and nothing changes; the phone may be left out', async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, quote } = await quoteOfferedUntilTomorrow(app, customer, admin, 9);
      for (const address of [undefined, '', '   ']) {
        expectError(
          await postAccept(app, customer, quote._id, 9, { address }),
          400,
          texts.fieldErrors.required('address'),
        );
      }
      expectError(
        await postAccept(app, customer, quote._id, 9, { address: 'x'.repeat(501) }),
        400,
        texts.fieldErrors.tooLong('address', 500),
      );
      expect((await storedQuote(app, quote._id))?.status).toBe('offered');
      expect(
        await app.database.db.select().from(orders).where(eq(orders.quoteId, quote._id)),
      ).toEqual([]);
      expect(await availableOf(app, tool.id)).toBe(1000);

      const accepted = await postAccept(app, customer, quote._id, 9, {
        address: '  7 Quay Street, Hull  ',
        phone: undefined,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const [stored] = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.quoteId, quote._id));
      expect(stored).toMatchObject({ address: '7 Quay Street, Hull', phone: '' });
    });

    it("keeps the buyer's PO number on the order it places; one too long is 400 and nothing changes", async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, quote } = await quoteOfferedUntilTomorrow(app, customer, admin, 9);
      expectError(
        await postAccept(app, customer, quote._id, 9, {
          poNumber: 'P'.repeat(PO_NUMBER_MAX_LENGTH + 1),
        }),
        400,
        texts.fieldErrors.tooLong('PO number', PO_NUMBER_MAX_LENGTH),
      );
      expect((await storedQuote(app, quote._id))?.status).toBe('offered');
      expect(await availableOf(app, tool.id)).toBe(1000);

      const accepted = await postAccept(app, customer, quote._id, 9, {
        poNumber: '  PO-2030-0042  ',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const { order } = AcceptQuoteResponseSchema.parse(accepted.json());
      expect(order.poNumber).toBe('PO-2030-0042');
      const [stored] = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.quoteId, quote._id));
      expect(stored?.poNumber).toBe('PO-2030-0042');
      // My Orders shows it, as it shows a checkout's.
      const mine = await injectAs(app, customer, {
        url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      });
      expect(OrderListSchema.parse(mine.json()).find((o) => o._id === order._id)?.poNumber).toBe(
        'PO-2030-0042',
      );
    });

    it('places the order without a PO number when none is given', async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await quoteOfferedUntilTomorrow(app, customer, admin, 9);
      const { order } = await acceptQuote(app, customer, quote._id, 9);
      expect(order.poNumber).toBe('');
    });

    it('refuses a declined or refused quote (closed)', async ({ app, customer, admin }) => {
      const tool = await createTestTool(app);
      const declined = await requestQuote(app, customer, tool.id);
      await offerQuote(app, admin, declined._id, { price: 9, validUntil: TOMORROW });
      const afterDecline = QuoteSchema.parse(
        (await postDecline(app, customer, declined._id)).json(),
      );
      expect(afterDecline.status).toBe('declined');
      expectError(await postAccept(app, customer, declined._id, 9), 409, errors.closed);
      expectError(await postDecline(app, customer, declined._id), 409, errors.closed);

      const refused = await requestQuote(app, customer, tool.id);
      await postRefusal(app, admin, refused._id, 'We stopped making these.');
      expectError(await postAccept(app, customer, refused._id, 9), 409, errors.closed);
      expect((await listOwnQuotes(app, customer)).find((q) => q._id === refused._id)).toMatchObject(
        { status: 'refused', declineReason: 'We stopped making these.' },
      );
    });

    it("answers 404 to anyone but the quote's customer, an admin included, and for unknown ids", async ({
      app,
      customer,
      admin,
    }) => {
      const other = await signUpTestAccount(app);
      const { quote } = await offeredQuoteOfNewTool(app, customer, admin, 9, TOMORROW);
      for (const caller of [other, admin]) {
        expectError(await postAccept(app, caller, quote._id, 9), 404, errors.quoteNotFound);
        expectError(await postDecline(app, caller, quote._id), 404, errors.quoteNotFound);
      }
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expectError(await postAccept(app, customer, id, 9), 404, errors.quoteNotFound);
      }
      expect((await listOwnQuotes(app, other)).map((q) => q._id)).not.toContain(quote._id);
      expect((await storedQuote(app, quote._id))?.status).toBe('offered');
    });
  });

  describe('POST /api/quotes/:id/decline', () => {
    it('declines a standing or expired offer; refuses a quote still waiting for one', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await createTestTool(app);
      const waiting = await requestQuote(app, customer, tool.id);
      expectError(await postDecline(app, customer, waiting._id), 409, errors.noOffer);

      await offerQuote(app, admin, waiting._id, { price: 9, validUntil: TODAY });
      clock.now = new Date(START.getTime() + 2 * DAY_MS);
      const declined = QuoteSchema.parse((await postDecline(app, customer, waiting._id)).json());
      expect(declined).toMatchObject({ status: 'declined', offer: { price: 9 } });
    });
  });

  describe('the admins: GET /api/manageQuotes, offer, decline', () => {
    it('lists requested, then offered, then the rest, newest first, beside the catalog', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await createTestTool(app, { priceCents: 2500, availableQuantity: 700 });
      const gone = await createTestTool(app);
      // Requested one second apart by the quotes' clock, oldest first.
      const requestedLater = async (toolId: string, overrides = {}) => {
        clock.now = new Date(clock.now.getTime() + 1000);
        return requestQuote(app, customer, toolId, overrides);
      };
      const closed = await requestedLater(tool.id);
      await postRefusal(app, admin, closed._id);
      const olderOffered = await requestedLater(tool.id);
      const olderRequested = await requestedLater(tool.id);
      const newerOffered = await requestedLater(tool.id);
      const expired = await requestedLater(tool.id);
      const newerRequested = await requestedLater(gone.id, { quantity: 300 });
      for (const quote of [olderOffered, newerOffered]) {
        await offerQuote(app, admin, quote._id, { price: 20, validUntil: TOMORROW });
      }
      await offerQuote(app, admin, expired._id, { price: 20, validUntil: TODAY });
      await removeTool(app, admin, gone.id);
      clock.now = new Date(START.getTime() + DAY_MS);

      const ours = new Set(
        [closed, olderOffered, olderRequested, newerOffered, expired, newerRequested].map(
          (quote) => quote._id,
        ),
      );
      const listed = (await listAllQuotes(app, admin)).filter((quote) => ours.has(quote._id));
      expect(listed.map((quote) => [quote._id, quote.status])).toEqual([
        [newerRequested._id, 'requested'],
        [olderRequested._id, 'requested'],
        [newerOffered._id, 'offered'],
        [olderOffered._id, 'offered'],
        [expired._id, 'expired'],
        [closed._id, 'refused'],
      ]);
      expect(listed[0]).toMatchObject({ catalogUnitPrice: null, availableQuantity: null });
      expect(listed[1]).toMatchObject({ catalogUnitPrice: 25, availableQuantity: 700 });
    });

    it("shows the catalog's unit price for the quote's quantity: its price break's", async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await createTestTool(app, { priceCents: 2000, minOrderQuantity: 10 });
      await setPriceBreaks(app, admin, tool.id, [
        { minQuantity: 100, price: 18 },
        { minQuantity: 500, price: 15 },
      ]);
      const expected = new Map([
        [99, 20],
        [100, 18],
        [499, 18],
        [500, 15],
      ]);
      const asked = new Map<string, number>();
      for (const quantity of expected.keys()) {
        asked.set((await requestQuote(app, customer, tool.id, { quantity }))._id, quantity);
      }
      const listed = (await listAllQuotes(app, admin)).filter((quote) => asked.has(quote._id));
      expect(listed).toHaveLength(expected.size);
      for (const quote of listed) {
        expect(quote.catalogUnitPrice).toBe(expected.get(quote.quantity));
        await postRefusal(app, admin, quote._id);
      }
    });

    it('refuses an offer valid until yesterday, and offers on accepted or closed quotes', async ({
      app,
      customer,
      admin,
    }) => {
      const { tool, quote } = await quoteOfNewTool(app, customer);
      expectError(
        await postOffer(app, admin, quote._id, { price: 9, validUntil: YESTERDAY }),
        400,
        texts.manageQuotes.validUntilPast,
      );
      expect((await storedQuote(app, quote._id))?.offerPriceCents).toBeNull();
      await offerQuote(app, admin, quote._id, { price: 9, validUntil: TODAY });
      await acceptQuote(app, customer, quote._id, 9);
      expectError(
        await postOffer(app, admin, quote._id, { price: 8, validUntil: TOMORROW }),
        409,
        errors.notOpen,
      );
      expectError(await postRefusal(app, admin, quote._id), 409, errors.notOpen);
      expect((await storedQuote(app, quote._id))?.offerPriceCents).toBe(900);

      const declined = await requestQuote(app, customer, tool.id);
      await offerQuote(app, admin, declined._id, { price: 9, validUntil: TODAY });
      await postDecline(app, customer, declined._id);
      expectError(
        await postOffer(app, admin, declined._id, { price: 8, validUntil: TOMORROW }),
        409,
        errors.notOpen,
      );
      expectError(
        await postOffer(app, admin, '00000000-0000-4000-8000-000000000000', {
          price: 8,
          validUntil: TOMORROW,
        }),
        404,
        errors.quoteNotFound,
      );
    });

    it("keeps an offer's note: the buyer and the admins read it, the e-mail says it; a new offer replaces it", async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await quoteOfNewTool(app, customer);
      const note = 'Ships three weeks after the order.\nPrices ex works.';
      const offered = await offerQuote(app, admin, quote._id, {
        price: 9,
        validUntil: TOMORROW,
        note: `  ${note}  `,
      });
      expect(offered.offer).toMatchObject({ price: 9, note });
      expect((await storedQuote(app, quote._id))?.offerNote).toBe(note);
      const mine = (await listOwnQuotes(app, customer)).find((q) => q._id === quote._id);
      // The buyer reads their own note back beside ours.
      expect(mine).toMatchObject({ note: 'Boxed by 50', offer: { note } });
      const managed = (await listAllQuotes(app, admin)).find((q) => q._id === quote._id);
      expect(managed).toMatchObject({ note: 'Boxed by 50', offer: { note } });

      const offerSubject = serverTexts.mail.quoteOffered.subject(quote.reference);
      const mail = await latestOutboxMail(app, customer.email, offerSubject);
      expect(mail.text).toContain(`${serverTexts.quoteOfferMail.note}: Ships three weeks`);
      expect(mail.text).toContain('Prices ex works.');
      expect(mail.html).toContain('Ships three weeks after the order.<br>Prices ex works.');

      // A new offer replaces the whole offer: without a note, none is left.
      const renewed = await offerQuote(app, admin, quote._id, { price: 8.5, validUntil: TOMORROW });
      expect(renewed.offer).toMatchObject({ price: 8.5, note: '' });
      const renewedMail = await latestOutboxMail(app, customer.email, offerSubject);
      expect(renewedMail.text).toContain('$8.50');
      expect(renewedMail.text).not.toContain(serverTexts.quoteOfferMail.note);
    });

    it('refuses a note longer than QUOTE_NOTE_MAX_LENGTH, offering nothing', async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await quoteOfNewTool(app, customer);
      expectError(
        await postOffer(app, admin, quote._id, {
          price: 9,
          validUntil: TOMORROW,
          note: 'n'.repeat(QUOTE_NOTE_MAX_LENGTH + 1),
        }),
        400,
        texts.fieldErrors.tooLong('note', QUOTE_NOTE_MAX_LENGTH),
      );
      expect(await storedQuote(app, quote._id)).toMatchObject({
        status: 'requested',
        offerPriceCents: null,
        offerNote: '',
      });
      const longest = 'n'.repeat(QUOTE_NOTE_MAX_LENGTH);
      const offered = await offerQuote(app, admin, quote._id, {
        price: 9,
        validUntil: TOMORROW,
        note: longest,
      });
      expect(offered.offer?.note).toBe(longest);
    });

    it('declines a requested or expired quote with its reason', async ({
      app,
      customer,
      admin,
    }) => {
      const { quote } = await offeredQuoteOfNewTool(app, customer, admin, 9, TODAY);
      clock.now = new Date(START.getTime() + DAY_MS);
      const response = await postRefusal(app, admin, quote._id, 'Prices went up.');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'refused',
        declineReason: 'Prices went up.',
      });
    });
  });

  it("a quote's order, removed, leaves the quote accepted without an order", async ({
    app,
    customer,
    admin,
  }) => {
    const { quote } = await offeredQuoteOfNewTool(app, customer, admin, 9, TODAY);
    const { order } = await acceptQuote(app, customer, quote._id, 9);
    const removed = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listOwnQuotes(app, customer)).find((q) => q._id === quote._id)).toMatchObject({
      status: 'accepted',
      orderId: null,
    });
    const listed = await app.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    expect(OrderListSchema.parse(listed.json()).map((o) => o._id)).not.toContain(order._id);
    // Never deleted (issue 44): the row stays, removed, still naming its quote.
    const kept = await app.database.db.select().from(orders).where(eq(orders.quoteId, quote._id));
    expect(kept.map((row) => row.status)).toEqual(['removed']);
  });
});

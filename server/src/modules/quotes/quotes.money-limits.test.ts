import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { PAYABLE_LIMIT_TEXT, serverTexts, texts } from '@tools-factory/contract';
import { createTestQuote, createTestTool } from '../../testing/factories.ts';
import { offerQuote, postAccept, postOffer, postQuoteRequest } from '../../testing/quotes.ts';
import { expectError, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { quotes } from './quotes.table.ts';
import { availableOf, listOwnOrders } from '../../testing/orders.ts';

/**
 * Issue 22 item 14: a total that could never be paid (a payment is below $1,000,000:
 * MAX_PAYABLE_CENTS in contract/src/money.ts) is refused when the order, the quote or the offer
 * is made, in words, not later at the payment page.
 */
const it = appTest({ config: UNCAPPED_ORDERS });

describe('money limits: what could never be paid is refused when it is made', () => {
  it('an order: $1,000,000.00 is refused (400), nothing reserved; $999,999.98 is placed', async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, {
      minOrderQuantity: 1,
      availableQuantity: 10,
      priceCents: 50_000_000,
    });
    expectError(
      await postOrder(app, customer, tool, { quantity: 2 }),
      400,
      texts.orders.totalTooLarge(PAYABLE_LIMIT_TEXT),
    );
    expect(await availableOf(app, tool.id)).toBe(10);

    const cheaper = await createTestTool(app, {
      minOrderQuantity: 1,
      availableQuantity: 10,
      priceCents: 49_999_999,
    });
    expect((await postOrder(app, customer, cheaper, { quantity: 2 })).statusCode).toBe(200);
  });

  it('a quote request for a quantity that even at a cent a unit could not be paid (400)', async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 10 });
    expectError(
      await postQuoteRequest(app, customer, tool.id, { quantity: 100_000_000 }),
      400,
      serverTexts.quoteErrors.quantityTooLargeToPay(PAYABLE_LIMIT_TEXT),
    );
    expect(
      (await postQuoteRequest(app, customer, tool.id, { quantity: 99_999_999 })).statusCode,
    ).toBe(200);
  });

  it('an offer whose total could not be paid (400); one just below is sent', async ({
    app,
    customer,
    admin,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 10 });
    const quote = await createTestQuote(app, customer, tool, { quantity: 4 });
    expectError(
      await postOffer(app, admin, quote.id, { price: 250_000, validUntil: '2099-12-31' }),
      400,
      serverTexts.quoteErrors.offerTotalTooLarge(PAYABLE_LIMIT_TEXT),
    );
    const [stored] = await app.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored?.status).toBe('requested');
    expect(stored?.offerPriceCents).toBeNull();
    const offered = await offerQuote(app, admin, quote.id, {
      price: 249_999.99,
      validUntil: '2099-12-31',
    });
    expect(offered.offer?.total).toBe(999_999.96);
  });

  it('accepting an offer (stored before this rule) whose total could not be paid (400): no order', async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 10 });
    const quote = await createTestQuote(app, customer, tool, {
      quantity: 3,
      status: 'offered',
      offerPriceCents: 50_000_000,
      offerValidUntil: '2099-12-31',
      offeredAt: new Date(),
    });
    const before = (await listOwnOrders(app, customer)).length;
    expectError(
      await postAccept(app, customer, quote.id, 500_000),
      400,
      serverTexts.quoteErrors.acceptedTotalTooLarge(PAYABLE_LIMIT_TEXT),
    );
    expect((await listOwnOrders(app, customer)).length).toBe(before);
  });
});

import { afterEach, describe, expect, vi } from 'vitest';
import { StockHoldListSchema } from '@tools-factory/contract';
import { bearer, signUpTestAccount } from '../../testing/accounts.ts';
import { it } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';

/**
 * GET /api/manageHolds names each account holding unpaid orders: the accounts of the page are
 * read in one query, however many hold orders, not one query per account.
 */
describe('the Stock holds page reads its accounts at once (GET /api/manageHolds)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for every holder in one lookup, and names each hold after its own account', async ({
    app,
    admin,
    customer,
    otherCustomer,
  }) => {
    const tool = await createTestTool(app, {
      minOrderQuantity: 1,
      availableQuantity: 1000,
      priceCents: 1000,
    });
    const third = await signUpTestAccount(app, { name: 'Thea Third' });
    await placeTestOrder(app, customer, tool, { quantity: 10 });
    await placeTestOrder(app, otherCustomer, tool, { quantity: 30 });
    await placeTestOrder(app, third, tool, { quantity: 20 });
    await placeTestOrder(app, customer, tool, { quantity: 5 });
    const holders = [customer, otherCustomer, third];
    const oneByOne = vi.spyOn(app.identity, 'findById');
    const atOnce = vi.spyOn(app.identity, 'findByIds');

    const response = await app.inject({ url: '/api/manageHolds', headers: bearer(admin.token) });
    expect(response.statusCode, response.body).toBe(200);
    const holds = StockHoldListSchema.parse(response.json());

    expect(atOnce).toHaveBeenCalledTimes(1);
    expect(new Set(atOnce.mock.calls[0]?.[0])).toEqual(new Set(holders.map((h) => h.userId)));
    const lookedUpAlone = oneByOne.mock.calls.map(([id]) => id);
    for (const holder of holders) expect(lookedUpAlone).not.toContain(holder.userId);
    // The largest total first, each with its own account's name and e-mail.
    expect(
      holds
        .filter((hold) => holders.some((holder) => holder.userId === hold.userId))
        .map(({ userId, name, email, total }) => ({ userId, name, email, total })),
    ).toEqual(
      [
        { account: otherCustomer, total: 300 },
        { account: third, total: 200 },
        { account: customer, total: 150 },
      ].map(({ account, total }) => ({
        userId: account.userId,
        name: account.name,
        email: account.email,
        total,
      })),
    );
  });

  it('leaves out an account removed between the orders and the accounts read', async ({
    app,
    admin,
    customer,
    otherCustomer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 1000 });
    await placeTestOrder(app, customer, tool, { quantity: 10 });
    await placeTestOrder(app, otherCustomer, tool, { quantity: 10 });
    const findByIds = app.identity.findByIds.bind(app.identity);
    vi.spyOn(app.identity, 'findByIds').mockImplementationOnce(async (ids) =>
      findByIds(ids.filter((id) => id !== otherCustomer.userId)),
    );

    const response = await app.inject({ url: '/api/manageHolds', headers: bearer(admin.token) });
    const holders = StockHoldListSchema.parse(response.json()).map((hold) => hold.userId);
    expect(holders).toContain(customer.userId);
    expect(holders).not.toContain(otherCustomer.userId);
  });
});

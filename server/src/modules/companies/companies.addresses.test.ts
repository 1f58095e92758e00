import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { fillCart, postCheckout } from '../../testing/cart-lines.ts';
import { placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import {
  callAs,
  companyView,
  companyWithBuyer as companyWithBuyerOf,
} from '../../testing/companies.ts';
import { expectError, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';

// Issue 44 item 3: a company keeps ship-to addresses; its buyers choose one at checkout; typing
// a new one stays possible unless a company admin locks the list, which the server enforces on
// every way of placing an order.

const it = appTest({ config: UNCAPPED_ORDERS });
const words = texts.companyErrors;

const DEPOT = {
  label: 'Main depot',
  name: 'Goods In, Harbour Tools',
  address: 'Unit 4, Quay Road\nBristol BS1 6AB',
  phone: '0117 555 0101',
};

const call = callAs;
const view = companyView;

const companyWithBuyer = (app: App, legalName = 'Harbour Tools Ltd') =>
  companyWithBuyerOf(app, { legalName, admin: 'Ada Admin', buyer: 'Ben Buyer' });

describe("a company's ship-to addresses (issue 44)", () => {
  it('its admins keep them; its buyers see them; another company reaches none', async ({ app }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const added = await view(await call(app, admin, 'POST', '/api/company/addresses', DEPOT));
    expect(added.addresses).toEqual([{ _id: expect.any(String), ...DEPOT }]);
    const id = added.addresses[0]!._id;
    // Every member sees them: they choose them at checkout.
    expect((await view(await call(app, buyer, 'GET', '/api/company'))).addresses).toHaveLength(1);
    // A buyer keeps none.
    expect((await call(app, buyer, 'POST', '/api/company/addresses', DEPOT)).statusCode).toBe(403);
    // Labels are unique whatever their case; bad input is told in words.
    expectError(
      await call(app, admin, 'POST', '/api/company/addresses', {
        ...DEPOT,
        label: 'MAIN DEPOT',
      }),
      409,
      words.addressLabelTaken('MAIN DEPOT'),
    );
    const empty = await call(app, admin, 'POST', '/api/company/addresses', { ...DEPOT, name: '' });
    expect(empty.statusCode).toBe(400);
    const changed = await view(
      await call(app, admin, 'PATCH', `/api/company/addresses/${id}`, {
        ...DEPOT,
        label: 'North depot',
      }),
    );
    expect(changed.addresses.map((a) => a.label)).toEqual(['North depot']);

    // Another company's admin: 404 for this company's address, as for an unknown one.
    const other = await companyWithBuyer(app, 'Other Tools Ltd');
    for (const [method, payload] of [
      ['PATCH', DEPOT],
      ['DELETE', undefined],
    ] as const) {
      expectError(
        await call(app, other.admin, method, `/api/company/addresses/${id}`, payload),
        404,
        words.addressNotFound,
      );
    }
    expect((await view(await call(app, admin, 'GET', '/api/company'))).addresses).toHaveLength(1);
    const removed = await view(await call(app, admin, 'DELETE', `/api/company/addresses/${id}`));
    expect(removed.addresses).toEqual([]);
  });

  it('a checkout to a chosen address keeps its copy; another company’s address is 404', async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { minOrderQuantity: 1 });
    const id = (await view(await call(app, admin, 'POST', '/api/company/addresses', DEPOT)))
      .addresses[0]!._id;
    const checkout = await placeTestCheckout(app, buyer, [{ tool, quantity: 5 }], {
      address: 'typed, and ignored',
      shipToId: id,
    });
    expect(checkout.address).toBe(`${DEPOT.name}\n${DEPOT.address}`);
    // The company removes the address: the checkout keeps where it went.
    await view(await call(app, admin, 'DELETE', `/api/company/addresses/${id}`));
    const [kept] = await app.database.db
      .select({ address: checkouts.address, phone: checkouts.phone, shipToId: checkouts.shipToId })
      .from(checkouts)
      .where(eq(checkouts.id, checkout._id));
    expect(kept).toEqual({
      address: `${DEPOT.name}\n${DEPOT.address}`,
      phone: DEPOT.phone,
      shipToId: null,
    });

    // Another company's address: 404, nothing placed, the cart kept.
    const other = await companyWithBuyer(app, 'Elsewhere Ltd');
    const theirs = (
      await view(await call(app, other.admin, 'POST', '/api/company/addresses', DEPOT))
    ).addresses[0]!._id;
    await fillCart(app, buyer, [{ tool, quantity: 5 }]);
    const refused = await postCheckout(app, buyer, { address: '1 Road', shipToId: theirs });
    expectError(refused, 404, words.addressNotFound);
    const retried = await postCheckout(app, buyer, { address: '1 Road' });
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('locked, only its addresses: a typed one is refused on every way of ordering', async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { minOrderQuantity: 1 });
    const id = (await view(await call(app, admin, 'POST', '/api/company/addresses', DEPOT)))
      .addresses[0]!._id;
    expect(
      (await call(app, buyer, 'PUT', '/api/company/addresses/locked', { locked: true })).statusCode,
    ).toBe(403);
    const locked = await view(
      await call(app, admin, 'PUT', '/api/company/addresses/locked', { locked: true }),
    );
    expect(locked.company?.addressesLocked).toBe(true);

    await fillCart(app, buyer, [{ tool, quantity: 5 }]);
    expectError(
      await postCheckout(app, buyer, { address: '9 Typed Street' }),
      409,
      words.shipToRequired,
    );
    expectError(await postOrder(app, buyer, tool, { quantity: 5 }), 409, words.shipToRequired);
    // The admin too: the company's checkouts ship to its addresses.
    expectError(await postOrder(app, admin, tool, { quantity: 5 }), 409, words.shipToRequired);
    const chosen = await postCheckout(app, buyer, { address: DEPOT.address, shipToId: id });
    expect(chosen.statusCode, chosen.body).toBe(201);

    await view(await call(app, admin, 'PUT', '/api/company/addresses/locked', { locked: false }));
    const typed = await postOrder(app, buyer, tool, { quantity: 5 });
    expect(typed.statusCode, typed.body).toBe(200);
  });
});

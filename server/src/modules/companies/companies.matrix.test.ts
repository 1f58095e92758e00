import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { ManagedOrdersPageSchema, MyCompanySchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { checkOut, fillCart } from '../../testing/cart-lines.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { insertInvitation, insertMember } from './companies.repository.ts';
import { invitationTokenHash } from './companies.service.ts';
import { companyAddresses } from './companies.table.ts';

// Issue 44 item 8: every company route, tried by the four roles it must tell apart: a buyer of
// company A, an admin of A, an admin of another company (B), and a shop admin. The ids are A's:
// a stranger's ids answer 404, never 403, so that nothing of A is revealed. Each call gets a
// target of its own (a fresh address, member, invitation or checkout), so that one caller's
// success never decides another's answer. The walk (authorization.test.ts) tries the same
// routes signed out, with another kind of credential and with a removed account.

const it = appTest({ config: UNCAPPED_ORDERS });

type Role = 'buyer' | 'companyAdmin' | 'otherCompanyAdmin' | 'shopAdmin';
const ROLES: readonly Role[] = ['buyer', 'companyAdmin', 'otherCompanyAdmin', 'shopAdmin'];

type World = {
  app: App;
  callers: Record<Role, TestAccount>;
  companyId: string;
  tool: Awaited<ReturnType<typeof createTestTool>>;
};

type Row = {
  route: string;
  answers: Record<Role, number>;
  request(world: World): Promise<{ method: string; url: string; payload?: object }>;
};

async function newAddress(world: World): Promise<string> {
  const [row] = await world.app.database.db
    .insert(companyAddresses)
    .values({
      companyId: world.companyId,
      label: `Dock ${randomUUID().slice(0, 8)}`,
      name: 'Goods In',
      address: '7 Matrix Way',
    })
    .returning({ id: companyAddresses.id });
  return row!.id;
}

async function newBuyer(world: World): Promise<string> {
  const account = await signUpTestAccount(world.app);
  await world.app.database.db.transaction((tx) =>
    insertMember(tx, { userId: account.userId, companyId: world.companyId, role: 'buyer' }),
  );
  return account.userId;
}

async function newInvitation(world: World): Promise<string> {
  const row = await world.app.database.db.transaction((tx) =>
    insertInvitation(tx, {
      companyId: world.companyId,
      email: `matrix-${randomUUID().slice(0, 8)}@example.com`,
      role: 'buyer',
      tokenHash: invitationTokenHash(randomUUID()),
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  );
  return row.id;
}

/** A checkout of the buyer, whose limit is $0: it awaits approval. */
async function newAwaitingCheckout(world: World): Promise<string> {
  const checkout = await placeTestCheckout(world.app, world.callers.buyer, [
    { tool: world.tool, quantity: 2 },
  ]);
  expect(checkout.status).toBe('awaitingApproval');
  return checkout._id;
}

/**
 * An open invoice on account of A (issue 45): A on net 30 days (set by the shop's admin), a
 * checkout of A's admin placed on account. Its buyer does not see it: not their checkout's.
 */
async function newCompanyInvoice(world: World): Promise<string> {
  const terms = await injectAs(world.app, world.callers.shopAdmin, {
    method: 'PUT',
    url: `/api/manageCompanies/${world.companyId}/terms`,
    payload: {
      paymentTermsDays: 30,
      creditLimit: 100_000,
      poNumberRequired: false,
      taxExempt: false,
    },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  await fillCart(world.app, world.callers.companyAdmin, [{ tool: world.tool, quantity: 2 }]);
  const placed = await checkOut(world.app, world.callers.companyAdmin, { payment: 'account' });
  const invoices = await injectAs(world.app, world.callers.companyAdmin, {
    url: '/api/company/invoices',
  });
  const listed = (invoices.json() as { invoices: { _id: string; checkoutId: string }[] }).invoices;
  const invoice = listed.find((one) => one.checkoutId === placed.checkout._id);
  expect(invoice, 'the invoice of the checkout on account').toBeTruthy();
  return invoice!._id;
}

// The company admin's answers, 404 for a stranger's id, 403 for a buyer of the company.
const adminOnlyById = { buyer: 403, companyAdmin: 200, otherCompanyAdmin: 404, shopAdmin: 404 };
// Routes without an id act on the caller's own company: the other company's admin acts on B.
const adminOnlyOwn = (ok: number) => ({
  buyer: 403,
  companyAdmin: ok,
  otherCompanyAdmin: ok,
  shopAdmin: 404,
});
const shopAdminsOnly = { buyer: 403, companyAdmin: 403, otherCompanyAdmin: 403, shopAdmin: 200 };

const ROWS: Row[] = [
  {
    route: 'GET /api/company',
    answers: { buyer: 200, companyAdmin: 200, otherCompanyAdmin: 200, shopAdmin: 200 },
    request: async () => ({ method: 'GET', url: '/api/company' }),
  },
  {
    route: 'PATCH /api/company',
    answers: adminOnlyOwn(200),
    request: async () => ({
      method: 'PATCH',
      url: '/api/company',
      payload: { legalName: `Renamed ${randomUUID().slice(0, 4)}`, billingAddress: '2 Way' },
    }),
  },
  {
    route: 'POST /api/company/invitations',
    answers: adminOnlyOwn(201),
    request: async () => ({
      method: 'POST',
      url: '/api/company/invitations',
      payload: { email: `invitee-${randomUUID().slice(0, 8)}@example.com` },
    }),
  },
  {
    route: 'DELETE /api/company/invitations/:id',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/company/invitations/${await newInvitation(world)}`,
    }),
  },
  {
    route: 'PATCH /api/company/members/:userId',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/company/members/${await newBuyer(world)}`,
      payload: { monthlyLimit: 100 },
    }),
  },
  {
    route: 'DELETE /api/company/members/:userId',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/company/members/${await newBuyer(world)}`,
    }),
  },
  {
    route: 'GET /api/company/orders',
    answers: { buyer: 200, companyAdmin: 200, otherCompanyAdmin: 200, shopAdmin: 404 },
    request: async () => ({ method: 'GET', url: '/api/company/orders' }),
  },
  {
    route: 'GET /api/company/invoices',
    answers: { buyer: 200, companyAdmin: 200, otherCompanyAdmin: 200, shopAdmin: 404 },
    request: async () => ({ method: 'GET', url: '/api/company/invoices' }),
  },
  {
    route: 'GET /api/company/invoices/:id/invoice.pdf',
    // A's admin's invoice: not the buyer's own checkout's, so 404 to them too.
    answers: { buyer: 404, companyAdmin: 200, otherCompanyAdmin: 404, shopAdmin: 404 },
    request: async (world) => ({
      method: 'GET',
      url: `/api/company/invoices/${await newCompanyInvoice(world)}/invoice.pdf`,
    }),
  },
  {
    route: 'POST /api/company/addresses',
    answers: adminOnlyOwn(201),
    request: async () => ({
      method: 'POST',
      url: '/api/company/addresses',
      payload: { label: `Yard ${randomUUID().slice(0, 8)}`, name: 'Yard', address: '8 Way' },
    }),
  },
  {
    route: 'PUT /api/company/addresses/locked',
    answers: adminOnlyOwn(200),
    request: async () => ({
      method: 'PUT',
      url: '/api/company/addresses/locked',
      payload: { locked: false },
    }),
  },
  {
    route: 'PATCH /api/company/addresses/:id',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/company/addresses/${await newAddress(world)}`,
      payload: { label: `Moved ${randomUUID().slice(0, 8)}`, name: 'Dock', address: '9 Way' },
    }),
  },
  {
    route: 'DELETE /api/company/addresses/:id',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/company/addresses/${await newAddress(world)}`,
    }),
  },
  {
    route: 'POST /api/company/approvals/:checkoutId/approve',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'POST',
      url: `/api/company/approvals/${await newAwaitingCheckout(world)}/approve`,
    }),
  },
  {
    route: 'POST /api/company/approvals/:checkoutId/reject',
    answers: adminOnlyById,
    request: async (world) => ({
      method: 'POST',
      url: `/api/company/approvals/${await newAwaitingCheckout(world)}/reject`,
      payload: { reason: 'Not this month' },
    }),
  },
  {
    route: 'GET /api/manageCompanies',
    answers: shopAdminsOnly,
    request: async () => ({ method: 'GET', url: '/api/manageCompanies' }),
  },
  {
    route: 'PUT /api/manageCompanies/:id/terms',
    answers: shopAdminsOnly,
    request: async (world) => ({
      method: 'PUT',
      url: `/api/manageCompanies/${world.companyId}/terms`,
      payload: { paymentTermsDays: 30, creditLimit: 0, poNumberRequired: false, taxExempt: false },
    }),
  },
  {
    route: 'GET /api/manageCompanies/:id',
    answers: shopAdminsOnly,
    request: async (world) => ({ method: 'GET', url: `/api/manageCompanies/${world.companyId}` }),
  },
];

/** Company A (its admin and a buyer), company B (its admin), and a shop admin. */
async function makeWorld(app: App, shopAdmin: TestAccount): Promise<World> {
  const companyAdmin = await signUpVerifiedAccount(app, { name: 'Matrix Admin A' });
  const created = MyCompanySchema.parse(
    (
      await injectAs(app, companyAdmin, {
        method: 'POST',
        url: '/api/company',
        payload: { legalName: 'Matrix A Ltd', billingAddress: '1 A Street' },
      })
    ).json(),
  );
  const companyId = created.company!._id;
  const buyer = await signUpVerifiedAccount(app, { name: 'Matrix Buyer A' });
  await app.database.db.transaction((tx) =>
    insertMember(tx, { userId: buyer.userId, companyId, role: 'buyer' }),
  );
  // Every checkout of the buyer waits for approval: the approvals' targets.
  const limited = await injectAs(app, companyAdmin, {
    method: 'PATCH',
    url: `/api/company/members/${buyer.userId}`,
    payload: { monthlyLimit: 0 },
  });
  expect(limited.statusCode, limited.body).toBe(200);
  const otherCompanyAdmin = await signUpVerifiedAccount(app, { name: 'Matrix Admin B' });
  const other = await injectAs(app, otherCompanyAdmin, {
    method: 'POST',
    url: '/api/company',
    payload: { legalName: 'Matrix B Ltd', billingAddress: '1 B Street' },
  });
  expect(other.statusCode, other.body).toBe(201);
  const tool = await createTestTool(app, { minOrderQuantity: 1 });
  return {
    app,
    callers: { buyer, companyAdmin, otherCompanyAdmin, shopAdmin },
    companyId,
    tool,
  };
}

describe('company routes by role: buyer, company admin, another company, shop admin (issue 44)', () => {
  it('answers every route as the authorization table says, stranger ids 404', async ({
    app,
    admin,
  }) => {
    const world = await makeWorld(app, admin);
    const seen: string[] = [];
    for (const row of ROWS) {
      for (const role of ROLES) {
        const request = await row.request(world);
        const response = await injectAs(app, world.callers[role], {
          method: request.method as 'GET',
          url: request.url,
          ...(request.payload ? { payload: request.payload } : {}),
        });
        seen.push(`${row.route} as ${role}: ${response.statusCode}`);
        expect(response.statusCode, `${row.route} as ${role}: ${response.body.slice(0, 200)}`).toBe(
          row.answers[role],
        );
      }
    }
    expect(seen).toHaveLength(ROWS.length * ROLES.length);
  });

  it('another company sees nothing of A: no checkout, no invoice, no address at checkout', async ({
    app,
    admin,
  }) => {
    const world = await makeWorld(app, admin);
    const { buyer, otherCompanyAdmin } = world.callers;
    const checkout = await placeTestCheckout(app, buyer, [{ tool: world.tool, quantity: 3 }]);
    // Past the buyer's $0 limit: approved by A's admin, then paid.
    const approved = await injectAs(app, world.callers.companyAdmin, {
      method: 'POST',
      url: `/api/company/approvals/${checkout._id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await payCheckout(app, buyer, checkout);
    // B's Company Orders holds none of A's checkouts.
    const theirs = ManagedOrdersPageSchema.parse(
      (await injectAs(app, otherCompanyAdmin, { url: '/api/company/orders' })).json(),
    );
    expect(theirs.orders.some((order) => order.checkoutId === checkout._id)).toBe(false);
    // A's invoice and checkout: 404 to B's admin, as to anyone who is not their buyer.
    for (const url of [
      `/api/checkouts/${checkout._id}/invoice.pdf`,
      `/api/checkouts/${checkout._id}`,
    ]) {
      expect((await injectAs(app, otherCompanyAdmin, { url })).statusCode, url).toBe(404);
    }
    // A's ship-to address at B's checkout: 404, nothing placed.
    const address = await newAddress(world);
    await injectAs(app, otherCompanyAdmin, {
      method: 'POST',
      url: '/api/cart/lines',
      payload: { lines: [{ toolId: world.tool.id, quantity: 3 }] },
    });
    const refused = await injectAs(app, otherCompanyAdmin, {
      method: 'POST',
      url: '/api/checkout',
      headers: { 'idempotency-key': randomUUID() },
      payload: { address: '1 B Street', shipToId: address },
    });
    expect(refused.statusCode, refused.body).toBe(404);
  });
});

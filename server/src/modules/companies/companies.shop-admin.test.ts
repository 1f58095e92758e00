import { describe, expect } from 'vitest';
import {
  ManagedCompaniesPageSchema,
  ManagedCompanySchema,
  ManagedOrdersPageSchema,
  texts,
  UsersPageSchema,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { callAs, companyWithBuyer as companyWithBuyerOf } from '../../testing/companies.ts';
import { expectError } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';

// Issue 44 item 7: the shop's admins see each account's company in ALL USERS, the companies on
// a page of their own (members, limits, checkouts), and Remove User of a company's only admin
// asks who takes over.

const it = appTest({ config: UNCAPPED_ORDERS });
const words = texts.companyErrors;

const call = callAs;

async function ok(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

async function companyWithBuyer(app: App, legalName: string) {
  const { admin: owner, buyer, companyId } = await companyWithBuyerOf(app, { legalName });
  return { owner, buyer, companyId };
}

describe("the shop admins' view of companies (issue 44)", () => {
  it('ALL USERS names each account’s company; the Companies page lists, finds and pages them', async ({
    app,
    admin,
    customer,
  }) => {
    const first = await companyWithBuyer(app, 'Anvil Traders');
    const second = await companyWithBuyer(app, 'Bolt Brothers');
    const tool = await createTestTool(app, { minOrderQuantity: 1 });
    await placeTestCheckout(app, first.buyer, [{ tool, quantity: 3 }]);
    await ok(
      await call(app, first.owner, 'PATCH', `/api/company/members/${first.buyer.userId}`, {
        monthlyLimit: 75,
      }),
    );

    const users = UsersPageSchema.parse(
      await ok(await call(app, admin, 'GET', `/api/users/search?q=${first.buyer.email}`)),
    );
    expect(users.users[0]?.company).toEqual({
      _id: first.companyId,
      legalName: 'Anvil Traders',
      role: 'buyer',
    });
    const plain = UsersPageSchema.parse(
      await ok(await call(app, admin, 'GET', `/api/users/search?q=${customer.email}`)),
    );
    expect(plain.users[0]?.company).toBeNull();

    // Newest first; one a page; `q` in the name or tax number.
    const page1 = ManagedCompaniesPageSchema.parse(
      await ok(await call(app, admin, 'GET', '/api/manageCompanies?pageSize=1')),
    );
    expect(page1.companies.map((c) => c.legalName)).toEqual(['Bolt Brothers']);
    expect(page1.total).toBeGreaterThanOrEqual(2);
    const page2 = ManagedCompaniesPageSchema.parse(
      await ok(
        await call(app, admin, 'GET', `/api/manageCompanies?pageSize=1&after=${page1.next}`),
      ),
    );
    expect(page2.companies.map((c) => c.legalName)).toEqual(['Anvil Traders']);
    expect(page2.companies[0]).toMatchObject({
      members: 2,
      admins: [{ userId: first.owner.userId, name: 'Anvil Traders Admin' }],
      checkouts: 1,
      awaitingApproval: 0,
    });
    const found = ManagedCompaniesPageSchema.parse(
      await ok(await call(app, admin, 'GET', '/api/manageCompanies?q=bolt')),
    );
    expect(found.companies.map((c) => c._id)).toEqual([second.companyId]);
    expect(
      (await call(app, admin, 'GET', '/api/manageCompanies?after=not-a-cursor')).statusCode,
    ).toBe(400);

    const one = ManagedCompanySchema.parse(
      await ok(await call(app, admin, 'GET', `/api/manageCompanies/${first.companyId}`)),
    );
    expect(one.company.legalName).toBe('Anvil Traders');
    expect(one.checkouts).toBe(1);
    expect(one.members.find((m) => m.userId === first.buyer.userId)).toMatchObject({
      role: 'buyer',
      monthlyLimit: 75,
      spentThisMonth: 59.97,
    });
    expectError(
      await call(app, admin, 'GET', '/api/manageCompanies/00000000-0000-4000-8000-000000000000'),
      404,
      words.companyNotFound,
    );

    // The company's checkouts: Manage Orders' search narrowed to it.
    const orders = ManagedOrdersPageSchema.parse(
      await ok(
        await call(app, admin, 'GET', `/api/manageOrders/search?companyId=${second.companyId}`),
      ),
    );
    expect(orders.orders).toEqual([]);
    const theirs = ManagedOrdersPageSchema.parse(
      await ok(
        await call(app, admin, 'GET', `/api/manageOrders/search?companyId=${first.companyId}`),
      ),
    );
    expect(theirs.orders.map((o) => o.email)).toEqual([first.buyer.email]);
  });

  it('Remove User of a company’s only admin: refused, unless a member of it takes over', async ({
    app,
    admin,
  }) => {
    const { owner, buyer, companyId } = await companyWithBuyer(app, 'Chisel Co');
    const url = `/api/user/${encodeURIComponent(owner.email)}`;
    expectError(await call(app, admin, 'DELETE', url), 409, words.lastAdminAccount);
    const stranger = await signUpVerifiedAccount(app, { name: 'Not A Member' });
    expectError(
      await call(app, admin, 'DELETE', `${url}?successor=${stranger.userId}`),
      400,
      words.successorNotMember('Chisel Co'),
    );
    expectError(
      await call(app, admin, 'DELETE', `${url}?successor=${owner.userId}`),
      400,
      words.successorNotMember('Chisel Co'),
    );
    expect(
      await ok(await call(app, admin, 'DELETE', `${url}?successor=${buyer.userId}`)),
    ).toMatchObject({ deletedCount: 1 });
    const company = ManagedCompanySchema.parse(
      await ok(await call(app, admin, 'GET', `/api/manageCompanies/${companyId}`)),
    );
    expect(company.members.map((m) => [m.userId, m.role])).toEqual([[buyer.userId, 'admin']]);
  });
});

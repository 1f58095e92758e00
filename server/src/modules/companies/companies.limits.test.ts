import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { OrderSchema, texts, type MyCompany, type Order } from '@tools-factory/contract';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { placeTestCheckout, requestCheckoutIntent } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { callAs, companyView, createCompany, joinedMember } from '../../testing/companies.ts';
import { latestOutboxMail, readOutbox } from '../../testing/mail.ts';
import { expectError, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { orderEvents } from '../orders/order-events.table.ts';
import { orders } from '../orders/orders.table.ts';
import { tools } from '../tools/tools.table.ts';

// Issue 44 item 6: a company admin sets a buyer's monthly limit; a checkout that takes the
// buyer's spending this calendar month past it is placed awaiting approval (held, not payable);
// an admin approves it (payable, counted) or rejects it (its stock back), the buyer told each
// time. The concurrency of the rule is in companies.limits.concurrency.test.ts.

const it = appTest({ config: UNCAPPED_ORDERS });
const words = texts.companyErrors;

const call = callAs;
const view = companyView;

/** A company whose admin (and a second admin) invited `buyer`, who joined. */
async function companyWithBuyer(app: App) {
  const admin = await signUpVerifiedAccount(app, { name: 'Lena Admin' });
  await createCompany(app, admin, { legalName: 'Limit Tools Ltd' });
  const secondAdmin = await joinedMember(app, admin, 'Otto Admin', 'admin');
  const buyer = await joinedMember(app, admin, 'Bruno Buyer');
  return { admin, secondAdmin, buyer };
}

async function setLimit(app: App, admin: TestAccount, buyer: TestAccount, limit: number | null) {
  return view(
    await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, {
      monthlyLimit: limit,
    }),
  );
}

async function ordersOf(app: App, account: TestAccount): Promise<Order[]> {
  const response = await call(
    app,
    account,
    'GET',
    `/api/orders?email=${encodeURIComponent(account.email)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return z.array(OrderSchema).parse(response.json());
}

async function statusesOfCheckout(app: App, checkoutId: string) {
  const rows = await app.database.db
    .select({ status: orders.status, approvedAt: orders.approvedAt })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return rows;
}

async function stockOf(app: App, toolId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ available: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row?.available ?? -1;
}

const spendingOf = (company: MyCompany) => company.spending;

describe('spending limits and approvals (issue 44)', () => {
  it('an admin sets and lifts a buyer’s limit; admins have none; bad input is told in words', async ({
    app,
  }) => {
    const { admin, secondAdmin, buyer } = await companyWithBuyer(app);
    const set = await setLimit(app, admin, buyer, 250.5);
    expect(set.members.find((m) => m.userId === buyer.userId)?.monthlyLimit).toBe(250.5);
    // The buyer sees their own limit and what is left; not the admins' rows' figures.
    const seen = await view(await call(app, buyer, 'GET', '/api/company'));
    expect(spendingOf(seen)).toMatchObject({ monthlyLimit: 250.5, spent: 0, left: 250.5 });
    expect(seen.members.find((m) => m.userId === admin.userId)?.spentThisMonth).toBeNull();
    expect(seen.approvals).toEqual([]);

    expectError(
      await call(app, admin, 'PATCH', `/api/company/members/${secondAdmin.userId}`, {
        monthlyLimit: 10,
      }),
      409,
      words.adminsHaveNoLimit,
    );
    expectError(
      await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, {}),
      400,
      words.nothingToChange,
    );
    for (const monthlyLimit of [-1, 1.005, 'lots', 1_000_000]) {
      const refused = await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, {
        monthlyLimit,
      });
      expect(refused.statusCode, String(monthlyLimit)).toBe(400);
      expect(refused.json()).toMatchObject({ message: expect.stringContaining('monthly limit') });
    }
    // $0 is a limit: every checkout waits for approval.
    await setLimit(app, admin, buyer, 0);
    // A buyer cannot set limits, not even their own.
    expect(
      (
        await call(app, buyer, 'PATCH', `/api/company/members/${buyer.userId}`, {
          monthlyLimit: null,
        })
      ).statusCode,
    ).toBe(403);
    // Made an admin, the buyer loses the limit; made a buyer again, they have none.
    await view(
      await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, { role: 'admin' }),
    );
    const back = await view(
      await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, { role: 'buyer' }),
    );
    expect(back.members.find((m) => m.userId === buyer.userId)?.monthlyLimit).toBeNull();
    const lifted = await setLimit(app, admin, buyer, null);
    expect(lifted.members.find((m) => m.userId === buyer.userId)?.monthlyLimit).toBeNull();
  });

  it('a checkout past the limit awaits approval: held, not payable, its admins e-mailed', async ({
    app,
  }) => {
    const { admin, secondAdmin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { priceCents: 1000, minOrderQuantity: 1 });
    await setLimit(app, admin, buyer, 500);

    // $300: within the limit, placed unpaid as ever.
    const first = await placeTestCheckout(app, buyer, [{ tool, quantity: 30 }]);
    expect((await statusesOfCheckout(app, first._id)).map((r) => r.status)).toEqual(['unpaid']);
    // $300 more would make $600: awaiting approval, its stock held all the same.
    const before = await stockOf(app, tool.id);
    const second = await placeTestCheckout(app, buyer, [{ tool, quantity: 30 }], {
      poNumber: 'PO-77',
    });
    expect(second.status).toBe('awaitingApproval');
    expect((await statusesOfCheckout(app, second._id)).map((r) => r.status)).toEqual([
      'awaiting_approval',
    ]);
    expect(await stockOf(app, tool.id)).toBe(before - 30);

    // Not payable: the payment is refused in words.
    expectError(
      await requestCheckoutIntent(app, buyer, second._id),
      409,
      texts.paymentErrors.awaitingApproval,
    );
    // My Orders shows it, awaiting; what it counts is only the first.
    const mine = await ordersOf(app, buyer);
    expect(mine.find((o) => o.checkoutId === second._id)?.status).toBe('awaiting_approval');
    const seen = await view(await call(app, buyer, 'GET', '/api/company'));
    expect(spendingOf(seen)).toMatchObject({ spent: 300, left: 200 });

    // The buyer is told, and so is each admin, with the link to decide.
    const toBuyer = await latestOutboxMail(app, buyer.email, 'awaits approval');
    expect(toBuyer.text).toContain(second.reference);
    for (const each of [admin, secondAdmin]) {
      const mail = await latestOutboxMail(app, each.email, 'Approve an order of Bruno Buyer');
      expect(mail.headers.subject).toContain(second.reference);
      expect(mail.text).toContain('/dashborad/company#approvals');
      expect(mail.text).toContain('PO-77');
      expect(mail.text).toContain('$500.00');
      expect(mail.text).toContain('$300.00');
    }
    const [event] = await app.database.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orders.checkoutId, second._id), eq(orderEvents.kind, 'awaiting_approval')));
    expect(event?.kind).toBe('awaiting_approval');

    // The admins see it waiting, with how far the buyer had spent.
    const waiting = await view(await call(app, admin, 'GET', '/api/company'));
    expect(waiting.approvals).toHaveLength(1);
    expect(waiting.approvals[0]).toMatchObject({
      checkoutId: second._id,
      reference: second.reference,
      buyer: { userId: buyer.userId, name: 'Bruno Buyer', email: buyer.email },
      poNumber: 'PO-77',
      total: 300,
      monthlyLimit: 500,
      spentThisMonth: 300,
      lines: [{ sku: tool.sku, quantity: 30, total: 300 }],
    });
  });

  it('approving makes it payable and counts it; rejecting returns its stock; both are told', async ({
    app,
  }) => {
    const { admin, secondAdmin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { priceCents: 1000, minOrderQuantity: 1 });
    await setLimit(app, admin, buyer, 0);
    const one = await placeTestCheckout(app, buyer, [{ tool, quantity: 20 }]);
    const two = await placeTestCheckout(app, buyer, [{ tool, quantity: 40 }]);
    expect(one.status).toBe('awaitingApproval');
    expect(two.status).toBe('awaitingApproval');

    // A buyer may not decide; an account of another company is told 404, never 403.
    expect(
      (await call(app, buyer, 'POST', `/api/company/approvals/${one._id}/approve`)).statusCode,
    ).toBe(403);
    const stranger = await signUpVerifiedAccount(app, { name: 'Sven Stranger' });
    await view(
      await call(app, stranger, 'POST', '/api/company', {
        legalName: 'Other Co',
        billingAddress: '1 Elsewhere',
      }),
    );
    expectError(
      await call(app, stranger, 'POST', `/api/company/approvals/${one._id}/approve`),
      404,
      words.approvalNotFound,
    );
    expectError(
      await call(app, admin, 'POST', '/api/company/approvals/not-an-id/approve'),
      404,
      words.approvalNotFound,
    );

    const approved = await view(
      await call(app, admin, 'POST', `/api/company/approvals/${one._id}/approve`),
    );
    expect(approved.approvals.map((a) => a.checkoutId)).toEqual([two._id]);
    const rows = await statusesOfCheckout(app, one._id);
    expect(rows.map((r) => r.status)).toEqual(['unpaid']);
    expect(rows[0]?.approvedAt).toBeInstanceOf(Date);
    // Payable now, and counted.
    expect((await requestCheckoutIntent(app, buyer, one._id)).statusCode).toBe(200);
    const afterApproval = await view(await call(app, buyer, 'GET', '/api/company'));
    expect(spendingOf(afterApproval)).toMatchObject({ spent: 200, left: 0 });
    const approvedMail = await latestOutboxMail(app, buyer.email, 'is approved');
    expect(approvedMail.text).toContain('Lena Admin approved');
    expect(approvedMail.text).toContain(`/dashborad/orders/payment/checkout/${one._id}`);
    // A second decision on it: 409, whoever decides.
    expectError(
      await call(app, secondAdmin, 'POST', `/api/company/approvals/${one._id}/reject`, {
        reason: 'Too late',
      }),
      409,
      words.notAwaiting,
    );

    // Rejecting needs a reason; with one, its stock comes back and it leaves My Orders.
    expect(
      (await call(app, secondAdmin, 'POST', `/api/company/approvals/${two._id}/reject`, {}))
        .statusCode,
    ).toBe(400);
    const stockBefore = await stockOf(app, tool.id);
    const rejected = await view(
      await call(app, secondAdmin, 'POST', `/api/company/approvals/${two._id}/reject`, {
        reason: 'We have enough pliers this quarter.',
      }),
    );
    expect(rejected.approvals).toEqual([]);
    expect(await stockOf(app, tool.id)).toBe(stockBefore + 40);
    expect((await statusesOfCheckout(app, two._id)).map((r) => r.status)).toEqual(['rejected']);
    expect((await ordersOf(app, buyer)).some((o) => o.checkoutId === two._id)).toBe(false);
    const rejectedMail = await latestOutboxMail(app, buyer.email, 'was not approved');
    expect(rejectedMail.text).toContain('We have enough pliers this quarter.');
    expect(rejectedMail.text).toContain('Otto Admin did not approve');
    // Rejected spends nothing.
    const after = await view(await call(app, buyer, 'GET', '/api/company'));
    expect(spendingOf(after)?.spent).toBe(200);
  });

  it('POST /order by a buyer with a limit: within it unpaid and e-mailed as ever, past it awaiting', async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { priceCents: 1000, minOrderQuantity: 1 });
    await setLimit(app, admin, buyer, 250);
    const within = await postOrder(app, buyer, tool, { quantity: 20 });
    expect(within.statusCode, within.body).toBe(200);
    const placedMail = await latestOutboxMail(app, buyer.email, 'order');
    expect(placedMail.headers.subject).not.toContain('awaits');
    const past = await postOrder(app, buyer, tool, { quantity: 10 });
    expect(past.statusCode, past.body).toBe(200);
    const mine = await ordersOf(app, buyer);
    expect(mine.map((o) => o.status).sort()).toEqual(['awaiting_approval', 'unpaid']);
    // A refused reservation is refused as before, with the limit in force.
    const tooMany = await postOrder(app, buyer, tool, { quantity: 100_000 });
    expect(tooMany.statusCode).toBe(400);
  });

  it('counts this calendar month only, and not removed, rejected or expired orders', async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { priceCents: 1000, minOrderQuantity: 1 });
    await setLimit(app, admin, buyer, 100);
    const old = await placeTestCheckout(app, buyer, [{ tool, quantity: 10 }]);
    // Placed last month: it no longer counts.
    await app.database.db
      .update(orders)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '1 day'` })
      .where(eq(orders.checkoutId, old._id));
    const now = await placeTestCheckout(app, buyer, [{ tool, quantity: 10 }]);
    expect(now.status).toBe('unpaid');
    // Removed by its buyer: its room comes back.
    const [line] = (await ordersOf(app, buyer)).filter((o) => o.checkoutId === now._id);
    expect((await call(app, buyer, 'DELETE', `/api/deleteOrder/${line!._id}`)).statusCode).toBe(
      200,
    );
    // Expired: it spent nothing either.
    const expired = await placeTestCheckout(app, buyer, [{ tool, quantity: 2 }]);
    expect(expired.status).toBe('unpaid');
    await app.database.db
      .update(orders)
      .set({ status: 'expired', endedAt: new Date() })
      .where(eq(orders.checkoutId, expired._id));
    const again = await placeTestCheckout(app, buyer, [{ tool, quantity: 10 }]);
    expect(again.status).toBe('unpaid');
    const seen = await view(await call(app, buyer, 'GET', '/api/company'));
    expect(spendingOf(seen)).toMatchObject({ spent: 100, left: 0 });
    const mails = await readOutbox(app);
    const toBuyer = mails.filter((m) => m.headers.to?.includes(buyer.email));
    expect(toBuyer.some((m) => m.headers.subject?.includes('awaits approval'))).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CheckoutListSchema,
  formatMoney,
  MyCompanySchema,
  serverTexts,
  texts,
  type CheckoutResponse,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { companyOnTerms, toolAt } from '../../testing/on-account.ts';
import { checkOut, fillCart, postCheckout } from '../../testing/cart-lines.ts';
import { callAs, companyWithBuyer, joinedMember } from '../../testing/companies.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { cartLines } from '../cart/cart.table.ts';
import { orders } from '../orders/orders.table.ts';
import { tools } from '../tools/tools.table.ts';
import { invoices } from './invoices.table.ts';

// Issue 45 item 2: a buyer of a company with payment terms checks out on account: the checkout
// is placed, its stock reserved for good, its invoice issued at once with the due date, terms
// and PO number; the company's open balance plus the checkout must fit its credit limit, and a
// company with an overdue invoice places nothing more on account.

const clock = { now: new Date('2030-05-01T09:00:00Z') };
const it = appTest({ config: UNCAPPED_ORDERS, now: () => clock.now });
const errors = texts.checkout.errors;
const DAY_MS = 24 * 60 * 60 * 1000;

async function cartRows(app: App, account: TestAccount) {
  return app.database.db.select().from(cartLines).where(eq(cartLines.userId, account.userId));
}

async function availableOf(app: App, toolId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ available: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row!.available;
}

function statusesOf(placed: CheckoutResponse) {
  return placed.checkout.lines.map((line) => line.status);
}

describe('checking out on account (issue 45)', () => {
  it('places the checkout invoiced, its invoice due by the terms, its stock reserved for good', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { buyer } = await companyOnTerms(app, admin, 'Terms Placed Ltd', {
      paymentTermsDays: 30,
      creditLimit: 1_000,
    });
    const tool = await toolAt(app, 'Account Mallet');
    const before = await availableOf(app, tool.id);
    await fillCart(app, buyer, [{ tool, quantity: 3 }]);

    const placed = await checkOut(app, buyer, { payment: 'account', poNumber: 'PO-7781' });
    expect(placed.checkout.status).toBe('invoiced');
    expect(statusesOf(placed)).toEqual(['invoiced']);
    expect(placed.checkout.total).toBe(300);
    expect(await availableOf(app, tool.id)).toBe(before - 3);

    const [invoice] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, placed.checkout._id));
    expect(invoice).toMatchObject({
      paymentTermsDays: 30,
      poNumber: 'PO-7781',
      totalCents: 30_000,
      receivedCents: 0,
      paidAt: null,
      transactionId: '',
    });
    expect(invoice!.issuedAt).toEqual(clock.now);
    expect(invoice!.dueAt).toEqual(new Date(clock.now.getTime() + 30 * DAY_MS));

    // The buyer downloads it: the terms and the due date are on it, and how to pay.
    const pdf = await injectAs(app, buyer, {
      url: `/api/checkouts/${placed.checkout._id}/invoice.pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain(serverTexts.invoice.netDays(30));
    expect(text).toContain('May 31, 2030');
    expect(text).toContain('PO-7781');

    // The e-mail names the invoice; My Orders shows the checkout invoiced.
    const mail = await latestOutboxMail(app, buyer.email, 'on account');
    expect(mail.headers.subject).toBe(
      serverTexts.mail.checkout.invoiced.subject(placed.checkout.reference, invoice!.number),
    );
    const mine = CheckoutListSchema.parse(
      (await callAs(app, buyer, 'GET', '/api/checkouts')).json(),
    );
    expect(mine[0]).toMatchObject({ _id: placed.checkout._id, status: 'invoiced' });

    // Not payable by card: its invoice is paid by transfer.
    const intent = await callAs(
      app,
      buyer,
      'POST',
      `/api/checkouts/${placed.checkout._id}/payment-intent`,
      {
        totalPrice: 300,
      },
    );
    expectError(intent, 409, texts.paymentErrors.onAccount);

    // Not held: the expiry sweep, long after any hold, leaves it as it is.
    await app.orders.sweepExpiredOrders(new Date(clock.now.getTime() + 100 * DAY_MS));
    const [line] = await app.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, placed.checkout._id));
    expect(line?.status).toBe('invoiced');
    expect(await availableOf(app, tool.id)).toBe(before - 3);
  });

  it('refuses a company without terms, a buyer of none, and a missing PO number, taking nothing', async ({
    app,
    admin,
  }) => {
    const tool = await toolAt(app, 'Account Chisel');
    const before = await availableOf(app, tool.id);

    const { buyer: cardOnly } = await companyWithBuyer(app, { legalName: 'Card Only Ltd' });
    await fillCart(app, cardOnly, [{ tool, quantity: 2 }]);
    expectError(
      await postCheckout(app, cardOnly, { payment: 'account' }),
      409,
      errors.noPaymentTerms,
    );

    const loner = await signUpVerifiedAccount(app, { name: 'Lone Buyer' });
    await fillCart(app, loner, [{ tool, quantity: 2 }]);
    expectError(await postCheckout(app, loner, { payment: 'account' }), 409, errors.noPaymentTerms);

    const { buyer } = await companyOnTerms(app, admin, 'PO Rule Ltd', {
      paymentTermsDays: 15,
      creditLimit: 5_000,
      poNumberRequired: true,
    });
    await fillCart(app, buyer, [{ tool, quantity: 2 }]);
    expectError(
      await postCheckout(app, buyer, { payment: 'account' }),
      400,
      errors.poNumberRequired,
    );

    // Nothing was reserved, every cart kept; a bad payment method is a 400 in words.
    expect(await availableOf(app, tool.id)).toBe(before);
    for (const account of [cardOnly, loner, buyer])
      expect(await cartRows(app, account)).toHaveLength(1);
    expectError(
      await postCheckout(app, buyer, { payment: 'cheque' }),
      400,
      errors.badPayment(['card', 'account']),
    );
    // The company's PO rule holds for card checkouts too; with the number, the buyer pays by card.
    expectError(await postCheckout(app, buyer, {}), 400, errors.poNumberRequired);
    const byCard = await checkOut(app, buyer, { poNumber: 'PO-CARD-1' });
    expect(byCard.checkout.status).toBe('unpaid');
  });

  it('keeps the open balance within the credit limit, naming the credit left', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-06-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnTerms(app, admin, 'Credit Ltd', {
      paymentTermsDays: 30,
      creditLimit: 500,
    });
    const tool = await toolAt(app, 'Account Plane');
    await fillCart(app, buyer, [{ tool, quantity: 3 }]);
    await checkOut(app, buyer, { payment: 'account' });

    // Every member reads what is open and what is left (the Company page).
    const view = MyCompanySchema.parse((await callAs(app, buyer, 'GET', '/api/company')).json());
    expect(view.credit).toEqual({ openBalance: 300, creditLeft: 200, overdue: false });

    // $300 open of $500: another $300 does not fit, whoever of the company places it.
    for (const account of [buyer, owner]) {
      await fillCart(app, account, [{ tool, quantity: 3 }]);
      expectError(
        await postCheckout(app, account, { payment: 'account' }),
        409,
        errors.overCreditLimit(300, 200),
      );
      expect(await cartRows(app, account)).toHaveLength(1);
    }
    // $200 fits exactly.
    await fillCart(app, owner, [{ tool, quantity: 2 }]);
    await app.database.db
      .update(cartLines)
      .set({ quantity: 2 })
      .where(eq(cartLines.userId, owner.userId));
    const exact = await checkOut(app, owner, { payment: 'account' });
    expect(exact.checkout.status).toBe('invoiced');
    expect(formatMoney(exact.checkout.total)).toBe('$200.00');
  });

  it('places nothing more on account once an invoice is past its due date', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-07-01T09:00:00Z');
    const { buyer } = await companyOnTerms(app, admin, 'Overdue Ltd', {
      paymentTermsDays: 7,
      creditLimit: 10_000,
    });
    const tool = await toolAt(app, 'Account Rasp');
    await fillCart(app, buyer, [{ tool, quantity: 2 }]);
    await checkOut(app, buyer, { payment: 'account' });

    // On the due date itself it is not overdue yet; a minute after, it is.
    clock.now = new Date('2030-07-08T09:00:00Z');
    await fillCart(app, buyer, [{ tool, quantity: 2 }]);
    expect((await checkOut(app, buyer, { payment: 'account' })).checkout.status).toBe('invoiced');
    clock.now = new Date('2030-07-08T09:01:00Z');
    await fillCart(app, buyer, [{ tool, quantity: 2 }]);
    expectError(await postCheckout(app, buyer, { payment: 'account' }), 409, errors.invoiceOverdue);
    const view = MyCompanySchema.parse((await callAs(app, buyer, 'GET', '/api/company')).json());
    expect(view.credit).toMatchObject({ openBalance: 400, overdue: true });
    // By card it still buys.
    expect((await checkOut(app, buyer, {})).checkout.status).toBe('unpaid');
  });

  it('lets two checkouts at once of one company take its credit one after the other', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-08-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnTerms(app, admin, 'Race Ltd', {
      paymentTermsDays: 30,
      creditLimit: 500,
    });
    const second = await joinedMember(app, owner, 'Race Second Buyer');
    // Different tools: no tool's row lock lines the two up, only the company's.
    const first = await toolAt(app, 'Race Hammer');
    const other = await toolAt(app, 'Race Saw');
    await fillCart(app, buyer, [{ tool: first, quantity: 3 }]);
    await fillCart(app, second, [{ tool: other, quantity: 3 }]);

    const answers = await Promise.all([
      postCheckout(app, buyer, { payment: 'account' }),
      postCheckout(app, second, { payment: 'account' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(errors.overCreditLimit(300, 200));
    const open = await app.database.db
      .select({ total: invoices.totalCents })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.companyId, (await companyIdOf(app, owner))!));
    expect(open).toEqual([{ total: 30_000 }]);
  });

  it('counts a checkout awaiting approval against nothing until it is approved', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-09-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnTerms(app, admin, 'Approval First Ltd', {
      paymentTermsDays: 30,
      creditLimit: 500,
    });
    const limited = await callAs(app, owner, 'PATCH', `/api/company/members/${buyer.userId}`, {
      monthlyLimit: 0,
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const tool = await toolAt(app, 'Approval Vice');
    await fillCart(app, buyer, [{ tool, quantity: 4 }]);
    const waiting = await checkOut(app, buyer, { payment: 'account' });
    expect(waiting.checkout.status).toBe('awaitingApproval');
    const issued = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, waiting.checkout._id));
    expect(issued).toEqual([]);
    // $400 waits; the admin's own $500 on account still fits the $500 of credit.
    await fillCart(app, owner, [{ tool, quantity: 5 }]);
    const own = await checkOut(app, owner, { payment: 'account' });
    expect(own.checkout.status).toBe('invoiced');

    // Approved now, the $400 no longer fits: the approver is told, and it keeps waiting.
    const approve = `/api/company/approvals/${waiting.checkout._id}/approve`;
    expectError(await callAs(app, owner, 'POST', approve), 409, errors.overCreditLimit(400, 0));
    const stillWaiting = await app.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, waiting.checkout._id));
    expect(stillWaiting).toEqual([{ status: 'awaiting_approval' }]);

    // With the limit raised, the approval invoices it (not payable by card: on account).
    const raised = await callAs(
      app,
      admin,
      'PUT',
      `/api/manageCompanies/${await companyIdOf(app, owner)}/terms`,
      {
        paymentTermsDays: 30,
        creditLimit: 900,
        poNumberRequired: false,
        taxExempt: false,
      },
    );
    expect(raised.statusCode, raised.body).toBe(200);
    const approved = await callAs(app, owner, 'POST', approve);
    expect(approved.statusCode, approved.body).toBe(200);
    const lines = await app.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, waiting.checkout._id));
    expect(lines).toEqual([{ status: 'invoiced' }]);
    const [invoice] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, waiting.checkout._id));
    expect(invoice).toMatchObject({ totalCents: 40_000, paymentTermsDays: 30, paidAt: null });
    const mail = await latestOutboxMail(app, buyer.email, 'approved');
    expect(mail.text).toContain(invoice!.number);
  });
});

async function companyIdOf(app: App, account: TestAccount): Promise<string | undefined> {
  const view = (await callAs(app, account, 'GET', '/api/company')).json() as {
    company: { _id: string } | null;
  };
  return view.company?._id;
}

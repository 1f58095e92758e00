import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CompanyInvoicesSchema, texts, type CompanyInvoices } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { companyOnTerms } from '../../testing/on-account.ts';
import { checkOut, fillCart } from '../../testing/cart-lines.ts';
import { callAs, joinedMember } from '../../testing/companies.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { invoices } from './invoices.table.ts';

// Issue 45 item 7: a company's open invoices on its Company page. Its admins see every open
// invoice of the company, its buyers those of their own checkouts, each one's PDF too; nothing
// of another company's shows, and an account of no company is told 404.

const clock = { now: new Date('2031-03-01T09:00:00Z') };
const it = appTest({ config: UNCAPPED_ORDERS, now: () => clock.now });
const DAY_MS = 24 * 60 * 60 * 1000;
const notYours = texts.receivables.errors.notAnInvoiceOfYours;

/** A company (its admin and a buyer) on net `days` terms with $10,000 of credit. */
const companyOnNet = (app: App, shopAdmin: TestAccount, legalName: string, days = 30) =>
  companyOnTerms(app, shopAdmin, legalName, { paymentTermsDays: days, creditLimit: 10_000 });

/** `account` checks out `quantity` units of `tool` ($100.00 each) on account (more than the
 * minimum of 1): its checkout. */
async function onAccount(
  app: App,
  account: TestAccount,
  tool: { id: string; priceCents: number },
  quantity: number,
  poNumber = '',
) {
  await fillCart(app, account, [{ tool, quantity }]);
  const placed = await checkOut(app, account, { payment: 'account', poNumber });
  expect(placed.checkout.status).toBe('invoiced');
  return placed.checkout;
}

async function invoiceOf(app: App, checkoutId: string) {
  const [row] = await app.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, checkoutId));
  return row!;
}

async function listOf(app: App, account: TestAccount): Promise<CompanyInvoices> {
  const response = await callAs(app, account, 'GET', '/api/company/invoices');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return CompanyInvoicesSchema.parse(response.json());
}

const pdfUrl = (id: string) => `/api/company/invoices/${id}/invoice.pdf`;

describe("the company's open invoices (issue 45 item 7)", () => {
  it('shows its admins every open invoice, due date first, and its buyers their own', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2031-03-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnNet(app, admin, 'Open Book Ltd');
    const second = await joinedMember(app, owner, 'Open Book Second Buyer');
    const tool = await createTestTool(app, {
      name: 'Ledger Mallet',
      priceCents: 10_000,
      minOrderQuantity: 1,
      availableQuantity: 1_000,
    });

    const first = await onAccount(app, buyer, tool, 3, 'PO-100');
    clock.now = new Date('2031-03-02T09:00:00Z');
    const theirs = await onAccount(app, second, tool, 2);
    clock.now = new Date('2031-02-20T09:00:00Z');
    // Issued earlier, so due earlier: first in the list.
    const owners = await onAccount(app, owner, tool, 2, 'PO-OWN');
    const firstInvoice = await invoiceOf(app, first._id);
    const ownersInvoice = await invoiceOf(app, owners._id);
    const theirsInvoice = await invoiceOf(app, theirs._id);

    clock.now = new Date('2031-03-05T09:00:00Z');
    const all = await listOf(app, owner);
    expect(all.invoices.map((invoice) => invoice._id)).toEqual([
      ownersInvoice.id,
      firstInvoice.id,
      theirsInvoice.id,
    ]);
    expect(all.invoices[1]).toEqual({
      _id: firstInvoice.id,
      number: firstInvoice.number,
      checkoutId: first._id,
      poNumber: 'PO-100',
      buyerName: 'Open Book Ltd Buyer',
      issuedAt: '2031-03-01T09:00:00.000Z',
      dueAt: '2031-03-31T09:00:00.000Z',
      daysOverdue: 0,
      total: 300,
      received: 0,
      credited: 0,
      open: 300,
    });

    // A buyer sees the invoices of their own checkouts only.
    const mine = await listOf(app, buyer);
    expect(mine.invoices.map((invoice) => invoice._id)).toEqual([firstInvoice.id]);
    const secondOwn = await listOf(app, second);
    expect(secondOwn.invoices.map((invoice) => invoice._id)).toEqual([theirsInvoice.id]);
  });

  it('leaves out a settled invoice and shows what is open of one partly received', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2031-04-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnNet(app, admin, 'Settled Up Ltd');
    const tool = await createTestTool(app, {
      name: 'Settled Saw',
      priceCents: 10_000,
      minOrderQuantity: 1,
      availableQuantity: 1_000,
    });
    const settled = await invoiceOf(app, (await onAccount(app, buyer, tool, 2))._id);
    const partly = await invoiceOf(app, (await onAccount(app, buyer, tool, 4))._id);
    await app.database.db
      .update(invoices)
      .set({ receivedCents: 20_000, paidAt: clock.now, transactionId: 'BANK-SETTLED-1' })
      .where(eq(invoices.id, settled.id));
    await app.database.db
      .update(invoices)
      .set({ receivedCents: 15_050, creditedCents: 4_950 })
      .where(eq(invoices.id, partly.id));

    for (const account of [owner, buyer]) {
      const { invoices: listed } = await listOf(app, account);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        _id: partly.id,
        total: 400,
        received: 150.5,
        credited: 49.5,
        open: 200,
      });
    }
    // The settled one's PDF is not among them either.
    expectError(await callAs(app, owner, 'GET', pdfUrl(settled.id)), 404, notYours);
  });

  it('counts whole days past the due date', async ({ app, admin }) => {
    clock.now = new Date('2031-05-01T09:00:00Z');
    const { admin: owner } = await companyOnNet(app, admin, 'Late Payers Ltd', 7);
    const tool = await createTestTool(app, {
      name: 'Late Level',
      priceCents: 10_000,
      minOrderQuantity: 1,
      availableQuantity: 1_000,
    });
    await onAccount(app, owner, tool, 2);
    const daysOverdueAt = async (at: Date) => {
      clock.now = at;
      return (await listOf(app, owner)).invoices[0]?.daysOverdue;
    };
    const due = new Date('2031-05-08T09:00:00Z').getTime();
    expect(await daysOverdueAt(new Date(due - DAY_MS))).toBe(0);
    expect(await daysOverdueAt(new Date(due))).toBe(0);
    expect(await daysOverdueAt(new Date(due + DAY_MS - 60_000))).toBe(0);
    expect(await daysOverdueAt(new Date(due + DAY_MS))).toBe(1);
    expect(await daysOverdueAt(new Date(due + 12 * DAY_MS + 3_600_000))).toBe(12);
  });

  it("draws an open invoice's PDF for whom it lists it, and 404 for anyone else", async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2031-06-01T09:00:00Z');
    const { admin: owner, buyer } = await companyOnNet(app, admin, 'Paper Trail Ltd');
    const second = await joinedMember(app, owner, 'Paper Trail Second Buyer');
    const { admin: stranger, buyer: strangersBuyer } = await companyOnNet(
      app,
      admin,
      'Other Paper Ltd',
    );
    const loner = await signUpVerifiedAccount(app, { name: 'Paperless Loner' });
    const tool = await createTestTool(app, {
      name: 'Trail Rule',
      priceCents: 10_000,
      minOrderQuantity: 1,
      availableQuantity: 1_000,
    });
    const invoice = await invoiceOf(app, (await onAccount(app, buyer, tool, 2, 'PO-PDF-9'))._id);
    const others = await invoiceOf(app, (await onAccount(app, strangersBuyer, tool, 2))._id);

    for (const account of [owner, buyer]) {
      const response = await callAs(app, account, 'GET', pdfUrl(invoice.id));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${invoice.number}.pdf"`,
      );
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = (await readPdf(response.rawPayload)).text;
      expect(text).toContain(invoice.number);
      expect(text).toContain('PO-PDF-9');
    }

    // Another buyer of the company, another company's members, an unknown or malformed id: 404.
    expectError(await callAs(app, second, 'GET', pdfUrl(invoice.id)), 404, notYours);
    expectError(await callAs(app, stranger, 'GET', pdfUrl(invoice.id)), 404, notYours);
    expectError(await callAs(app, strangersBuyer, 'GET', pdfUrl(invoice.id)), 404, notYours);
    expectError(await callAs(app, owner, 'GET', pdfUrl(others.id)), 404, notYours);
    expectError(
      await callAs(app, owner, 'GET', pdfUrl('00000000-0000-4000-8000-000000000000')),
      404,
      notYours,
    );
    expectError(await callAs(app, owner, 'GET', pdfUrl('not-an-id')), 404, notYours);

    // An account of no company: 404 as Company Orders tells it, and a shop admin belongs to none.
    for (const account of [loner, admin]) {
      expectError(
        await callAs(app, account, 'GET', '/api/company/invoices'),
        404,
        texts.companyErrors.noCompany,
      );
      expectError(
        await callAs(app, account, 'GET', pdfUrl(invoice.id)),
        404,
        texts.companyErrors.noCompany,
      );
    }
    // Another company's admin sees their own company's, not this one's.
    expect((await listOf(app, stranger)).invoices.map((row) => row._id)).toEqual([others.id]);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { ManagedOrdersPageSchema, MyCompanySchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { readPdf } from '../../testing/pdf.ts';
import { injectAs } from '../../testing/requests.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';

// Issue 44 item 4: every checkout of a member is the company's, and its invoice carries the
// company's legal name, tax number and billing address, copied when the invoice is issued.

const it = appTest();

const DETAILS = {
  legalName: 'Harbour Hardware plc',
  taxNumber: 'GB 987 6543 21',
  billingAddress: 'Accounts Payable\n9 Quay Street\nBristol BS1 4DJ',
};

async function call(app: App, account: TestAccount, method: string, url: string, payload?: object) {
  const response = await injectAs(app, account, {
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A company whose admin invited `buyer`, who joined. */
async function companyWithBuyer(app: App): Promise<{ admin: TestAccount; buyer: TestAccount }> {
  const admin = await signUpVerifiedAccount(app, { name: 'Hal Admin' });
  await call(app, admin, 'POST', '/api/company', DETAILS);
  const buyer = await signUpVerifiedAccount(app, { name: 'Bea Buyer' });
  await call(app, admin, 'POST', '/api/company/invitations', { email: buyer.email });
  const mail = await latestOutboxMail(app, buyer.email, 'invited');
  const token = /#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
  await call(app, buyer, 'POST', '/api/company/invitations/accept', { token });
  return { admin, buyer };
}

async function invoiceText(app: App, account: TestAccount, checkoutId: string): Promise<string> {
  const response = await injectAs(app, account, {
    url: `/api/checkouts/${checkoutId}/invoice.pdf`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (await readPdf(response.rawPayload)).text;
}

describe("a company's checkouts and their invoices (issue 44)", () => {
  it("a member's checkout is the company's; its invoice bills the company as it was when issued", async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const company = MyCompanySchema.parse((await call(app, buyer, 'GET', '/api/company')).json());
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const checkout = await placeTestCheckout(app, buyer, [{ tool, quantity: 20 }], {
      address: '12 Dock Road\nAvonmouth BS11 9AA',
    });
    const [stored] = await app.database.db
      .select({ companyId: checkouts.companyId })
      .from(checkouts)
      .where(eq(checkouts.id, checkout._id));
    expect(stored?.companyId).toBe(company.company?._id);

    await payCheckout(app, buyer, checkout);
    const text = await invoiceText(app, buyer, checkout._id);
    for (const part of [
      DETAILS.legalName,
      'Accounts Payable',
      '9 Quay Street',
      'Bristol BS1 4DJ',
      `VAT number ${DETAILS.taxNumber}`,
      'Ship to:',
      '12 Dock Road',
      'Bea Buyer',
    ]) {
      expect(text).toContain(part);
    }

    // A later change of the company's details never rewrites the issued invoice.
    await call(app, admin, 'PATCH', '/api/company', {
      ...DETAILS,
      legalName: 'Harbour Hardware Group plc',
    });
    const again = await invoiceText(app, buyer, checkout._id);
    expect(again).toContain(DETAILS.legalName);
    expect(again).not.toContain('Harbour Hardware Group plc');

    // The buyer leaves: the checkout stays the company's.
    await call(app, buyer, 'DELETE', `/api/company/members/${buyer.userId}`);
    const [kept] = await app.database.db
      .select({ companyId: checkouts.companyId })
      .from(checkouts)
      .where(eq(checkouts.id, checkout._id));
    expect(kept?.companyId).toBe(company.company?._id);
  });

  it("a buyer of no company: the checkout is no company's, the invoice as typed at checkout", async ({
    app,
    customer,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });
    const checkout = await placeTestCheckout(app, customer, [{ tool, quantity: 15 }], {
      companyName: 'Typed Trading Ltd',
    });
    const [stored] = await app.database.db
      .select({ companyId: checkouts.companyId })
      .from(checkouts)
      .where(eq(checkouts.id, checkout._id));
    expect(stored?.companyId).toBeNull();
    await payCheckout(app, customer, checkout);
    const text = await invoiceText(app, customer, checkout._id);
    expect(text).toContain('Typed Trading Ltd');
    expect(text).not.toContain('Ship to:');
  });

  it('Company Orders: its admins see every checkout of the company, its buyers their own, others 404', async ({
    app,
  }) => {
    const { admin, buyer } = await companyWithBuyer(app);
    const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 900 });
    const ofBuyer = await placeTestCheckout(app, buyer, [{ tool, quantity: 11 }], {
      poNumber: 'PO-BUYER-1',
    });
    const ofAdmin = await placeTestCheckout(app, admin, [{ tool, quantity: 12 }]);
    await payCheckout(app, admin, ofAdmin);
    // Another company's checkout, and a buyer of none.
    const other = await companyWithBuyer(app);
    const elsewhere = await placeTestCheckout(app, other.buyer, [{ tool, quantity: 13 }]);
    const loner = await signUpVerifiedAccount(app);
    await placeTestCheckout(app, loner, [{ tool, quantity: 14 }]);

    const pageOf = async (account: TestAccount, query = '') =>
      ManagedOrdersPageSchema.parse(
        (await call(app, account, 'GET', `/api/company/orders${query}`)).json(),
      );
    const adminView = await pageOf(admin);
    expect(adminView.orders.map((order) => order.checkoutId)).toEqual([ofAdmin._id, ofBuyer._id]);
    expect(adminView.orders[1]).toMatchObject({
      customerName: 'Bea Buyer',
      poNumber: 'PO-BUYER-1',
    });
    expect(adminView.checkouts).toBe(2);
    // Filtered as Manage Orders is.
    const paid = await pageOf(admin, '?status=paid');
    expect(paid.orders.map((order) => order.checkoutId)).toEqual([ofAdmin._id]);
    const found = await pageOf(admin, '?q=PO-BUYER');
    expect(found.orders.map((order) => order.checkoutId)).toEqual([ofBuyer._id]);
    // Paged by keyset: one checkout a page, then the next.
    const first = await pageOf(admin, '?pageSize=1');
    expect(first.orders.map((order) => order.checkoutId)).toEqual([ofAdmin._id]);
    const second = await pageOf(admin, `?pageSize=1&after=${encodeURIComponent(first.next ?? '')}`);
    expect(second.orders.map((order) => order.checkoutId)).toEqual([ofBuyer._id]);
    expect(second.next).toBeNull();

    const buyerView = await pageOf(buyer);
    expect(buyerView.orders.map((order) => order.checkoutId)).toEqual([ofBuyer._id]);
    const otherView = await pageOf(other.admin);
    expect(otherView.orders.map((order) => order.checkoutId)).toEqual([elsewhere._id]);
    const refused = await injectAs(app, loner, { url: '/api/company/orders' });
    expect(refused.statusCode).toBe(404);

    // The buyer leaves: the admin still sees their checkout; they see none of the company's.
    await call(app, buyer, 'DELETE', `/api/company/members/${buyer.userId}`);
    expect((await pageOf(admin)).orders.map((order) => order.checkoutId)).toContain(ofBuyer._id);
    expect((await injectAs(app, buyer, { url: '/api/company/orders' })).statusCode).toBe(404);
  });
});

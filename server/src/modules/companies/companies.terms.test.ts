import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ManagedCompanySchema,
  MyCompanySchema,
  PAYMENT_TERMS_DAYS,
  texts,
} from '@tools-factory/contract';
import { appTest } from '../../testing/app-fixtures.ts';
import { callAs, companyWithBuyer } from '../../testing/companies.ts';
import { expectError } from '../../testing/requests.ts';

// Issue 45 item 1: a shop admin sets a company's payment terms, credit limit, PO rule and tax
// exemption on the Companies page; every member sees them.

const it = appTest();
const words = texts.companyErrors;

const termsUrl = (companyId: string) => `/api/manageCompanies/${companyId}/terms`;

describe("a company's terms (issue 45)", () => {
  it('are set whole by a shop admin and shown to the company and on its page', async ({
    app,
    admin,
  }) => {
    const {
      admin: owner,
      buyer,
      companyId,
    } = await companyWithBuyer(app, {
      legalName: 'Net Terms Ltd',
      taxNumber: 'GB123456789',
    });
    const before = MyCompanySchema.parse((await callAs(app, buyer, 'GET', '/api/company')).json());
    // A new company has none: card only, no credit, no PO rule, taxed.
    expect(before.company?.terms).toEqual({
      paymentTermsDays: null,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: false,
    });

    const terms = {
      paymentTermsDays: 30,
      creditLimit: 12_500.5,
      poNumberRequired: true,
      taxExempt: true,
    };
    const response = await callAs(app, admin, 'PUT', termsUrl(companyId), terms);
    expect(response.statusCode, response.body).toBe(200);
    expect(ManagedCompanySchema.parse(response.json()).company.terms).toEqual(terms);

    for (const member of [owner, buyer]) {
      const view = MyCompanySchema.parse((await callAs(app, member, 'GET', '/api/company')).json());
      expect(view.company?.terms).toEqual(terms);
    }
    const page = await callAs(app, admin, 'GET', `/api/manageCompanies/${companyId}`);
    expect(ManagedCompanySchema.parse(page.json()).company.terms).toEqual(terms);

    // Back to card only.
    const none = {
      paymentTermsDays: null,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: false,
    };
    const cleared = await callAs(app, admin, 'PUT', termsUrl(companyId), none);
    expect(ManagedCompanySchema.parse(cleared.json()).company.terms).toEqual(none);
  });

  it('refuses terms not offered, a negative or third-decimal limit and missing fields, in words', async ({
    app,
    admin,
  }) => {
    const { companyId } = await companyWithBuyer(app, { legalName: 'Bad Terms Ltd' });
    const valid = {
      paymentTermsDays: 30,
      creditLimit: 100,
      poNumberRequired: false,
      taxExempt: false,
    };
    for (const [change, message] of [
      [{ paymentTermsDays: 31 }, words.badPaymentTerms(PAYMENT_TERMS_DAYS)],
      [{ paymentTermsDays: '30' }, words.badPaymentTerms(PAYMENT_TERMS_DAYS)],
      [{ creditLimit: -1 }, undefined],
      [{ creditLimit: 10.005 }, undefined],
      [{ poNumberRequired: 'yes' }, words.trueOrFalse('poNumberRequired')],
      [{ taxExempt: undefined }, words.trueOrFalse('taxExempt')],
    ] as const) {
      const response = await callAs(app, admin, 'PUT', termsUrl(companyId), {
        ...valid,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    const view = await callAs(app, admin, 'GET', `/api/manageCompanies/${companyId}`);
    expect(ManagedCompanySchema.parse(view.json()).company.terms.paymentTermsDays).toBeNull();
    // Every term offered is taken.
    for (const days of PAYMENT_TERMS_DAYS) {
      const response = await callAs(app, admin, 'PUT', termsUrl(companyId), {
        ...valid,
        paymentTermsDays: days,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('makes a company tax-exempt only with its tax number, which it then keeps', async ({
    app,
    admin,
  }) => {
    const { admin: owner, companyId } = await companyWithBuyer(app, { legalName: 'Exempt Ltd' });
    const exempt = {
      paymentTermsDays: null,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: true,
    };
    expectError(
      await callAs(app, admin, 'PUT', termsUrl(companyId), exempt),
      409,
      words.taxExemptNeedsTaxNumber,
    );
    const details = { legalName: 'Exempt Ltd', billingAddress: '1 Ledger Lane' };
    expect(
      (await callAs(app, owner, 'PATCH', '/api/company', { ...details, taxNumber: 'DE811907980' }))
        .statusCode,
    ).toBe(200);
    expect((await callAs(app, admin, 'PUT', termsUrl(companyId), exempt)).statusCode).toBe(200);
    // Its admins cannot clear the number while it is exempt; the database refuses it too.
    expectError(
      await callAs(app, owner, 'PATCH', '/api/company', { ...details, taxNumber: '' }),
      409,
      words.taxExemptNeedsTaxNumber,
    );
    await expect(
      app.database.db.execute(sql`update companies set tax_number = '' where id = ${companyId}`),
    ).rejects.toThrow();
    await expect(
      app.database.db.execute(
        sql`update companies set payment_terms_days = 31 where id = ${companyId}`,
      ),
    ).rejects.toThrow();
  });

  it('answers 404 for no company of the id', async ({ app, admin }) => {
    const terms = {
      paymentTermsDays: 30,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: false,
    };
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expectError(await callAs(app, admin, 'PUT', termsUrl(id), terms), 404, words.companyNotFound);
    }
  });
});

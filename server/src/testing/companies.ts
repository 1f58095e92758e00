import { expect } from 'vitest';
import { MyCompanySchema, type CompanyRole, type MyCompany } from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { TestAccount } from './accounts.ts';
import { latestOutboxMail } from './mail.ts';
import { injectAs } from './requests.ts';
import { signUpVerifiedAccount } from './verified-accounts.ts';

/** A call of `account`'s, with a JSON body when given: the answer as it comes. */
export function callAs(
  app: App,
  account: TestAccount,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return injectAs(app, account, { method, url, ...(payload ? { payload } : {}) });
}

/** The company as a /company call answered it (fails on anything but a 2xx). */
export function companyView(response: {
  statusCode: number;
  body: string;
  json(): unknown;
}): MyCompany {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return MyCompanySchema.parse(response.json());
}

/** `admin`'s new company (issue 44), made through the API. */
export async function createCompany(
  app: App,
  admin: TestAccount,
  details: { legalName: string; billingAddress?: string; taxNumber?: string },
): Promise<MyCompany> {
  return companyView(
    await callAs(app, admin, 'POST', '/api/company', {
      billingAddress: '1 Ledger Lane',
      ...details,
    }),
  );
}

/** A new verified account that joined `admin`'s company as `role`, by the e-mailed link. */
export async function joinedMember(
  app: App,
  admin: TestAccount,
  name: string,
  role: CompanyRole = 'buyer',
): Promise<TestAccount> {
  const account = await signUpVerifiedAccount(app, { name });
  companyView(
    await callAs(app, admin, 'POST', '/api/company/invitations', { email: account.email, role }),
  );
  const mail = await latestOutboxMail(app, account.email, 'invited');
  const token = /#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
  companyView(await callAs(app, account, 'POST', '/api/company/invitations/accept', { token }));
  return account;
}

/** A company made by a new verified admin, with one buyer who joined it. */
export async function companyWithBuyer(
  app: App,
  names: { legalName: string; admin?: string; buyer?: string; taxNumber?: string },
): Promise<{ admin: TestAccount; buyer: TestAccount; companyId: string }> {
  const admin = await signUpVerifiedAccount(app, {
    name: names.admin ?? `${names.legalName} Admin`,
  });
  const created = await createCompany(app, admin, {
    legalName: names.legalName,
    ...(names.taxNumber ? { taxNumber: names.taxNumber } : {}),
  });
  const buyer = await joinedMember(app, admin, names.buyer ?? `${names.legalName} Buyer`);
  return { admin, buyer, companyId: created.company!._id };
}

import { expect } from 'vitest';
import type { CheckoutResponse } from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { TestAccount } from './accounts.ts';
import { checkOut, fillCart } from './cart-lines.ts';
import { callAs, companyWithBuyer } from './companies.ts';
import { createTestTool } from './factories.ts';

/** A company's terms as a shop admin sets them (issue 45); the PO rule and exemption off. */
export type TestTerms = {
  paymentTermsDays: number | null;
  creditLimit: number;
  poNumberRequired?: boolean;
  taxExempt?: boolean;
};

/** A company (its admin and a buyer) with these terms, set by the shop's admin. */
export async function companyOnTerms(
  app: App,
  shopAdmin: TestAccount,
  legalName: string,
  terms: TestTerms,
) {
  const company = await companyWithBuyer(app, { legalName });
  const response = await callAs(
    app,
    shopAdmin,
    'PUT',
    `/api/manageCompanies/${company.companyId}/terms`,
    { poNumberRequired: false, taxExempt: false, ...terms },
  );
  expect(response.statusCode, response.body).toBe(200);
  return company;
}

/** A tool of `priceCents` a unit (by default $100.00), any quantity from 1. */
export function toolAt(app: App, name: string, priceCents = 10_000) {
  return createTestTool(app, { name, priceCents, minOrderQuantity: 1, availableQuantity: 1_000 });
}

/** A checkout of these lines placed on account by `buyer` (201), with this PO number. */
export async function checkOutOnAccount(
  app: App,
  buyer: TestAccount,
  lines: readonly { tool: { id: string; priceCents: number }; quantity: number }[],
  poNumber = 'PO-1001',
): Promise<CheckoutResponse> {
  await fillCart(app, buyer, lines);
  return checkOut(app, buyer, { payment: 'account', poNumber });
}

import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { companies, companyAddresses, companyMembers } from './companies.table.ts';

/*
 * What the orders' placement reads of company accounts (issue 44): the buyer's company and
 * monthly limit as fragments of its own first statement (a placement runs no query of its own
 * for them), and, for a checkout past the limit, who approves it.
 */

/** The id of the company `userId` belongs to (null for none), as a scalar subquery. */
export function companyOfAccountSql(userId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;
}

/**
 * A buyer's monthly spending limit in cents, as a scalar subquery: null when the account has none,
 * belongs to no company, or is a company admin (whose orders need no approval).
 */
export function spendingLimitOfAccountSql(userId: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select ${companyMembers.monthlyLimitCents} from ${companyMembers}
    where ${companyMembers.userId} = ${userId} and ${companyMembers.role} = 'buyer')`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );
}

/**
 * Who decides on a buyer's checkout past their limit: the company's admins (their account ids),
 * and the company's legal name for the e-mail, read in the placement's transaction.
 */
export async function selectApproversOf(
  executor: Executor,
  companyId: string,
): Promise<{ companyName: string; adminIds: string[] }> {
  const rows = await executor
    .select({ userId: companyMembers.userId, companyName: companies.legalName })
    .from(companies)
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.role, 'admin')),
    )
    .where(eq(companies.id, companyId));
  return {
    companyName: rows[0]?.companyName ?? '',
    adminIds: rows.flatMap((row) => row.userId ?? []),
  };
}

/**
 * Whether the company `userId` belongs to ships only to its own addresses (false for an account
 * of none), as a scalar subquery of the placement's first statement.
 */
export function addressesLockedOfAccountSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`coalesce((select ${companies.addressesLocked} from ${companies}
    join ${companyMembers} on ${companyMembers.companyId} = ${companies.id}
    where ${companyMembers.userId} = ${userId}), false)`.mapWith(
    (value: unknown) => value === true || value === 't' || value === 'true',
  );
}

/** A ship-to address as a checkout copies it. */
export type ShipTo = { id: string; label: string; name: string; address: string; phone: string };

/**
 * One of the ship-to addresses of the company `userId` belongs to, read in the placement's
 * transaction and kept from being removed until it commits (FOR SHARE); undefined for an address
 * of another company, or none.
 */
export async function selectShipToOfMember(
  tx: Executor,
  userId: string,
  addressId: string,
): Promise<ShipTo | undefined> {
  const [row] = await tx
    .select({
      id: companyAddresses.id,
      label: companyAddresses.label,
      name: companyAddresses.name,
      address: companyAddresses.address,
      phone: companyAddresses.phone,
    })
    .from(companyAddresses)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companyAddresses.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companyAddresses.id, addressId)))
    .for('share', { of: companyAddresses });
  return row;
}

/**
 * Whether the company `userId` belongs to asks for a PO number on every checkout (issue 45; false
 * for an account of none), as a scalar subquery of the placement's first statement.
 */
export function poNumberRequiredOfAccountSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`coalesce((select ${companies.poNumberRequired} from ${companies}
    join ${companyMembers} on ${companyMembers.companyId} = ${companies.id}
    where ${companyMembers.userId} = ${userId}), false)`.mapWith(
    (value: unknown) => value === true || value === 't' || value === 'true',
  );
}

/**
 * Whether the company `userId` belongs to is tax-exempt (issue 45: its orders are booked reverse
 * charge, at 0 %; false for an account of none), as a scalar subquery.
 */
export function taxExemptOfAccountSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`coalesce((select ${companies.taxExempt} from ${companies}
    join ${companyMembers} on ${companyMembers.companyId} = ${companies.id}
    where ${companyMembers.userId} = ${userId}), false)`.mapWith(
    (value: unknown) => value === true || value === 't' || value === 'true',
  );
}

/** Whether the company `userId` belongs to is tax-exempt (the cart's tax, issue 45). */
export async function selectTaxExemptOfAccount(
  executor: Executor,
  userId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ exempt: companies.taxExempt })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(eq(companyMembers.userId, userId));
  return row?.exempt === true;
}

/** What the shop agreed with a company (issue 45), as a checkout on account reads it. */
export type CompanyTermsOfOrder = {
  companyId: string;
  paymentTermsDays: number | null;
  creditLimitCents: number;
  poNumberRequired: boolean;
};

const termsColumns = {
  companyId: companies.id,
  paymentTermsDays: companies.paymentTermsDays,
  creditLimitCents: companies.creditLimitCents,
  poNumberRequired: companies.poNumberRequired,
};

/** The terms of the company `userId` belongs to (undefined for none), read as they stand. */
export async function selectTermsOfMember(
  executor: Executor,
  userId: string,
): Promise<CompanyTermsOfOrder | undefined> {
  const [row] = await executor
    .select(termsColumns)
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * The company's terms with its row locked until `tx` ends (issue 45): every checkout on account
 * of the company takes it before it reads the open invoices, so two at once (two buyers hold two
 * placement locks) add up their credit one after the other.
 */
export async function lockTermsOfCompany(
  tx: Transaction,
  companyId: string,
): Promise<CompanyTermsOfOrder | undefined> {
  const [row] = await tx
    .select(termsColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    // Not FOR UPDATE: the checkout's own rows took KEY SHARE of it (their foreign keys), which
    // FOR UPDATE would wait on across two checkouts (a deadlock); this conflicts only with
    // itself and with writes of the row.
    .for('no key update');
  return row;
}

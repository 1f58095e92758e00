import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';
import type { CompanyRole } from '@tools-factory/contract';
import type { Executor, Transaction } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import {
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
} from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type MemberRow = typeof companyMembers.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyDetails = Pick<CompanyRow, 'legalName' | 'taxNumber' | 'billingAddress'>;

/** What the shop agreed with a company (issue 45), as stored. */
export type CompanyTermsRow = Pick<
  CompanyRow,
  'paymentTermsDays' | 'creditLimitCents' | 'poNumberRequired' | 'taxExempt'
>;
export type AddressRow = typeof companyAddresses.$inferSelect;
export type AddressFields = Pick<AddressRow, 'label' | 'name' | 'address' | 'phone'>;

/** The invitation waits for its answer: pending, and (with `now`) not expired then. */
function isPending(now?: Date): SQL {
  const pending = eq(companyInvitations.status, 'pending');
  return (now ? and(pending, gt(companyInvitations.expiresAt, now)) : pending) ?? pending;
}

export async function insertCompany(tx: Transaction, details: CompanyDetails): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(details).returning();
  if (!row) throw new Error('insert into companies returned no row');
  return row;
}

/**
 * Makes an account a member. The account is the table's key: a second company for the same
 * account is refused by the database (a unique violation the caller answers with 409), even for
 * two requests at once.
 */
export async function insertMember(
  tx: Transaction,
  member: { userId: string; companyId: string; role: CompanyRole },
): Promise<void> {
  await tx.insert(companyMembers).values(member);
}

/** The company an account belongs to, and as what; undefined when it belongs to none. */
export async function selectMembershipOf(
  executor: Executor,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await executor
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row;
}

export async function selectCompany(
  executor: Executor,
  id: string,
): Promise<CompanyRow | undefined> {
  const [row] = await executor.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * The company's row, locked until `tx` ends: every change of its members (a role, a removal, an
 * acceptance) takes it first, so two of them never both count the admins before either writes.
 */
export async function lockCompany(tx: Transaction, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function updateCompany(
  tx: Transaction,
  id: string,
  details: CompanyDetails,
  at: Date,
): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ ...details, updatedAt: at })
    .where(eq(companies.id, id))
    .returning();
  if (!row) throw new Error(`company ${id} was locked yet not updated`);
  return row;
}

/** The company's terms (issue 45), its row locked by the caller (lockCompany). */
export async function updateCompanyTerms(
  tx: Transaction,
  id: string,
  terms: CompanyTermsRow,
  at: Date,
): Promise<void> {
  await tx
    .update(companies)
    .set({ ...terms, updatedAt: at })
    .where(eq(companies.id, id));
}

/** The company's members, admins first, then as they joined. */
export function selectMembers(executor: Executor, companyId: string): Promise<MemberRow[]> {
  return executor
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.role), asc(companyMembers.joinedAt), asc(companyMembers.userId));
}

/** How many admins the company has (read after a change, in its transaction). */
export async function countAdmins(executor: Executor, companyId: string): Promise<number> {
  const [row] = await executor
    .select({ admins: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return row?.admins ?? 0;
}

/** How many members and pending invitations (not expired at `now`) the company has. */
export async function countSeats(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<number> {
  const [[members], [invited]] = await Promise.all([
    executor
      .select({ seats: count() })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId)),
    executor
      .select({ seats: count() })
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), isPending(now))),
  ]);
  return (members?.seats ?? 0) + (invited?.seats ?? 0);
}

/**
 * A member's role, or monthly limit (cents; null for none), as `change` gives them; a member
 * made an admin loses their limit (an admin's orders need no approval). Undefined for anyone who
 * is not a member of the company.
 */
export async function updateMember(
  tx: Transaction,
  companyId: string,
  userId: string,
  change: { role?: CompanyRole; monthlyLimitCents?: number | null },
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .update(companyMembers)
    .set({
      ...(change.role === undefined ? {} : { role: change.role }),
      ...(change.role === 'admin' ? { monthlyLimitCents: null } : {}),
      ...(change.monthlyLimitCents === undefined
        ? {}
        : { monthlyLimitCents: change.monthlyLimitCents }),
    })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning();
  return row;
}

export async function deleteMember(
  tx: Transaction,
  companyId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning();
  return row;
}

/** The company's invitations still pending and not expired at `now`, newest first. */
export function selectPendingInvitations(
  executor: Executor,
  companyId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return executor
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isPending(now)))
    .orderBy(sql`${companyInvitations.createdAt} desc`, asc(companyInvitations.id));
}

/** Revokes the company's pending invitations to `email` (a new one replaces them). */
export async function revokePendingInvitationsTo(
  tx: Transaction,
  companyId: string,
  email: string,
  at: Date,
): Promise<void> {
  await tx
    .update(companyInvitations)
    .set({ status: 'revoked', answeredAt: at })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.email, email),
        isPending(),
      ),
    );
}

export async function insertInvitation(
  tx: Transaction,
  invitation: typeof companyInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await tx.insert(companyInvitations).values(invitation).returning();
  if (!row) throw new Error('insert into company_invitations returned no row');
  return row;
}

/** How many invitations went to `email` since `since`, from any company: the inbox's limit. */
export async function countInvitationsTo(
  executor: Executor,
  email: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ sent: count() })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.email, email), gt(companyInvitations.createdAt, since)));
  return row?.sent ?? 0;
}

/** Revokes one of the company's pending invitations; undefined when there is none such. */
export async function revokeInvitation(
  tx: Transaction,
  companyId: string,
  id: string,
  at: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(companyInvitations)
    .set({ status: 'revoked', answeredAt: at })
    .where(
      and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isPending()),
    )
    .returning();
  return row;
}

/** The pending invitation whose link's secret hashes to `tokenHash`, if it works at `now`. */
export async function selectUsableInvitation(
  executor: Executor,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await executor
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.tokenHash, tokenHash), isPending(now)));
  return row;
}

/**
 * Marks the invitation accepted, if it is still pending and working at `now`: one conditional
 * UPDATE, so that a link is used once however many tabs open it.
 */
export async function markInvitationAccepted(
  tx: Transaction,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(companyInvitations)
    .set({ status: 'accepted', answeredAt: now })
    .where(and(eq(companyInvitations.id, id), isPending(now)))
    .returning();
  return row;
}

/** Whether the company's checkouts ship only to its own addresses. */
export async function updateAddressesLocked(
  tx: Transaction,
  companyId: string,
  locked: boolean,
  at: Date,
): Promise<void> {
  await tx
    .update(companies)
    .set({ addressesLocked: locked, updatedAt: at })
    .where(eq(companies.id, companyId));
}

/** The company's ship-to addresses, by label. */
export function selectAddresses(executor: Executor, companyId: string): Promise<AddressRow[]> {
  return executor
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(sql`lower(${companyAddresses.label})`), asc(companyAddresses.id));
}

export async function countAddresses(executor: Executor, companyId: string): Promise<number> {
  const [row] = await executor
    .select({ count: count() })
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId));
  return row?.count ?? 0;
}

/** A new ship-to address; a label the company uses already is a unique violation (409). */
export async function insertAddress(
  tx: Transaction,
  companyId: string,
  fields: AddressFields,
): Promise<void> {
  await tx.insert(companyAddresses).values({ companyId, ...fields });
}

/** Undefined when the company has no address of this id. */
export async function updateAddress(
  tx: Transaction,
  companyId: string,
  id: string,
  fields: AddressFields,
  at: Date,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .update(companyAddresses)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)))
    .returning();
  return row;
}

/** Undefined when the company has no address of this id; placed checkouts keep their copy. */
export async function deleteAddress(
  tx: Transaction,
  companyId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)))
    .returning();
  return row;
}

/** Each of these accounts' company and role in it (an account of none is left out). */
export function selectMembershipsOf(
  executor: Executor,
  userIds: readonly string[],
): Promise<{ userId: string; role: CompanyRole; companyId: string; legalName: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return executor
    .select({
      userId: companyMembers.userId,
      role: companyMembers.role,
      companyId: companies.id,
      legalName: companies.legalName,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(inArray(companyMembers.userId, [...userIds]));
}

/** How many members each of these companies has. */
export async function countMembersOf(
  executor: Executor,
  companyIds: readonly string[],
): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await executor
    .select({ companyId: companyMembers.companyId, count: count() })
    .from(companyMembers)
    .where(inArray(companyMembers.companyId, [...companyIds]))
    .groupBy(companyMembers.companyId);
  return new Map(rows.map((row) => [row.companyId, row.count]));
}

/** The admins of each of these companies (their account ids). */
export async function selectAdminIdsOf(
  executor: Executor,
  companyIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (companyIds.length === 0) return new Map();
  const rows = await executor
    .select({ companyId: companyMembers.companyId, userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(inArray(companyMembers.companyId, [...companyIds]), eq(companyMembers.role, 'admin')),
    )
    .orderBy(asc(companyMembers.joinedAt));
  const byCompany = new Map<string, string[]>();
  for (const row of rows)
    byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.userId]);
  return byCompany;
}

/**
 * A page of companies for the shop's admins, newest first (then by id), `q` in the legal name
 * or tax number; the page after `after`, how many match, and where the next page starts.
 */
export async function selectCompaniesPage(
  executor: Executor,
  page: { q?: string | undefined; limit: number; after?: KeysetCursor | undefined },
): Promise<{ rows: CompanyRow[]; total: number; next: KeysetCursor | undefined }> {
  const pattern = page.q ? containsPattern(page.q) : undefined;
  const matches = pattern
    ? or(ilike(companies.legalName, pattern), ilike(companies.taxNumber, pattern))
    : undefined;
  const { after } = page;
  const found = await executor
    .select({ company: companies, cursorDate: cursorTime(companies.createdAt) })
    .from(companies)
    .where(
      and(
        matches,
        after ? pastCursor(companies.createdAt, companies.id, '<', after, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(keysetPageLimit(page.limit));
  const [total] = await executor.select({ count: count() }).from(companies).where(matches);
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.company.id,
  }));
  return { rows: rows.map((row) => row.company), total: total?.count ?? 0, next };
}

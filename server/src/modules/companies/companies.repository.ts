import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { CompanyRole } from '@tools-factory/contract';
import type { Executor, Transaction } from '../../db/client.ts';
import { companies, companyInvitations, companyMembers } from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type MemberRow = typeof companyMembers.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyDetails = Pick<CompanyRow, 'legalName' | 'taxNumber' | 'billingAddress'>;

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

export async function updateMemberRole(
  tx: Transaction,
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .update(companyMembers)
    .set({ role })
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

import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_INVITATION_DAYS,
  COMPANY_MAX_MEMBERS,
  texts,
  type ChangeMemberRoleInput,
  type Company,
  type CompanyInvitation,
  type CompanyMember,
  type CompanyRole,
  type InvitationPreview,
  type ManagedOrdersPage,
  type MyCompany,
} from '@tools-factory/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { companyInvitationMail } from '../../mail/templates/companies.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import {
  countAdmins,
  countInvitationsTo,
  countSeats,
  deleteMember,
  insertCompany,
  insertInvitation,
  insertMember,
  lockCompany,
  markInvitationAccepted,
  revokeInvitation,
  revokePendingInvitationsTo,
  selectCompany,
  selectMembers,
  selectMembershipOf,
  selectPendingInvitations,
  selectUsableInvitation,
  updateCompany,
  updateMemberRole,
  type CompanyDetails,
  type CompanyRow,
  type InvitationRow,
  type MemberRow,
} from './companies.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const words = texts.companyErrors;

/** How many invitations one address may receive in a day, from every company together. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 5;

export type CompaniesServiceOptions = {
  db: Database;
  identity: Pick<IdentityService, 'findByIds' | 'findByEmail'>;
  /** Company Orders is Manage Orders' search, narrowed to the company (and to a buyer's own). */
  orders: Pick<OrdersService, 'searchOrders'>;
  outbox: Pick<OutboxWriter, 'enqueue'>;
  publicUrl: string;
  /** The service's clock (tests move it): invitations' expiry is read against it. */
  now?: () => Date;
};

/** The SHA-256 of an invitation link's secret: what the table keeps instead of the secret. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function companyDto(row: CompanyRow): Company {
  return {
    _id: row.id,
    legalName: row.legalName,
    taxNumber: row.taxNumber,
    billingAddress: row.billingAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

const NO_COMPANY: MyCompany = { company: null, role: null, members: [], invitations: [] };

/**
 * Company accounts (issue 44, docs/architecture.md#companies): an account creates one and is its
 * admin; admins invite by e-mail, change roles and remove members; a company always keeps an
 * admin. Every change of membership locks the company's row first, so the count of its admins
 * is read and written as one.
 */
export function createCompaniesService(options: CompaniesServiceOptions) {
  const { db, identity, outbox, publicUrl, orders } = options;
  const clock = options.now ?? (() => new Date());

  /** The caller's membership, or 404 when their account belongs to no company. */
  async function membershipOf(executor: Executor, caller: Account): Promise<MemberRow> {
    const member = await selectMembershipOf(executor, caller.id);
    if (!member) throw notFound(words.noCompany);
    return member;
  }

  /** The caller's membership as an admin of it: 403 for a buyer. */
  async function adminMembershipOf(executor: Executor, caller: Account): Promise<MemberRow> {
    const member = await membershipOf(executor, caller);
    if (member.role !== 'admin') throw forbidden(words.adminsOnly);
    return member;
  }

  /** A shop admin does not buy, and joins no company; an unverified account does neither. */
  function ensureMayBelong(caller: Account, unverified: string): void {
    if (caller.role === 'admin') throw forbidden(words.shopAdminsDoNotBuy);
    if (!caller.emailVerified) throw forbidden(unverified);
  }

  /*
   * The views below read on `db`, after the change's transaction: the names are identity's, read
   * on its own handle, which a PGlite transaction would keep waiting on its one connection.
   */
  async function membersOf(companyId: string): Promise<CompanyMember[]> {
    const rows = await selectMembers(db, companyId);
    const accounts = await identity.findByIds(rows.map((row) => row.userId));
    return rows.map((row) => ({
      userId: row.userId,
      name: accounts.get(row.userId)?.name ?? '',
      email: accounts.get(row.userId)?.email ?? '',
      role: row.role,
      joinedAt: row.joinedAt.toISOString(),
    }));
  }

  async function invitationsOf(companyId: string): Promise<CompanyInvitation[]> {
    const rows = await selectPendingInvitations(db, companyId, clock());
    const inviters = await identity.findByIds(rows.flatMap((row) => row.invitedBy ?? []));
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: (row.invitedBy && inviters.get(row.invitedBy)?.name) || null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  /** The company as a member sees it: its admins see the invitations waiting too. */
  /** The caller's company as they see it now (after a change of theirs). */
  async function viewOfCaller(caller: Account): Promise<MyCompany> {
    const member = await selectMembershipOf(db, caller.id);
    const company = member && (await selectCompany(db, member.companyId));
    if (!member || !company) return NO_COMPANY;
    return {
      company: companyDto(company),
      role: member.role,
      members: await membersOf(company.id),
      invitations: member.role === 'admin' ? await invitationsOf(company.id) : [],
    };
  }

  /** 409 when the change left the company without an admin (the transaction rolls back). */
  async function ensureAnAdminLeft(tx: Transaction, companyId: string): Promise<void> {
    if ((await countAdmins(tx, companyId)) === 0) throw conflict(words.lastAdmin);
  }

  /** The invitation a link's secret opens, for its addressee only; 404 for any other link. */
  async function invitationFor(
    executor: Executor,
    caller: Account,
    token: string,
  ): Promise<InvitationRow> {
    const invitation = await selectUsableInvitation(executor, invitationTokenHash(token), clock());
    if (!invitation) throw notFound(words.invitationNotFound);
    if (invitation.email !== caller.email.toLowerCase()) throw forbidden(words.notTheInvitee);
    return invitation;
  }

  return {
    /** GET /company. */
    myCompany: viewOfCaller,

    /**
     * What an invoice of the company's bills, as it is now, read in `executor` (the payment's
     * transaction, when the invoice is issued); undefined for a company that is gone.
     */
    async billingOf(executor: Executor, companyId: string): Promise<CompanyDetails | undefined> {
      const company = await selectCompany(executor, companyId);
      return (
        company && {
          legalName: company.legalName,
          taxNumber: company.taxNumber,
          billingAddress: company.billingAddress,
        }
      );
    },

    /**
     * Runs `remove` (a shop admin's Remove User, in the transaction given) unless it would leave
     * the account's company, with members left, without an admin (409): the company's row is
     * locked first, as every change of its members does, so that no change at once slips by.
     */
    async removeAccountKeepingAnAdmin(
      userId: string,
      remove: (tx: Transaction) => Promise<number>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const member = await selectMembershipOf(tx, userId);
        if (member) await lockCompany(tx, member.companyId);
        const removed = await remove(tx);
        if (member && (await countSeats(tx, member.companyId, clock())) > 0) {
          if ((await countAdmins(tx, member.companyId)) === 0) {
            throw conflict(words.lastAdminAccount);
          }
        }
        return removed;
      });
    },

    /**
     * GET /company/orders: Manage Orders' search and pages over the company's checkouts: all of
     * them for its admins, a buyer's own for a buyer (issue 44). 404 for an account of none.
     */
    async searchOrders(
      caller: Account,
      query: Parameters<OrdersService['searchOrders']>[0],
    ): Promise<ManagedOrdersPage> {
      const member = await membershipOf(db, caller);
      return orders.searchOrders(query, {
        companyId: member.companyId,
        buyerId: member.role === 'admin' ? undefined : caller.id,
      });
    },

    /**
     * POST /company: the company and its creator as its admin, in one transaction; 409 when the
     * account belongs to a company already (the member table's key decides, so two at once
     * cannot both succeed, and the refused one leaves no company behind).
     */
    async create(caller: Account, details: CompanyDetails): Promise<MyCompany> {
      ensureMayBelong(caller, words.verifyFirst);
      try {
        await db.transaction(async (tx) => {
          const company = await insertCompany(tx, details);
          await insertMember(tx, { userId: caller.id, companyId: company.id, role: 'admin' });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(words.alreadyMember);
        throw error;
      }
      return viewOfCaller(caller);
    },

    /** PATCH /company (its admins): the details its next documents carry. */
    async update(caller: Account, details: CompanyDetails): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        await lockCompany(tx, member.companyId);
        await updateCompany(tx, member.companyId, details, clock());
      });
      return viewOfCaller(caller);
    },

    /**
     * POST /company/invitations (its admins): a new invitation to `email` as `role`, replacing
     * one waiting for the same address, written with its e-mail in one transaction. 409 when the
     * address is a member's already or the company is full; 429 past the address's daily limit.
     */
    async invite(caller: Account, input: { email: string; role: CompanyRole }): Promise<MyCompany> {
      const email = input.email.trim().toLowerCase();
      const now = clock();
      // Read before the transaction: the accounts are identity's, read on its own handle (a
      // PGlite transaction holds the one connection until it ends).
      const invitee = await identity.findByEmail(email);
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        const company = await lockCompany(tx, member.companyId);
        if (!company) throw notFound(words.noCompany);
        const inviteesMembership = invitee && (await selectMembershipOf(tx, invitee.id));
        if (inviteesMembership?.companyId === company.id) {
          throw conflict(words.alreadyInCompany(email));
        }
        await revokePendingInvitationsTo(tx, company.id, email, now);
        if ((await countSeats(tx, company.id, now)) >= COMPANY_MAX_MEMBERS) {
          throw conflict(words.companyFull(COMPANY_MAX_MEMBERS));
        }
        const since = new Date(now.getTime() - DAY_MS);
        if ((await countInvitationsTo(tx, email, since)) >= INVITATIONS_PER_ADDRESS_PER_DAY) {
          throw new HttpError(429, words.tooManyInvitations(email));
        }
        const token = randomBytes(32).toString('base64url');
        const invitation = await insertInvitation(tx, {
          companyId: company.id,
          email,
          role: input.role,
          tokenHash: invitationTokenHash(token),
          invitedBy: caller.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + COMPANY_INVITATION_DAYS * DAY_MS),
        });
        const mail = companyInvitationMail({
          to: email,
          companyName: company.legalName,
          inviterName: caller.name,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
          token,
          publicUrl,
        });
        await outbox.enqueue(tx, mail, {
          mail: 'company invitation',
          companyId: company.id,
          invitationId: invitation.id,
        });
      });
      return viewOfCaller(caller);
    },

    /** DELETE /company/invitations/{id} (its admins): 404 for one not waiting, or another's. */
    async revoke(caller: Account, id: string): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        const invitationId = parseId(id);
        const revoked = invitationId
          ? await revokeInvitation(tx, member.companyId, invitationId, clock())
          : undefined;
        if (!revoked) throw notFound(words.invitationNotFound);
      });
      return viewOfCaller(caller);
    },

    /** POST /company/invitations/lookup: what the link offers, to its addressee. */
    async lookup(caller: Account, token: string): Promise<InvitationPreview> {
      const invitation = await invitationFor(db, caller, token);
      const company = await selectCompany(db, invitation.companyId);
      if (!company) throw notFound(words.invitationNotFound);
      const inviter = invitation.invitedBy
        ? (await identity.findByIds([invitation.invitedBy])).get(invitation.invitedBy)
        : undefined;
      return {
        companyName: company.legalName,
        role: invitation.role,
        email: invitation.email,
        invitedBy: inviter?.name ?? null,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * POST /company/invitations/accept: the addressee, signed in and verified, joins as the
     * invitation says. The invitation is used with one conditional UPDATE and the member written
     * in the same transaction: 409 (and the invitation still waiting) when the account belongs
     * to a company already.
     */
    async accept(caller: Account, token: string): Promise<MyCompany> {
      ensureMayBelong(caller, words.verifyToJoin);
      try {
        await db.transaction(async (tx) => {
          const invitation = await invitationFor(tx, caller, token);
          await lockCompany(tx, invitation.companyId);
          const used = await markInvitationAccepted(tx, invitation.id, clock());
          if (!used) throw notFound(words.invitationNotFound);
          await insertMember(tx, {
            userId: caller.id,
            companyId: invitation.companyId,
            role: invitation.role,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(words.alreadyMember);
        throw error;
      }
      return viewOfCaller(caller);
    },

    /**
     * PATCH /company/members/{userId} (its admins): the member's role; 404 for anyone who is not
     * a member of the caller's company, 409 when it would leave the company without an admin.
     */
    async changeRole(
      caller: Account,
      userId: string,
      input: ChangeMemberRoleInput,
    ): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        await lockCompany(tx, member.companyId);
        const changed = await updateMemberRole(tx, member.companyId, userId, input.role);
        if (!changed) throw notFound(words.memberNotFound);
        await ensureAnAdminLeft(tx, member.companyId);
      });
      return viewOfCaller(caller);
    },

    /**
     * DELETE /company/members/{userId}: an admin removes a member, or any member leaves (their own
     * id). The account stays, and its past checkouts stay the company's. 404 for anyone who is
     * not a member of the caller's company; 409 when no admin would be left.
     */
    async removeMember(caller: Account, userId: string): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member =
          userId === caller.id
            ? await membershipOf(tx, caller)
            : await adminMembershipOf(tx, caller);
        await lockCompany(tx, member.companyId);
        const removed = await deleteMember(tx, member.companyId, userId);
        if (!removed) throw notFound(words.memberNotFound);
        await ensureAnAdminLeft(tx, member.companyId);
      });
      return viewOfCaller(caller);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

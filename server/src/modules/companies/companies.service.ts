import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_INVITATION_DAYS,
  COMPANY_MAX_MEMBERS,
  PAYMENT_TERMS_DAYS,
  centsToDollars,
  dollarsToCents,
  texts,
  type ChangeMember,
  COMPANY_MAX_ADDRESSES,
  type PendingApproval,
  type ShipToAddress,
  type ShipToAddressInput,
  type Spending,
  type Company,
  type CompanyCredit,
  type CompanyInvitation,
  type CompanyMember,
  type CompanyRole,
  type InvitationPreview,
  type ManagedCompaniesPage,
  type ManagedCompany,
  type ManagedOrdersPage,
  type MyCompany,
  type PaymentTermsDays,
  type UpdateCompanyTerms,
} from '@tools-factory/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http-errors.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { companyInvitationMail } from '../../mail/templates/companies.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import { selectOpenBalanceOfCompany } from '../invoices/invoices-of-companies.ts';
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
  updateCompanyTerms,
  updateMember,
  countAddresses,
  countMembersOf,
  selectAdminIdsOf,
  selectCompaniesPage,
  selectMembershipsOf,
  deleteAddress,
  insertAddress,
  selectAddresses,
  updateAddress,
  updateAddressesLocked,
  type AddressRow,
  type CompanyDetails,
  type CompanyRow,
  type InvitationRow,
  type MemberRow,
} from './companies.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const words = texts.companyErrors;

/** A ship-to address as the routes parse it (ShipToAddressInputSchema's output). */
type ShipToAddressFields = Required<ShipToAddressInput>;

/** How many invitations one address may receive in a day, from every company together. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 5;

export type CompaniesServiceOptions = {
  db: Database;
  identity: Pick<IdentityService, 'findByIds' | 'findByEmail'>;
  /**
   * Company Orders is Manage Orders' search, narrowed to the company (and to a buyer's own); the
   * members' spending this month, and the checkouts awaiting an admin's approval, are orders'.
   */
  orders: Pick<
    OrdersService,
    | 'searchOrders'
    | 'spentThisMonthCents'
    | 'awaitingApprovalOfCompany'
    | 'decideApproval'
    | 'checkoutCountsOfCompanies'
  >;
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
    addressesLocked: row.addressesLocked,
    terms: {
      paymentTermsDays: termsDaysOf(row.paymentTermsDays),
      creditLimit: centsToDollars(row.creditLimitCents),
      poNumberRequired: row.poNumberRequired,
      taxExempt: row.taxExempt,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored terms as the contract names them (the database's check keeps to the list). */
function termsDaysOf(days: number | null): PaymentTermsDays | null {
  const offered = PAYMENT_TERMS_DAYS.find((term) => term === days);
  if (days !== null && offered === undefined) throw new Error(`unknown payment terms: ${days}`);
  return offered ?? null;
}

function addressDto(row: AddressRow): ShipToAddress {
  return { _id: row.id, label: row.label, name: row.name, address: row.address, phone: row.phone };
}

const NO_COMPANY: MyCompany = {
  company: null,
  credit: null,
  role: null,
  members: [],
  invitations: [],
  addresses: [],
  spending: null,
  approvals: [],
};

const dollars = (cents: number | null): number | null =>
  cents === null ? null : centsToDollars(cents);

/** The calendar month (UTC) of `at`, as YYYY-MM. */
const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

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

  /**
   * The members as `viewer` sees them: a company admin sees every member's limit and spending
   * this month, a buyer their own only.
   */
  function membersOf(
    rows: readonly MemberRow[],
    accounts: ReadonlyMap<string, Account>,
    spent: ReadonlyMap<string, number>,
    viewer: Pick<MemberRow, 'role' | 'userId'>,
  ): CompanyMember[] {
    return rows.map((row) => {
      const shown = viewer.role === 'admin' || row.userId === viewer.userId;
      return {
        userId: row.userId,
        name: accounts.get(row.userId)?.name ?? '',
        email: accounts.get(row.userId)?.email ?? '',
        role: row.role,
        joinedAt: row.joinedAt.toISOString(),
        monthlyLimit: shown ? dollars(row.monthlyLimitCents) : null,
        spentThisMonth: shown ? centsToDollars(spent.get(row.userId) ?? 0) : null,
      };
    });
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

  /** What the member may still spend this month, for a buyer with a limit (null otherwise). */
  function spendingOf(member: MemberRow, spent: ReadonlyMap<string, number>): Spending | null {
    if (member.monthlyLimitCents === null) return null;
    const spentCents = spent.get(member.userId) ?? 0;
    return {
      month: monthOf(clock()),
      monthlyLimit: centsToDollars(member.monthlyLimitCents),
      spent: centsToDollars(spentCents),
      left: centsToDollars(Math.max(0, member.monthlyLimitCents - spentCents)),
    };
  }

  /** The company's checkouts awaiting approval, for its admins: who, what, and how far spent. */
  async function approvalsOf(
    companyId: string,
    members: ReadonlyMap<string, MemberRow>,
  ): Promise<PendingApproval[]> {
    const waiting = await orders.awaitingApprovalOfCompany(companyId);
    const buyerIds = waiting.flatMap((checkout) => checkout.userId ?? []);
    const [accounts, spent] = await Promise.all([
      identity.findByIds(buyerIds),
      orders.spentThisMonthCents(buyerIds),
    ]);
    return waiting.map(({ userId, lines }) => {
      const first = lines[0]!;
      const account = userId === null ? undefined : accounts.get(userId);
      const limit = userId === null ? null : (members.get(userId)?.monthlyLimitCents ?? null);
      return {
        checkoutId: first.checkoutId,
        reference: first.checkoutReference,
        buyer: { userId, name: account?.name ?? '', email: first.email },
        poNumber: first.poNumber,
        placedAt: first.createdAt,
        total: centsToDollars(
          lines.reduce((sum, line) => sum + dollarsToCents(line.price) * line.quantity, 0),
        ),
        lines: lines.map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          total: centsToDollars(dollarsToCents(line.price) * line.quantity),
        })),
        monthlyLimit: dollars(limit),
        spentThisMonth: centsToDollars((userId && spent.get(userId)) || 0),
        expiresAt: first.holdUntil ?? first.createdAt,
      };
    });
  }

  /** The caller's company as they see it now (after a change of theirs). */
  async function viewOfCaller(caller: Account): Promise<MyCompany> {
    const member = await selectMembershipOf(db, caller.id);
    const company = member && (await selectCompany(db, member.companyId));
    if (!member || !company) return NO_COMPANY;
    const isAdmin = member.role === 'admin';
    const rows = await selectMembers(db, company.id);
    const [accounts, spent] = await Promise.all([
      identity.findByIds(rows.map((row) => row.userId)),
      orders.spentThisMonthCents(isAdmin ? rows.map((row) => row.userId) : [caller.id]),
    ]);
    return {
      company: companyDto(company),
      credit: await creditOf(company),
      role: member.role,
      members: membersOf(rows, accounts, spent, member),
      invitations: isAdmin ? await invitationsOf(company.id) : [],
      addresses: (await selectAddresses(db, company.id)).map(addressDto),
      spending: spendingOf(member, spent),
      approvals: isAdmin
        ? await approvalsOf(company.id, new Map(rows.map((row) => [row.userId, row])))
        : [],
    };
  }

  /** What a company with payment terms owes on account and may still place (issue 45). */
  async function creditOf(company: CompanyRow): Promise<CompanyCredit | null> {
    if (company.paymentTermsDays === null) return null;
    const { openCents, overdue } = await selectOpenBalanceOfCompany(db, company.id, clock());
    return {
      openBalance: centsToDollars(openCents),
      creditLeft: centsToDollars(Math.max(0, company.creditLimitCents - openCents)),
      overdue,
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
     * With `successorId`, a member of the same company (400 otherwise) is made its admin first,
     * in the same transaction: who takes over from an only admin.
     */
    async removeAccountKeepingAnAdmin(
      userId: string,
      remove: (tx: Transaction) => Promise<number>,
      successorId?: string,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const member = await selectMembershipOf(tx, userId);
        const company = member && (await lockCompany(tx, member.companyId));
        if (member && company && successorId !== undefined) {
          const successor = await selectMembershipOf(tx, successorId);
          if (successor?.companyId !== member.companyId || successorId === userId) {
            throw badRequest(words.successorNotMember(company.legalName));
          }
          await updateMember(tx, member.companyId, successorId, { role: 'admin' });
        }
        const removed = await remove(tx);
        if (member && (await countSeats(tx, member.companyId, clock())) > 0) {
          if ((await countAdmins(tx, member.companyId)) === 0) {
            throw conflict(words.lastAdminAccount);
          }
        }
        return removed;
      });
    },

    /** Each of these accounts' company and role (ALL USERS); an account of none is left out. */
    async companiesOfAccounts(
      userIds: readonly string[],
    ): Promise<Map<string, { _id: string; legalName: string; role: CompanyRole }>> {
      const rows = await selectMembershipsOf(db, userIds);
      return new Map(
        rows.map((row) => [
          row.userId,
          { _id: row.companyId, legalName: row.legalName, role: row.role },
        ]),
      );
    },

    /** GET /manageCompanies (shop admins): a page of companies, newest first. */
    async managedPage(query: {
      q?: string | undefined;
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManagedCompaniesPage> {
      const found = await selectCompaniesPage(db, {
        q: query.q,
        limit: query.pageSize,
        after: keysetCursorAfter(query.after),
      });
      const ids = found.rows.map((row) => row.id);
      const [members, adminIds, counts] = await Promise.all([
        countMembersOf(db, ids),
        selectAdminIdsOf(db, ids),
        orders.checkoutCountsOfCompanies(ids),
      ]);
      const accounts = await identity.findByIds([...adminIds.values()].flat());
      return {
        companies: found.rows.map((row) => ({
          _id: row.id,
          legalName: row.legalName,
          taxNumber: row.taxNumber,
          members: members.get(row.id) ?? 0,
          admins: (adminIds.get(row.id) ?? []).map((userId) => ({
            userId,
            name: accounts.get(userId)?.name ?? '',
            email: accounts.get(userId)?.email ?? '',
          })),
          checkouts: counts.get(row.id)?.checkouts ?? 0,
          awaitingApproval: counts.get(row.id)?.awaitingApproval ?? 0,
          createdAt: row.createdAt.toISOString(),
        })),
        total: found.total,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * GET /manageCompanies/{id} (shop admins): the company as its own admins see it, and how
     * many checkouts it has; 404 for no company of this id.
     */
    async managedCompany(id: string): Promise<ManagedCompany> {
      const companyId = parseId(id);
      const company = companyId ? await selectCompany(db, companyId) : undefined;
      if (!company) throw notFound(words.companyNotFound);
      const rows = await selectMembers(db, company.id);
      const [accounts, spent, counts] = await Promise.all([
        identity.findByIds(rows.map((row) => row.userId)),
        orders.spentThisMonthCents(rows.map((row) => row.userId)),
        orders.checkoutCountsOfCompanies([company.id]),
      ]);
      // The shop's admins see every member's figures, as the company's admins do.
      const asAnAdmin = { role: 'admin', userId: '' } as const;
      return {
        company: companyDto(company),
        members: membersOf(rows, accounts, spent, asAnAdmin),
        addresses: (await selectAddresses(db, company.id)).map(addressDto),
        approvals: await approvalsOf(company.id, new Map(rows.map((row) => [row.userId, row]))),
        checkouts: counts.get(company.id)?.checkouts ?? 0,
      };
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

    /**
     * PATCH /company (its admins): the details its next documents carry. A tax-exempt company
     * keeps its tax number (409 for clearing it).
     */
    async update(caller: Account, details: CompanyDetails): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        const company = await lockCompany(tx, member.companyId);
        if (company?.taxExempt && details.taxNumber.trim() === '') {
          throw conflict(words.taxExemptNeedsTaxNumber);
        }
        await updateCompany(tx, member.companyId, details, clock());
      });
      return viewOfCaller(caller);
    },

    /**
     * PUT /manageCompanies/{id}/terms (shop admins, issue 45): the company's payment terms,
     * credit limit, PO rule and tax exemption, all of them; 404 for no company of this id, 409
     * for tax exemption without a tax number. Checkouts placed before keep what they were placed
     * under.
     */
    async setTerms(id: string, terms: UpdateCompanyTerms): Promise<ManagedCompany> {
      const companyId = parseId(id);
      if (!companyId) throw notFound(words.companyNotFound);
      await db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyId);
        if (!company) throw notFound(words.companyNotFound);
        if (terms.taxExempt && company.taxNumber.trim() === '') {
          throw conflict(words.taxExemptNeedsTaxNumber);
        }
        await updateCompanyTerms(
          tx,
          companyId,
          {
            paymentTermsDays: terms.paymentTermsDays,
            creditLimitCents: dollarsToCents(terms.creditLimit),
            poNumberRequired: terms.poNumberRequired,
            taxExempt: terms.taxExempt,
          },
          clock(),
        );
      });
      return this.managedCompany(companyId);
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
     * PATCH /company/members/{userId} (its admins): the member's role, or a buyer's monthly
     * limit; 404 for anyone who is not a member of the caller's company, 409 when it would leave
     * the company without an admin, or give an admin a limit.
     */
    async changeMember(caller: Account, userId: string, input: ChangeMember): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        await lockCompany(tx, member.companyId);
        const target = await selectMembershipOf(tx, userId);
        if (target?.companyId !== member.companyId) throw notFound(words.memberNotFound);
        const limit = input.monthlyLimit;
        if (typeof limit === 'number' && (input.role ?? target.role) === 'admin') {
          throw conflict(words.adminsHaveNoLimit);
        }
        await updateMember(tx, member.companyId, userId, {
          role: input.role,
          monthlyLimitCents:
            limit === undefined ? undefined : limit === null ? null : dollarsToCents(limit),
        });
        await ensureAnAdminLeft(tx, member.companyId);
      });
      return viewOfCaller(caller);
    },

    /**
     * POST /company/approvals/{checkoutId}/approve and .../reject (its admins): the decision on a
     * buyer's checkout past their limit (order-approvals.ts); 404 for a checkout that is not the
     * company's, 409 for one no longer waiting.
     */
    async decide(
      caller: Account,
      checkoutId: string,
      decision: { approve: true } | { approve: false; reason: string },
    ): Promise<MyCompany> {
      const member = await adminMembershipOf(db, caller);
      await orders.decideApproval(caller, { companyId: member.companyId, checkoutId }, decision);
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

    /**
     * POST /company/addresses (its admins): a new ship-to address; 409 for a label the company
     * uses already (any case), or past COMPANY_MAX_ADDRESSES.
     */
    async addAddress(caller: Account, input: ShipToAddressFields): Promise<MyCompany> {
      await db
        .transaction(async (tx) => {
          const member = await adminMembershipOf(tx, caller);
          await lockCompany(tx, member.companyId);
          if ((await countAddresses(tx, member.companyId)) >= COMPANY_MAX_ADDRESSES) {
            throw conflict(words.tooManyAddresses(COMPANY_MAX_ADDRESSES));
          }
          await insertAddress(tx, member.companyId, input);
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(words.addressLabelTaken(input.label));
          throw error;
        });
      return viewOfCaller(caller);
    },

    /**
     * PATCH /company/addresses/{id} (its admins): the address as given; checkouts placed to it
     * keep their copy. 404 for an address that is not the company's.
     */
    async changeAddress(
      caller: Account,
      id: string,
      input: ShipToAddressFields,
    ): Promise<MyCompany> {
      await db
        .transaction(async (tx) => {
          const member = await adminMembershipOf(tx, caller);
          const addressId = parseId(id);
          const changed =
            addressId && (await updateAddress(tx, member.companyId, addressId, input, clock()));
          if (!changed) throw notFound(words.addressNotFound);
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(words.addressLabelTaken(input.label));
          throw error;
        });
      return viewOfCaller(caller);
    },

    /** DELETE /company/addresses/{id} (its admins): 404 for an address not the company's. */
    async removeAddress(caller: Account, id: string): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        const addressId = parseId(id);
        const removed = addressId && (await deleteAddress(tx, member.companyId, addressId));
        if (!removed) throw notFound(words.addressNotFound);
      });
      return viewOfCaller(caller);
    },

    /**
     * PUT /company/addresses/locked (its admins): whether every checkout of the company ships to
     * one of its addresses; the placement reads it in its own transaction.
     */
    async lockAddresses(caller: Account, locked: boolean): Promise<MyCompany> {
      await db.transaction(async (tx) => {
        const member = await adminMembershipOf(tx, caller);
        await lockCompany(tx, member.companyId);
        await updateAddressesLocked(tx, member.companyId, locked, clock());
      });
      return viewOfCaller(caller);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

import { texts, type UpsertUserResponse, type User, type UsersPage } from '@tools-factory/contract';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http-errors.ts';
import type { AccessTokens } from '../identity/access-token.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { Account, IdentityService, SessionAccount } from '../identity/identity.service.ts';

const errorsText = texts.identityErrors;

/** An admin call's answer, and the account it acted on (for the audit log: an id, no e-mail). */
type AdminActionDone<Answer> = { answer: Answer; subjectId: string };
const adminErrors = texts.adminErrors;

export function createUsersService(options: {
  identity: IdentityService;
  accessTokens: AccessTokens;
  /** ADMIN_EMAILS: those of them that are admin are the shop's owners. */
  adminEmails: readonly string[];
  /**
   * Remove User keeps every company with members an admin (issue 44), and ALL USERS shows each
   * account's company.
   */
  companies: Pick<CompaniesService, 'removeAccountKeepingAnAdmin' | 'companiesOfAccounts'>;
}) {
  const { identity, accessTokens, companies } = options;
  const listed = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  /**
   * An owner: a listed address that is admin (its holder proved the mailbox and the password).
   * A listed address that is not admin yet is nobody's: an admin may remove a squatter on it.
   */
  const isOwner = (account: Account) =>
    account.role === 'admin' && listed.has(account.email.toLowerCase());
  /** The accounts as ALL USERS shows them, each with its company (one read for them all). */
  async function userDtos(accounts: readonly Account[]): Promise<User[]> {
    const companyOf = await companies.companiesOfAccounts(accounts.map((account) => account.id));
    return accounts.map((account) => ({
      _id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      owner: isOwner(account),
      company: companyOf.get(account.id) ?? null,
    }));
  }
  /**
   * The target of Remove User or Remove Admin, in the fixed order: 404 when there is none,
   * `yourselfMessage` (409) on the caller's own account, 403 on an owner.
   */
  async function adminTarget(caller: Account, email: string, yourselfMessage: string) {
    const account = await identity.findByEmail(email);
    if (!account) throw notFound(adminErrors.userNotFound);
    if (account.id === caller.id) throw conflict(yourselfMessage);
    if (isOwner(account)) throw forbidden(adminErrors.ownerIsProtected);
    return account;
  }
  return {
    /**
     * PUT /user/{email}: only for the identity session of that very e-mail (the original gave a
     * token for any e-mail to anyone who asked). Keeps the display name; answers an access token
     * bound to that identity session, so that it ends when the session does.
     */
    async signIn(
      session: SessionAccount | undefined,
      email: string,
      name: string | undefined,
    ): Promise<UpsertUserResponse> {
      if (!session) throw unauthorized(errorsText.notSignedIn);
      if (session.account.email !== email.toLowerCase()) {
        throw forbidden(errorsText.otherUsersEmail);
      }
      const { account, modified } = await identity.recordSignIn(session.account, name);
      const token = await accessTokens.issue({
        userId: account.id,
        email: account.email,
        sessionId: session.sessionId,
      });
      return {
        result: { acknowledged: true, matchedCount: 1, modifiedCount: modified, upsertedId: null },
        token,
      };
    },
    /** GET /admin/{email}: whether the account of that e-mail is an admin. */
    async isAdmin(caller: Account, email: string): Promise<boolean> {
      const target = email.toLowerCase();
      if (caller.email !== target && caller.role !== 'admin')
        throw forbidden(errorsText.otherUsersEmail);
      if (caller.email === target) return caller.role === 'admin';
      const account = await identity.findByEmail(target);
      if (!account) throw notFound(adminErrors.userNotFound);
      return account.role === 'admin';
    },
    /** GET /user: every account, oldest first. */
    async listUsers(): Promise<User[]> {
      return userDtos(await identity.list());
    },
    /** GET /users/search (issue 43): ALL USERS a page at a time, oldest first. */
    async searchUsers(query: {
      q?: string | undefined;
      pageSize: number;
      after?: string | undefined;
    }): Promise<UsersPage> {
      const found = await identity.searchPage({
        q: query.q,
        limit: query.pageSize,
        after: keysetCursorAfter(query.after),
      });
      return {
        users: await userDtos(found.accounts),
        total: found.total,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },
    /** PUT /user/admin/{email}: the spec's `modifiedCount`, 0 when already an admin. */
    async makeAdmin(email: string): Promise<AdminActionDone<{ modifiedCount: number }>> {
      const account = await identity.findByEmail(email);
      if (!account) throw notFound(adminErrors.userNotFound);
      const modifiedCount = await identity.promoteToAdmin(email);
      if (modifiedCount === undefined) throw notFound(adminErrors.userNotFound);
      return { answer: { modifiedCount }, subjectId: account.id };
    },
    /**
     * DELETE /user/{email}: removes the account, its sessions and access tokens; its
     * orders stay, with the e-mail they were placed with. An admin cannot remove themself, so
     * the shop always keeps an admin who can act; nor the only admin of a company that has
     * other members (409), so that the company keeps one too, unless `successor`, a member of
     * it, takes over (made its admin in the same transaction).
     */
    async removeUser(
      caller: Account,
      email: string,
      successor?: string,
    ): Promise<AdminActionDone<{ deletedCount: number }>> {
      const account = await adminTarget(caller, email, adminErrors.cannotRemoveYourself);
      return {
        answer: {
          deletedCount: await companies.removeAccountKeepingAnAdmin(
            account.id,
            (tx) => identity.removeAccount(account.id, tx),
            successor,
          ),
        },
        subjectId: account.id,
      };
    },
    /**
     * DELETE /user/admin/{email}: Remove Admin, the account becomes a user at once (the
     * role is read on every call). `modifiedCount` 0 when it was no admin. Not on oneself (409)
     * nor on an ADMIN_EMAILS owner (403).
     */
    async removeAdmin(
      caller: Account,
      email: string,
    ): Promise<AdminActionDone<{ modifiedCount: number }>> {
      const account = await adminTarget(caller, email, adminErrors.cannotDemoteYourself);
      const modifiedCount =
        account.role === 'admin' ? await identity.setRole(account.id, 'user') : 0;
      return { answer: { modifiedCount }, subjectId: account.id };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

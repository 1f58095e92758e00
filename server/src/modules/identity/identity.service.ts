import type { Role } from '@tools-factory/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { KeysetCursor } from '../../db/keyset-cursor.ts';
import type { Auth } from './auth.ts';
import * as repository from './identity.repository.ts';
import type { SessionStanding } from './identity.repository.ts';
import { withSignInStart } from './password-versions.ts';
import { userIdOfResetLink } from './reset-links.ts';
import { oldestLiveStart, type SessionLifetime } from './session-lifetime.ts';

export type Account = {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  /** What its unpaid orders may come to, in cents, as an admin set it; null: the default. */
  unpaidHoldLimitCents: number | null;
};

/** The account behind an identity session, and that session's id (named by access tokens). */
export type SessionAccount = { account: Account; sessionId: string };

const toAccount = (row: repository.UserRow): Account => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  emailVerified: row.emailVerified,
  unpaidHoldLimitCents: row.unpaidHoldLimitCents,
});

/** Accounts as the rest of the server sees them; Better Auth owns their creation and passwords. */
export function createIdentityService(options: {
  db: Database;
  auth: Auth;
  sessionLifetime: SessionLifetime;
}) {
  const { db, auth, sessionLifetime } = options;
  return {
    /** The account behind the identity session carried by these request headers, if any. */
    async sessionAccount(headers: Headers): Promise<SessionAccount | undefined> {
      const session = await auth.api.getSession({ headers });
      // Better Auth caps the end at the absolute lifetime when it slides it; a session older than
      // that (the setting lowered since) is refused here as by the bearer guard.
      if (!session || session.session.createdAt <= oldestLiveStart(new Date(), sessionLifetime)) {
        return undefined;
      }
      const row = await repository.findUserById(db, session.user.id);
      // A session of an older password than the account's (password-versions.ts) is refused.
      if (!row || session.session.passwordVersion !== row.passwordVersion) return undefined;
      return { account: toAccount(row), sessionId: session.session.id };
    },
    /**
     * For the bearer guard: the account, if it still exists, and whether the identity session
     * its token names is still open (not signed out, not revoked by a reset, not idle past its
     * end, not past its absolute lifetime).
     */
    async accountWithSession(
      userId: string,
      sessionId: string,
    ): Promise<{ account: Account; session: SessionStanding } | undefined> {
      const now = new Date();
      const oldestStart = oldestLiveStart(now, sessionLifetime);
      const found = await repository.findUserWithSession(db, userId, sessionId, now, oldestStart);
      return found && { account: toAccount(found.user), session: found.session };
    },
    /**
     * Runs a Better Auth call that may sign `email` in, with the account's password version as
     * it began: a session it writes after a password change is refused (password-versions.ts).
     */
    withSignInStart<T>(email: string | undefined, signIn: () => Promise<T>): Promise<T> {
      return withSignInStart(db, email, signIn);
    },
    /** The account of this id, if it still exists; in `executor`'s transaction when given. */
    async findById(id: string, executor: Executor = db): Promise<Account | undefined> {
      const row = await repository.findUserById(executor, id);
      return row && toAccount(row);
    },
    /** The accounts of these ids, by id, in one query (a removed one is left out). */
    /** The accounts of these ids, read on `executor` (a transaction of the caller's, or db). */
    async findByIds(
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, Account>> {
      const rows = await repository.selectUsersByIds(executor, ids);
      return new Map(rows.map((row) => [row.id, toAccount(row)]));
    },
    /** The account a password-reset link's token was issued for, while the link is valid. */
    async findByResetToken(token: string): Promise<Account | undefined> {
      const userId = await userIdOfResetLink(db, token);
      const row = userId === undefined ? undefined : await repository.findUserById(db, userId);
      return row && toAccount(row);
    },
    async findByEmail(email: string): Promise<Account | undefined> {
      const row = await repository.findUserByEmail(db, email);
      return row && toAccount(row);
    },
    /** The names of these accounts, by id (a removed one is left out): for lists of orders. */
    namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      return repository.selectUserNames(db, ids);
    },
    async list(): Promise<Account[]> {
      return (await repository.listUsers(db)).map(toAccount);
    },
    /** A page of the accounts (ALL USERS searched, issue 43): see repository.searchUsers. */
    async searchPage(search: {
      q?: string | undefined;
      limit: number;
      after?: KeysetCursor | undefined;
    }): Promise<{ accounts: Account[]; total: number; next: KeysetCursor | undefined }> {
      const found = await repository.searchUsers(db, search);
      return { accounts: found.rows.map(toAccount), total: found.total, next: found.next };
    },
    /**
     * Called on every sign-in (PUT /user): keeps the display name the client sends (never the
     * role: ADMIN_EMAILS acts at a password reset, see admin-emails.ts). Answers how many rows
     * changed.
     */
    async recordSignIn(
      account: Account,
      name: string | undefined,
    ): Promise<{ account: Account; modified: number }> {
      if (!name || name === account.name) return { account, modified: 0 };
      const modified = await repository.updateUser(db, account.id, { name });
      return { account: { ...account, name }, modified };
    },
    /**
     * What the account's unpaid orders may come to, in cents (null: its default again), as a
     * shop admin sets it on Stock holds; undefined when no account has this id.
     */
    async setUnpaidHoldLimit(id: string, cents: number | null): Promise<Account | undefined> {
      const row = await repository.updateUnpaidHoldLimit(db, id, cents);
      return row && toAccount(row);
    },
    async setRole(id: string, role: Role): Promise<number> {
      return repository.updateUser(db, id, { role });
    },
    /**
     * Make Admin: the account of this e-mail becomes an admin at once (the bearer guard reads
     * the role on every call). Resolves to 1, 0 when it was an admin already, or undefined when
     * no account has this e-mail.
     */
    async promoteToAdmin(email: string): Promise<number | undefined> {
      const promoted = await repository.promoteUserByEmail(db, email);
      if (promoted > 0) return promoted;
      return (await repository.findUserByEmail(db, email)) ? 0 : undefined;
    },
    /**
     * Remove User: the account, its identity sessions and so every access token issued for
     * them (the bearer guard finds no user any more). Resolves to the accounts removed (0 or 1).
     */
    async removeAccount(id: string, executor: Executor = db): Promise<number> {
      return repository.deleteUserById(executor, id);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

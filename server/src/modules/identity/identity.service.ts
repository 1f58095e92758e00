import type { Role } from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import type { Auth } from './auth.ts';
import * as repository from './identity.repository.ts';

export type Account = {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
};

const toAccount = (row: repository.UserRow): Account => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  emailVerified: row.emailVerified,
});

/** Accounts as the rest of the server sees them; Better Auth owns their creation and passwords. */
export function createIdentityService(options: {
  db: Database;
  auth: Auth;
  adminEmails: string[];
}) {
  const { db, auth } = options;
  const adminEmails = new Set(options.adminEmails);
  return {
    /** The account behind the identity session carried by these request headers, if any. */
    async sessionAccount(headers: Headers): Promise<Account | undefined> {
      const session = await auth.api.getSession({ headers });
      if (!session) return undefined;
      const row = await repository.findUserById(db, session.user.id);
      return row && toAccount(row);
    },
    async findByEmail(email: string): Promise<Account | undefined> {
      const row = await repository.findUserByEmail(db, email);
      return row && toAccount(row);
    },
    async findById(id: string): Promise<Account | undefined> {
      const row = await repository.findUserById(db, id);
      return row && toAccount(row);
    },
    async list(): Promise<Account[]> {
      return (await repository.listUsers(db)).map(toAccount);
    },
    /**
     * Called on every sign-in (PUT /user): keeps the display name the client sends and makes the
     * ADMIN_EMAILS accounts admins. Answers how many rows changed.
     */
    async recordSignIn(
      account: Account,
      name: string | undefined,
    ): Promise<{ account: Account; modified: number }> {
      const changes: { name?: string; role?: Role } = {};
      if (name && name !== account.name) changes.name = name;
      if (adminEmails.has(account.email) && account.role !== 'admin') changes.role = 'admin';
      if (Object.keys(changes).length === 0) return { account, modified: 0 };
      const modified = await repository.updateUser(db, account.id, changes);
      return { account: { ...account, ...changes }, modified };
    },
    async setRole(id: string, role: Role): Promise<number> {
      return repository.updateUser(db, id, { role });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

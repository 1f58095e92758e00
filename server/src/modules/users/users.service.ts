import { texts, type UpsertUserResponse } from '@tools-factory/contract';
import { forbidden, notFound, unauthorized } from '../../http-errors.ts';
import type { AccessTokens } from '../identity/access-token.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';

const errorsText = texts.identityErrors;

export function createUsersService(options: {
  identity: IdentityService;
  accessTokens: AccessTokens;
}) {
  const { identity, accessTokens } = options;
  return {
    /**
     * PUT /user/{email}: only for the identity session of that very e-mail (the original gave a
     * token for any e-mail to anyone who asked). Keeps the display name; answers the access token.
     */
    async signIn(
      sessionAccount: Account | undefined,
      email: string,
      name: string | undefined,
    ): Promise<UpsertUserResponse> {
      if (!sessionAccount) throw unauthorized(errorsText.notSignedIn);
      if (sessionAccount.email !== email.toLowerCase()) throw forbidden(errorsText.otherUsersEmail);
      const { account, modified } = await identity.recordSignIn(sessionAccount, name);
      const token = await accessTokens.issue({ userId: account.id, email: account.email });
      return {
        result: { acknowledged: true, matchedCount: 1, modifiedCount: modified, upsertedId: null },
        token,
      };
    },
    /** GET /admin/{email}: that user, or an admin, may ask. */
    async isAdmin(caller: Account, email: string): Promise<boolean> {
      const target = email.toLowerCase();
      if (caller.email !== target && caller.role !== 'admin')
        throw forbidden(errorsText.otherUsersEmail);
      if (caller.email === target) return caller.role === 'admin';
      const account = await identity.findByEmail(target);
      if (!account) throw notFound('No user with this e-mail');
      return account.role === 'admin';
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

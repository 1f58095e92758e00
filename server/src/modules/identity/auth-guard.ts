import type { FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '@tools-factory/contract';
import { forbidden, unauthorized } from '../../http-errors.ts';
import type { AccessTokens } from './access-token.ts';
import type { Account, IdentityService } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, once a guard has checked the bearer token. */
    account?: Account;
  }
}

const errorsText = texts.identityErrors;

/**
 * Bearer guards: the access token names the user and the identity session it was issued for. One
 * query reads the user with that session on each call: the role is the database's, so a promotion
 * takes effect at once, and signing out, a password reset or removing the user ends the token.
 */
export function createAuthGuards(options: {
  accessTokens: AccessTokens;
  identity: IdentityService;
}) {
  const { accessTokens, identity } = options;

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized(errorsText.notSignedIn);
    const verdict = await accessTokens.verify(token);
    if (!verdict.ok) {
      throw unauthorized(
        verdict.reason === 'expired' ? errorsText.sessionExpired : errorsText.notSignedIn,
      );
    }
    const { userId, sessionId } = verdict.claims;
    const found = await identity.accountWithSession(userId, sessionId);
    if (!found) throw unauthorized(errorsText.notSignedIn);
    // The web renews the token through PUT /user on a 401: that works only while a session lives.
    if (!found.sessionLive) throw unauthorized(errorsText.sessionExpired);
    request.account = found.account;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.account?.role !== 'admin') throw forbidden(errorsText.adminsOnly);
  }

  return { requireUser, requireAdmin };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The checked caller; only call after a guard ran. */
export function callerOf(request: FastifyRequest): Account {
  if (!request.account) throw unauthorized(errorsText.notSignedIn);
  return request.account;
}

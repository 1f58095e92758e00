import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { texts } from '@tools-factory/contract';
import { forbidden, unauthorized } from '../../http-errors.ts';
import type { AccessTokens } from './access-token.ts';
import type { Account, IdentityService, SessionAccount } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, once a guard has checked the bearer token. */
    account?: Account;
    /** The caller's identity session, once requireIdentitySession has found it. */
    identitySession?: SessionAccount;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Every guard createAuthGuards made: runGuardsFirst knows them by these. */
const GUARDS = new WeakSet<Guard>();

const errorsText = texts.identityErrors;

/**
 * Bearer guards: the access token names the user and the identity session it was issued for. One
 * query reads the user with that session on each call: the role is the database's, so a promotion
 * takes effect at once, and signing out, a password reset or removing the user ends the token.
 * A route names its guard as its `onRequest` hook: who calls is settled before the body is read
 * or anything is validated (a stranger learns nothing of the input a route expects), and
 * runGuardsFirst moves one named in a later hook there.
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
    // Each 401 says why: the web's login page shows it to the user it signed out.
    if (!found) throw unauthorized(errorsText.accountRemoved);
    // The web renews the token through PUT /user on a 401: that works only while a session lives.
    if (found.session === 'ended') throw unauthorized(errorsText.sessionEnded);
    if (found.session === 'expired') throw unauthorized(errorsText.sessionExpired);
    request.account = found.account;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.account?.role !== 'admin') throw forbidden(errorsText.adminsOnly);
  }

  /** A customer's own buying (the cart, checkouts): an admin account does not buy. */
  async function requireCustomer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.account?.role === 'admin') throw forbidden(texts.cart.errors.customersOnly);
  }

  /** The identity session's cookie (Better Auth's), where the access token comes from. */
  async function requireIdentitySession(request: FastifyRequest): Promise<void> {
    const session = await identity.sessionAccount(fromNodeHeaders(request.headers));
    if (!session) throw unauthorized(errorsText.notSignedIn);
    request.identitySession = session;
  }

  const guards = { requireUser, requireAdmin, requireCustomer, requireIdentitySession };
  for (const guard of Object.values(guards)) GUARDS.add(guard);
  return guards;
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The checked caller; only call after a guard ran. */
export function callerOf(request: FastifyRequest): Account {
  if (!request.account) throw unauthorized(errorsText.notSignedIn);
  return request.account;
}

/** The caller's identity session; only call after requireIdentitySession ran. */
export function identitySessionOf(request: FastifyRequest): SessionAccount {
  if (!request.identitySession) throw unauthorized(errorsText.notSignedIn);
  return request.identitySession;
}

/** The hooks that run once the body is read (and, but for preParsing, validated). */
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;
type HookName = 'onRequest' | (typeof LATE_HOOKS)[number];

function hooksOf(hooks: unknown): unknown[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

const isGuard = (hook: unknown): hook is Guard =>
  typeof hook === 'function' && GUARDS.has(hook as Guard);

/**
 * Every guard runs in its route's onRequest hooks, whatever hook the route named it in: one
 * named in preParsing, preValidation or preHandler is moved to the front of onRequest, so that
 * no route reads, parses or validates a body (and answers a 400 naming its fields) for a caller
 * it will refuse. The other hooks keep their order after it (a per-account rate limit in
 * preHandler still finds the caller). Registered before the routes.
 */
export function runGuardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // The hook options as plain lists: their signatures differ per hook, the functions do not.
    const hooks = route as unknown as Partial<Record<HookName, unknown>>;
    const moved: unknown[] = [];
    for (const name of LATE_HOOKS) {
      const named = hooksOf(hooks[name]);
      const guards = named.filter(isGuard);
      if (guards.length === 0) continue;
      moved.push(...guards);
      const rest = named.filter((hook) => !isGuard(hook));
      hooks[name] = rest.length > 0 ? rest : undefined;
    }
    if (moved.length > 0) hooks.onRequest = [...moved, ...hooksOf(hooks.onRequest)];
  });
}

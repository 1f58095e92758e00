import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { serverTexts } from '@tools-factory/contract';
import { serviceUnavailable } from '../../http-errors.ts';

/**
 * How often one may call an identity endpoint that checks a password or sends an e-mail, counted
 * per endpoint (as Better Auth resolves it) over a minute, three ways at once:
 *
 * - per client and address (10): one person retrying their own password, or asking again for a
 *   link that has not arrived, has room; one client guessing one account's password does not;
 * - per client across addresses (30): one client trying many e-mails (password spraying, sending
 *   reset or verification mail to many inboxes) is stopped at 30, well above what an office
 *   behind one address signs in within a minute;
 * - per address across clients (20): many clients (a botnet, proxies) guessing one account's
 *   password, or flooding one inbox, together get 20. Above the first limit so that one person on
 *   two devices is never stopped by it; the price is that a crowd of clients can hold one
 *   account's sign-in back for a minute, which beats having its password guessed.
 *
 * The client is its address as Fastify sees it (the forwarded one under TRUST_PROXY; an IPv6
 * client by its /64), the address is the e-mail of the body, in lower case.
 */
export const IDENTITY_RATE_LIMITS = {
  perClientAndAddress: { max: 10, timeWindow: 60_000 },
  perClient: { max: 30, timeWindow: 60_000 },
  perAddress: { max: 20, timeWindow: 60_000 },
} as const;

/** One call to count: the endpoint (Better Auth's path), who calls, and for which e-mail. */
export type IdentityAttempt = { endpoint: string; client: string; address: string | undefined };

/** The longest e-mail address there is (RFC 5321); longer text is cut so keys stay small. */
const MAX_ADDRESS_LENGTH = 254;

/** The e-mail a body names, as Better Auth compares it (lower case, trimmed), if any. */
export function addressOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('email' in body)) return undefined;
  const { email } = body;
  if (typeof email !== 'string') return undefined;
  return email.trim().toLowerCase().slice(0, MAX_ADDRESS_LENGTH) || undefined;
}

type Scope = {
  limit: { max: number; timeWindow: number };
  /** The counter's key for this attempt; undefined when the scope does not apply. */
  key: (attempt: IdentityAttempt) => string | undefined;
};

/**
 * The cheapest counter first: once a client is over its own limit its attempts stop there, so a
 * client cannot fill the other counters (and push other clients' counts out of the in-memory
 * store) with attempts it was refused anyway.
 */
const SCOPES: readonly Scope[] = [
  {
    limit: IDENTITY_RATE_LIMITS.perClient,
    key: ({ endpoint, client }) => `identity:${endpoint}:client:${client}`,
  },
  {
    limit: IDENTITY_RATE_LIMITS.perAddress,
    key: ({ endpoint, address }) => address && `identity:${endpoint}:address:${address}`,
  },
  {
    limit: IDENTITY_RATE_LIMITS.perClientAndAddress,
    // Without an address (a reset with its token) this is the client's own count.
    key: ({ endpoint, client, address }) =>
      `identity:${endpoint}:client+address:${client}:${address ?? ''}`,
  },
];

/**
 * The identity limits, counted through @fastify/rate-limit's store (in memory, or in Redis when
 * REDIS_URL is set, shared by every instance). Its route handlers (`rateLimit()`) cannot stack:
 * the first one marks the request as counted and the others skip it. So each counter is a
 * `createRateLimit()` limiter, called in turn. Such limiters share one Redis namespace (the
 * library names them after no route), hence keys that name their endpoint and scope.
 *
 * Answers a function that counts an attempt and resolves to the seconds to wait when one of the
 * limits is exceeded, or undefined when the attempt may go on.
 */
export function createIdentityRateLimits(app: FastifyInstance) {
  // createRateLimit's key generator sees only the request: the attempt travels beside it.
  const attempts = new WeakMap<FastifyRequest, IdentityAttempt>();
  const counters = SCOPES.map((scope) => {
    const count = app.createRateLimit({
      ...scope.limit,
      keyGenerator: (request) => {
        const attempt = attempts.get(request);
        const key = attempt && scope.key(attempt);
        if (!key) throw new Error('identity rate limit: counted without an attempt');
        return key;
      },
    });
    return { scope, count };
  });

  return async function countAttempt(
    request: FastifyRequest,
    attempt: IdentityAttempt,
  ): Promise<number | undefined> {
    const counted = { ...attempt, client: normalizeIP(attempt.client) };
    attempts.set(request, counted);
    for (const { scope, count } of counters) {
      if (!scope.key(counted)) continue;
      let result: Awaited<ReturnType<typeof count>>;
      try {
        result = await count(request);
      } catch (error) {
        // The store (Redis) does not answer: refuse the attempt rather than let it through
        // uncounted, with the status and words of a brief outage instead of a 500.
        request.log.error({ err: error }, 'identity rate limit: the counter store did not answer');
        throw serviceUnavailable(serverTexts.apiErrors.serviceUnavailable);
      }
      if (!result.isAllowed && result.isExceeded) return result.ttlInSeconds;
    }
    return undefined;
  };
}

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

/**
 * Issue 40: what no number of clients gets past, counted per e-mail address whoever calls.
 *
 * - Sign-in code guesses: an account's code takes `signInCodeGuessesPerDay` tries (100) in a day
 *   from all clients together, the owner's own included; past it no code is taken or sent for
 *   the address until the day is over (the password still works). With codes of 2^40 (contract
 *   sign-in-code.ts) that is a chance of at most 100 / 2^40, about 9 * 10^-11, a day of a
 *   stranger guessing one; Better Auth itself never spends a code for wrong guesses
 *   (sign-in-codes.ts), so a stranger's guesses cannot void the owner's.
 * - E-mails per recipient: each kind of e-mail (sign-in code, password reset, verification) goes
 *   to one address at most `identityEmailsPerHour` times (5) an hour. Counted per address
 *   whether or not an account uses it, and refused with the same 429 for both, so the answers
 *   still tell nobody which addresses have accounts. A sign-in code asked for again is the same
 *   code, so the owner needs none of the later e-mails a stranger's requests would have sent.
 */
export type IdentityAddressLimits = {
  signInCodeGuessesPerDay: number;
  identityEmailsPerHour: number;
};

/** The e-mailed code's guesses are counted over a day, e-mails per recipient over an hour. */
export const SIGN_IN_CODE_GUESS_WINDOW_MS = 24 * 60 * 60_000;
export const EMAILS_PER_RECIPIENT_WINDOW_MS = 60 * 60_000;

/** Better Auth's paths for the code: asking for one, and signing in with it. */
const SEND_SIGN_IN_CODE = '/email-otp/send-verification-otp';
const SIGN_IN_WITH_CODE = '/sign-in/email-otp';
/** The endpoints that e-mail the address their body names. */
export const MAILING_ENDPOINTS: readonly string[] = [
  SEND_SIGN_IN_CODE,
  '/request-password-reset',
  '/send-verification-email',
];

/**
 * Counters over an hour or a day are kept longer than the minute's: in memory (without Redis)
 * each in a larger store, so that pushing one address's count out takes this many other
 * addresses counted within its window, not the default 5,000.
 */
const LONG_WINDOW_CACHE = 20_000;

/** Which limit refused an attempt: each is answered in its own words (identity.routes.ts). */
export type IdentityLimit = 'perMinute' | 'signInCodeGuesses' | 'emailsPerRecipient';

/** A refusal: the limit, and the seconds until it lets the attempt through. */
export type IdentityRefusal = { limit: IdentityLimit; retryAfter: number };

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

type Window = { max: number; timeWindow: number };

type Scope = {
  limit: IdentityLimit;
  /** The counter this scope counts with (several scopes may share one). */
  counter: string;
  /** The endpoints it counts; every limited one when absent. */
  endpoints?: readonly string[];
  /** Reads the counter without counting: refused once it has nothing left. */
  readOnly?: boolean;
  /** The counter's key for this attempt; undefined when the scope does not apply. */
  key: (attempt: IdentityAttempt) => string | undefined;
};

/** The key of an address's sign-in code guesses, shared by asking for a code and trying one. */
const codeGuessesKey = ({ address }: IdentityAttempt) =>
  address && `identity:sign-in-code-guesses:${address}`;

/**
 * The cheapest counter first: once a client is over its own limit its attempts stop there, so a
 * client cannot fill the other counters (and push other clients' counts out of the in-memory
 * store) with attempts it was refused anyway. The per-address ones of issue 40 come last, so
 * that attempts the minute's limits refuse spend none of an address's hour or day.
 */
const SCOPES: readonly Scope[] = [
  {
    limit: 'perMinute',
    counter: 'perClient',
    key: ({ endpoint, client }) => `identity:${endpoint}:client:${client}`,
  },
  {
    limit: 'perMinute',
    counter: 'perAddress',
    key: ({ endpoint, address }) => address && `identity:${endpoint}:address:${address}`,
  },
  {
    limit: 'perMinute',
    counter: 'perClientAndAddress',
    // Without an address (a reset with its token) this is the client's own count.
    key: ({ endpoint, client, address }) =>
      `identity:${endpoint}:client+address:${client}:${address ?? ''}`,
  },
  // No code is sent for an address whose guesses are spent: it could not be used.
  {
    limit: 'signInCodeGuesses',
    counter: 'signInCodeGuesses',
    endpoints: [SEND_SIGN_IN_CODE],
    readOnly: true,
    key: codeGuessesKey,
  },
  {
    limit: 'emailsPerRecipient',
    counter: 'emailsPerRecipient',
    endpoints: MAILING_ENDPOINTS,
    key: ({ endpoint, address }) => address && `identity:${endpoint}:recipient:${address}`,
  },
  {
    limit: 'signInCodeGuesses',
    counter: 'signInCodeGuesses',
    endpoints: [SIGN_IN_WITH_CODE],
    key: codeGuessesKey,
  },
];

/**
 * The identity limits, counted through @fastify/rate-limit's store (in memory, or in Redis when
 * REDIS_URL is set, shared by every instance). Its route handlers (`rateLimit()`) cannot stack:
 * the first one marks the request as counted and the others skip it. So each counter is a
 * `createRateLimit()` limiter, called in turn. Such limiters share one Redis namespace (the
 * library names them after no route), hence keys that name their endpoint and scope.
 *
 * Answers a function that counts an attempt and resolves to the limit that refuses it and the
 * seconds to wait, or undefined when the attempt may go on.
 */
export function createIdentityRateLimits(app: FastifyInstance, limits: IdentityAddressLimits) {
  const windows: Record<string, Window & { cache?: number }> = {
    ...IDENTITY_RATE_LIMITS,
    signInCodeGuesses: {
      max: limits.signInCodeGuessesPerDay,
      timeWindow: SIGN_IN_CODE_GUESS_WINDOW_MS,
      cache: LONG_WINDOW_CACHE,
    },
    emailsPerRecipient: {
      max: limits.identityEmailsPerHour,
      timeWindow: EMAILS_PER_RECIPIENT_WINDOW_MS,
      cache: LONG_WINDOW_CACHE,
    },
  };
  // createRateLimit's key generator sees only the request: the attempt and the scope being
  // counted travel beside it.
  const counting = new WeakMap<FastifyRequest, { attempt: IdentityAttempt; scope: Scope }>();
  const limiters = new Map(
    Object.entries(windows).map(([name, window]) => [
      name,
      app.createRateLimit({
        // `cache` (the in-memory store's size) is taken by createRateLimit though its options'
        // type leaves it out.
        ...(window as Window),
        keyGenerator: (request) => {
          const current = counting.get(request);
          const key = current && current.scope.key(current.attempt);
          if (!key) throw new Error('identity rate limit: counted without an attempt');
          return key;
        },
      }),
    ]),
  );

  return async function countAttempt(
    request: FastifyRequest,
    attempt: IdentityAttempt,
  ): Promise<IdentityRefusal | undefined> {
    const counted = { ...attempt, client: normalizeIP(attempt.client) };
    for (const scope of SCOPES) {
      if (scope.endpoints && !scope.endpoints.includes(counted.endpoint)) continue;
      if (!scope.key(counted)) continue;
      const count = limiters.get(scope.counter)!;
      counting.set(request, { attempt: counted, scope });
      let result: Awaited<ReturnType<typeof count>>;
      try {
        result = await count(request, { increment: !scope.readOnly });
      } catch (error) {
        // The store (Redis) does not answer: refuse the attempt rather than let it through
        // uncounted, with the status and words of a brief outage instead of a 500.
        request.log.error({ err: error }, 'identity rate limit: the counter store did not answer');
        throw serviceUnavailable(serverTexts.apiErrors.serviceUnavailable);
      }
      if (result.isAllowed) continue;
      const refused = scope.readOnly ? result.remaining === 0 : result.isExceeded;
      if (refused) return { limit: scope.limit, retryAfter: Math.max(1, result.ttlInSeconds) };
    }
    return undefined;
  };
}

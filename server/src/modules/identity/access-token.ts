import { SignJWT, jwtVerify, errors } from 'jose';

export const ACCESS_TOKEN_LIFETIME = '1d';

/** Only this algorithm is accepted: a token naming another (none, RS256, HS512) is refused. */
const ALGORITHM = 'HS256';

/**
 * What an access token says: who (subject), their e-mail, and the identity session it was issued
 * for (`sid`, Better Auth's session id, not its secret token): the token lives only as long as
 * that session does.
 */
export type AccessTokenClaims = { userId: string; email: string; sessionId: string };

export type AccessTokenVerdict =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * How many verified tokens are remembered (their claims and expiry), oldest forgotten first: a
 * customer sends the same token with every call for a day.
 */
export const REMEMBERED_TOKENS = 10_000;

type Remembered = { claims: AccessTokenClaims; expiresAt: number };

/**
 * The access token of the spec (localStorage `accessToken`): a signed JWT, subject the user id.
 * A token whose signature and claims were verified is remembered by its exact text until it
 * expires: the next call with it skips the HMAC, which WebCrypto computes on the thread pool (an
 * extra turn of the event loop on every request, long under a rush of orders on PGlite; decision
 * 033). Only its expiry is checked again, as jose checks it; the guard's query of the
 * user and the session still runs on every call.
 */
export function createAccessTokens(secret: string) {
  const remembered = new Map<string, Remembered>();
  const remember = (token: string, entry: Remembered) => {
    if (remembered.size >= REMEMBERED_TOKENS) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(token, entry);
  };
  // Imported once: jose given the secret's bytes would import them again for every token (a
  // WebCrypto job per request on the bearer guard's path).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async issue(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(ACCESS_TOKEN_LIFETIME)
        .sign(await key);
    },
    async verify(token: string): Promise<AccessTokenVerdict> {
      const known = remembered.get(token);
      if (known) {
        // jose's test: expired once the expiry (in whole seconds) is not after now.
        if (known.expiresAt > Math.floor(Date.now() / 1000))
          return { ok: true, claims: known.claims };
        remembered.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        // A token without an expiry would never end by itself: refuse it, as one without a session.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, email, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { userId: sub, email, sessionId: sid };
        // exp is required above, and jose checked it is a number.
        if (typeof exp === 'number') remember(token, { claims, expiresAt: exp });
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

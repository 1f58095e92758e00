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

/** The access token of the spec (localStorage `accessToken`): a signed JWT, subject the user id. */
export function createAccessTokens(secret: string) {
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
      try {
        // A token without an expiry would never end by itself: refuse it, as one without a session.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, email, sid } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { userId: sub, email, sessionId: sid } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

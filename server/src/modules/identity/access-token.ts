import { SignJWT, jwtVerify, errors } from 'jose';

export const ACCESS_TOKEN_LIFETIME = '1d';

export type AccessTokenClaims = { userId: string; email: string };

export type AccessTokenVerdict =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** The access token of the spec (localStorage `accessToken`): a signed JWT, subject the user id. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ email: claims.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(ACCESS_TOKEN_LIFETIME)
        .sign(key);
    },
    async verify(token: string): Promise<AccessTokenVerdict> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { userId: payload.sub, email: payload.email } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiPaths, type UpsertUser, type UpsertUserResponse } from '@tools-factory/contract';
import { storeAccessToken } from '../../../lib/access-token';
import { api } from '../../../lib/api-client';

/**
 * PUT /api/user/{email}: records the signed-in user and answers an access token. Authenticated
 * by the identity session's cookie (the server checks that it is this e-mail's), not a bearer.
 */
function upsertUser(user: UpsertUser): Promise<UpsertUserResponse> {
  return api.put<UpsertUserResponse>(apiPaths.user(user.email), user, { bearer: false });
}

/** The last step of every sign-in (SPEC.md section 4): PUT /user, then keep the token. */
export async function obtainAccessToken(user: { email: string; name?: string }): Promise<string> {
  const { token } = await upsertUser({ email: user.email, name: user.name ?? '' });
  storeAccessToken(token);
  return token;
}

/**
 * An identity session without an access token (back from Google, or the token was removed):
 * the token is fetched once, shared by every component that asks.
 */
export const accessTokenQueryOptions = (user: { email: string; name: string } | null) =>
  queryOptions({
    queryKey: ['accessToken', user?.email ?? null],
    queryFn: user ? () => obtainAccessToken(user) : skipToken,
    // The token itself lives in local storage; this query only makes sure it is asked for once.
    staleTime: 0,
    gcTime: 0,
  });

import { useQuery } from '@tanstack/react-query';
import { useAccessToken } from '../../../lib/access-token';
import { useSession, type SessionUser } from '../api/get-session';
import { accessTokenQueryOptions } from '../api/upsert-user';

type AuthState =
  /** The session is being read. */
  | { status: 'loading'; user: null; error: null }
  /** A session without an access token yet (back from Google): PUT /user is on its way. */
  | { status: 'completing'; user: SessionUser; error: null }
  | { status: 'signedIn'; user: SessionUser; error: null }
  /** `error`: the access token could not be obtained for an existing session. */
  | { status: 'signedOut'; user: null; error: Error | null };

/**
 * Who is signed in. Signed in means an identity session (the cookie) and the access token PUT
 * /user gave for it (SPEC.md section 4). A session without a token gets one here, once, for
 * every component asking.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const token = useAccessToken();
  const user = session.data?.user ?? null;
  const tokenQuery = useQuery(accessTokenQueryOptions(user && !token ? user : null));

  if (session.isPending) return { status: 'loading', user: null, error: null };
  if (!user) return { status: 'signedOut', user: null, error: null };
  if (token) return { status: 'signedIn', user, error: null };
  if (tokenQuery.isError) return { status: 'signedOut', user: null, error: tokenQuery.error };
  return { status: 'completing', user, error: null };
}

import { useQuery } from '@tanstack/react-query';
import { useAccessToken } from '../../../lib/access-token';
import { useHydrated } from '../../../lib/use-hydrated';
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
 *
 * While React hydrates a server-rendered page it is 'loading', as on the server, whatever the
 * browser already knows: the page's content (under the shell's Suspense boundary) is hydrated in
 * a pass after the shell's, and the session the shell asked for can arrive in between. A page
 * hydrated then as signed in (or 'completing': the token is not read while hydrating) did not
 * match the server's HTML, and React threw that HTML away (error #418, the account forms opened
 * signed in). Each part shows the sign-in once hydrated.
 */
export function useAuth(): AuthState {
  const hydrated = useHydrated();
  const session = useSession();
  const token = useAccessToken();
  const user = session.data?.user ?? null;
  const tokenQuery = useQuery(accessTokenQueryOptions(hydrated && user && !token ? user : null));

  if (!hydrated || session.isPending) return { status: 'loading', user: null, error: null };
  if (!user) return { status: 'signedOut', user: null, error: null };
  if (token) return { status: 'signedIn', user, error: null };
  if (tokenQuery.isError) return { status: 'signedOut', user: null, error: tokenQuery.error };
  return { status: 'completing', user, error: null };
}

import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useDeferredArrival } from '../../../lib/use-deferred-arrival';
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

/** Nothing to listen to: what the session query knows changes with the renders useQuery makes. */
const subscribeToNothing = () => () => {};

/**
 * Who is signed in. Signed in means an identity session (the cookie) and the access token PUT
 * /user gave for it (SPEC.md section 4). A session without a token gets one here, once, for
 * every component asking.
 *
 * While React hydrates a server-rendered page it is 'loading', as on the server, whatever the
 * browser already knows: the page's content (under the shell's Suspense boundary) is hydrated in
 * a pass after the shell's, and the session the shell asked for can arrive in between. A page
 * hydrated then as signed in (or 'completing') did not match the server's HTML, and React threw
 * that HTML away (error #418: the account forms, opened signed in). Read through
 * useSyncExternalStore, the server's view (nothing known) stands while hydrating, and a part is
 * rendered again once hydrated only when the session was known by then (issue 27: no render more
 * than before for a session still on its way).
 */
export function useAuth(): AuthState {
  const session = useSession();
  // undefined: not known yet; null: signed out (or the read failed).
  const known = useSyncExternalStore(
    subscribeToNothing,
    () => (session.isPending ? undefined : (session.data ?? null)),
    () => undefined,
  );
  const user = known?.user ?? null;
  const token = useAccessToken(user !== null);
  const tokenQuery = useQuery(accessTokenQueryOptions(user && !token ? user : null));

  const tokenError = tokenQuery.isError ? tokenQuery.error : null;
  const state = useMemo((): AuthState => {
    if (known === undefined) return { status: 'loading', user: null, error: null };
    if (!user) return { status: 'signedOut', user: null, error: null };
    if (token) return { status: 'signedIn', user, error: null };
    if (tokenError) return { status: 'signedOut', user: null, error: tokenError };
    return { status: 'completing', user, error: null };
  }, [known, user, token, tokenError]);
  // Signing in re-renders as a transition: the session's answer re-rendered the top bar, the
  // footer and the page at once (issue 27). Meanwhile the state before shows, which knows less
  // ('loading'). Leaving the signed-in state (signing out, a session found gone, the token
  // removed) shows at once: a part still showing it would call the API with a token that is no
  // more. A part that mounts later reads the state as it is.
  return useDeferredArrival(state, leavesSignedIn);
}

const leavesSignedIn = (shown: AuthState, next: AuthState) =>
  shown.status === 'signedIn' && next.status !== 'signedIn';

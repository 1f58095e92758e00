import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@tools-factory/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearAccessToken } from '../../../lib/access-token';
import { toast } from '../../../lib/toast';
import { sessionQueryKey } from '../api/get-session';
import { signOutOfIdentity } from '../api/sign-out';

/**
 * Forgets the sign-in on this device: every cached answer (they may be this user's), the
 * session, and the access token. The session is set to none before the token goes, so that no
 * component mistakes the moment between for 'a session without a token' and asks for one.
 */
export function forgetSignIn(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
  clearAccessToken();
}

/**
 * True from the moment SIGN OUT forgets the sign-in until its navigation to '/' is done. A
 * protected page still on screen then sends the user to '/', as SIGN OUT does, not to /login: its
 * redirect would otherwise race SIGN OUT's own navigation (and win while '/' is still loading).
 */
let signingOut = false;
export function isSigningOut(): boolean {
  return signingOut;
}

/** SIGN OUT: ends the identity session, removes accessToken, clears the cache and goes to '/'. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // From the first step: the identity client may report the session gone before we go on.
    signingOut = true;
    try {
      await signOutOfIdentity();
      forgetSignIn(queryClient);
      await navigate(routes.home);
    } catch (error) {
      // Still signed in on the server: saying otherwise here would not last past a reload.
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      signingOut = false;
    }
  }, [queryClient, navigate]);
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@tools-factory/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { clearAccessToken } from '../../../lib/access-token';
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

/** SIGN OUT: ends the identity session, removes accessToken, clears the cache and goes to '/'. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOutOfIdentity();
    } catch (error) {
      // Still signed in on the server: saying otherwise here would not last past a reload.
      toast.error(error instanceof Error ? error.message : String(error));
      return;
    }
    forgetSignIn(queryClient);
    await navigate(routes.home);
  }, [queryClient, navigate]);
}

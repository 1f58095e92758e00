import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@tools-factory/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { getSession } from '../api/get-session';
import { signOutOfIdentity } from '../api/sign-out';
import { obtainAccessToken } from '../api/upsert-user';
import { forgetSignIn } from './use-sign-out';

/** The login page's router state after a sign-out the user did not ask for: where, and why. */
export type SignedOutState = { from: Location; signedOutBecause: string };

/** Why the user was signed out, when the login page was reached that way. */
export function signedOutBecause(state: unknown): string | null {
  const why = (state as Partial<SignedOutState> | null)?.signedOutBecause;
  return typeof why === 'string' && why ? why : null;
}

/**
 * Teaches the API client what to do when a bearer call answers 401
 * (docs/architecture.md#identity-and-sessions): while the identity session lives, get a fresh token
 * through PUT /user; otherwise sign out on this device and go to /login, remembering the page the
 * user was on.
 */
export function useUnauthorizedHandler(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    setUnauthorizedHandler({
      renewAccessToken: async () => {
        const session = await getSession();
        if (!session) return false;
        await obtainAccessToken(session.user);
        return true;
      },
      signOut: async (why) => {
        // The session may already be gone; what matters is that nothing of it stays here.
        await signOutOfIdentity().catch(() => undefined);
        forgetSignIn(queryClient);
        const state: SignedOutState = { from: locationRef.current, signedOutBecause: why };
        await navigate(routes.login, { state });
      },
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, navigate]);
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { readAccessToken } from '../../../lib/access-token';
import { api } from '../../../lib/api-client';
import { accessTokenQueryOptions } from './upsert-user';

/** The signed-in person as the identity service knows them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

interface IdentitySession {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

/**
 * GET /api/auth/get-session: the identity session this browser's cookie holds, or null. A plain
 * call rather than the identity client, so that every page can know who is signed in without
 * loading that client.
 */
export async function getSession(signal?: AbortSignal): Promise<IdentitySession | null> {
  const session = await api.get<IdentitySession | null>('/auth/get-session', signal, {
    bearer: false,
  });
  return session?.user ? session : null;
}

export const sessionQueryKey = ['session'] as const;

/**
 * The session and, for a session whose access token storage does not hold (back from Google, a
 * new tab after the token was removed), that token too: signed in means both (useAuth). Read in
 * one go, the page is rendered once as signed in, not once for the session and again for the
 * token: on a phone each render after hydrating is a long task (issue 27). The token's failure
 * is not the session's: useAuth asks for it again and says it.
 */
async function readSignIn(client: QueryClient, signal: AbortSignal) {
  const session = await getSession(signal);
  if (session && readAccessToken() === null) {
    await client.fetchQuery(accessTokenQueryOptions(session.user)).catch(() => {
      // Said by useAuth, as above.
    });
  }
  return session;
}

/** How long a session read stands for the parts of the page that ask for it. */
const SESSION_FRESH_MS = 30_000;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ client, signal }) => readSignIn(client, signal),
    // The top bar waits for this answer before offering LOGIN or SIGN OUT: one retry, not three.
    retry: 1,
    // Read once per page load, not again by each part that mounts later (the order form, the
    // cart link): on a phone each answer re-renders the page (issue 27). Signing in reads it
    // afresh (use-finish-sign-in.ts), signing out sets it (use-sign-out.ts), and a focused
    // tab reads it again once this has passed.
    staleTime: SESSION_FRESH_MS,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** How long a session read stands for the parts of the page that ask for it. */
const SESSION_FRESH_MS = 30_000;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
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

import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiPaths, type AdminCheck } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useDeferredArrival } from '../../../lib/use-deferred-arrival';

/** GET /api/admin/{email} (bearer): whether this user is an admin. */
function getAdminCheck(email: string, signal?: AbortSignal): Promise<AdminCheck> {
  return api.get<AdminCheck>(apiPaths.admin(email), signal);
}

export const adminCheckQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: ['admin', email ?? null],
    queryFn: email ? ({ signal }) => getAdminCheck(email, signal) : skipToken,
    // Asked once per page load rather than by each part that mounts after the first (the top
    // bar, then the page): on a phone each answer re-renders the page (issue 27). The server
    // decides what an admin may do whatever this says
    // (docs/architecture.md#departures-from-the-spec).
    staleTime: 30_000,
  });

/**
 * The admin flag of SPEC.md section 4, fetched per e-mail; undefined while unknown. Its arrival
 * re-renders as a transition, as the sign-in's does (useAuth); its going (signed out) at once.
 */
export function useIsAdmin(email: string | undefined): boolean | undefined {
  return useDeferredArrival(useQuery(adminCheckQueryOptions(email)).data?.admin, isGone);
}

const isGone = (_shown: boolean | undefined, next: boolean | undefined) => next === undefined;

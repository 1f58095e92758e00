import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiPaths, type AdminCheck } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/admin/{email} (bearer): whether this user is an admin. */
function getAdminCheck(email: string, signal?: AbortSignal): Promise<AdminCheck> {
  return api.get<AdminCheck>(apiPaths.admin(email), signal);
}

export const adminCheckQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: ['admin', email ?? null],
    queryFn: email ? ({ signal }) => getAdminCheck(email, signal) : skipToken,
  });

/** The admin flag of SPEC.md section 4, fetched per e-mail; undefined while unknown. */
export function useIsAdmin(email: string | undefined): boolean | undefined {
  return useQuery(adminCheckQueryOptions(email)).data?.admin;
}

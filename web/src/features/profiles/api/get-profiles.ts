import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Profile } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of every profile query: adding or editing information invalidates it. */
export const profilesQueryKey = ['profiles'] as const;

/** GET /api/profilrdetail/{email} (bearer): that user's profile records; [] before any add. */
function getProfiles(email: string, signal?: AbortSignal): Promise<Profile[]> {
  return api.get<Profile[]>(apiPaths.profileDetail(email), signal);
}

const profilesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...profilesQueryKey, email],
    queryFn: ({ signal }) => getProfiles(email, signal),
  });

export function useProfiles(email: string) {
  return useQuery(profilesQueryOptions(email));
}

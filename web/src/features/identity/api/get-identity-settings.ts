import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type IdentitySettings } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/identity-settings (anyone): whether this server offers Google sign-in. */
function getIdentitySettings(signal?: AbortSignal): Promise<IdentitySettings> {
  return api.get<IdentitySettings>(apiPaths.identitySettings, signal, { bearer: false });
}

export const identitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['identitySettings'],
    queryFn: ({ signal }) => getIdentitySettings(signal),
    // Set when the server starts: asking once per visit is enough.
    staleTime: Infinity,
  });

export function useIdentitySettings() {
  return useQuery(identitySettingsQueryOptions());
}

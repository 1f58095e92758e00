import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedQuoteRequest } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The admins' Quotes page's requests of several lines: an offer or a refusal updates it. */
export const managedQuoteRequestsQueryKey = ['manageQuoteRequests'] as const;

/** GET /api/manageQuoteRequests (bearer, admins): every request, open ones first. */
function getManagedQuoteRequests(signal?: AbortSignal): Promise<ManagedQuoteRequest[]> {
  return api.get<ManagedQuoteRequest[]>(apiPaths.manageQuoteRequests, signal);
}

const managedQuoteRequestsQueryOptions = () =>
  queryOptions({
    queryKey: managedQuoteRequestsQueryKey,
    queryFn: ({ signal }) => getManagedQuoteRequests(signal),
  });

export function useManagedQuoteRequests() {
  return useQuery(managedQuoteRequestsQueryOptions());
}

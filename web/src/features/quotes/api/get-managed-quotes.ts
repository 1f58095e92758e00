import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedQuote } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The admins' Quotes list: an offer or a refusal updates it. */
export const managedQuotesQueryKey = ['manageQuotes'] as const;

/** GET /api/manageQuotes (bearer, admins): every quote, open ones first, with the catalog's figures. */
function getManagedQuotes(signal?: AbortSignal): Promise<ManagedQuote[]> {
  return api.get<ManagedQuote[]>(apiPaths.manageQuotes, signal);
}

const managedQuotesQueryOptions = () =>
  queryOptions({
    queryKey: managedQuotesQueryKey,
    queryFn: ({ signal }) => getManagedQuotes(signal),
  });

export function useManagedQuotes() {
  return useQuery(managedQuotesQueryOptions());
}

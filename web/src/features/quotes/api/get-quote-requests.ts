import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type QuoteRequest } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** My Quotes' requests of several lines: requesting, accepting or declining one updates it. */
export const quoteRequestsQueryKey = ['quoteRequests'] as const;

/** GET /api/quoteRequests (bearer): the signed-in customer's requests of several lines. */
function getQuoteRequests(signal?: AbortSignal): Promise<QuoteRequest[]> {
  return api.get<QuoteRequest[]>(apiPaths.quoteRequests, signal);
}

const quoteRequestsQueryOptions = () =>
  queryOptions({
    queryKey: quoteRequestsQueryKey,
    queryFn: ({ signal }) => getQuoteRequests(signal),
  });

export function useQuoteRequests() {
  return useQuery(quoteRequestsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Quote } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** My Quotes' list: requesting, accepting or declining a quote updates it. */
export const quotesQueryKey = ['quotes'] as const;

/** GET /api/quotes (bearer): the signed-in customer's own quotes, newest first. */
function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  return api.get<Quote[]>(apiPaths.quotes, signal);
}

const quotesQueryOptions = () =>
  queryOptions({
    queryKey: quotesQueryKey,
    queryFn: ({ signal }) => getQuotes(signal),
  });

export function useQuotes() {
  return useQuery(quotesQueryOptions());
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type MyQuoteRequestsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { pageQuery } from './page-query';

/** My Quotes' requests of several lines: requesting, accepting or declining one updates them. */
export const quoteRequestsQueryKey = ['quoteRequests'] as const;

/**
 * GET /api/quoteRequests/page (bearer, issue 43): a page of the signed-in customer's requests
 * of several lines, newest first, starting after `after` (the page before's `next`).
 */
function getQuoteRequestsPage(
  after: string | undefined,
  signal?: AbortSignal,
): Promise<MyQuoteRequestsPage> {
  return api.get<MyQuoteRequestsPage>(`${apiPaths.quoteRequestsPage}${pageQuery(after)}`, signal);
}

/** My Quotes' requests a page at a time; the page stays shown while the next one loads. */
export function useQuoteRequestsPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...quoteRequestsQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getQuoteRequestsPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

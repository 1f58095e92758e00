import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type MyQuotesPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { pageQuery } from './page-query';

/** My Quotes' quotes of one tool: requesting, accepting or declining a quote updates them. */
export const quotesQueryKey = ['quotes'] as const;

/**
 * GET /api/quotes/page (bearer, issue 43): a page of the signed-in customer's own quotes, newest
 * first, starting after `after` (the page before's `next`; none: the first).
 */
function getQuotesPage(after: string | undefined, signal?: AbortSignal): Promise<MyQuotesPage> {
  return api.get<MyQuotesPage>(`${apiPaths.quotesPage}${pageQuery(after)}`, signal);
}

/** My Quotes a page at a time; the page stays shown while the next one loads. */
export function useQuotesPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...quotesQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getQuotesPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedQuotesPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { pageQuery } from './page-query';

/** The admins' Quotes list: an offer or a refusal updates it. */
export const managedQuotesQueryKey = ['manageQuotes'] as const;

/**
 * GET /api/manageQuotes/page (bearer, admins, issue 43): a page of every quote, open ones first,
 * with the catalog's figures, starting after `after` (the page before's `next`).
 */
function getManagedQuotesPage(
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ManagedQuotesPage> {
  return api.get<ManagedQuotesPage>(`${apiPaths.manageQuotesPage}${pageQuery(after)}`, signal);
}

/** Quotes a page at a time; the page stays shown while the next one loads. */
export function useManagedQuotesPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...managedQuotesQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getManagedQuotesPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

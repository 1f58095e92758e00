import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedQuoteRequestsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { pageQuery } from './page-query';

/** The admins' Quotes page's requests of several lines: an offer or a refusal updates them. */
export const managedQuoteRequestsQueryKey = ['manageQuoteRequests'] as const;

/**
 * GET /api/manageQuoteRequests/page (bearer, admins, issue 43): a page of every request, open
 * ones first, starting after `after` (the page before's `next`).
 */
function getManagedQuoteRequestsPage(
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ManagedQuoteRequestsPage> {
  return api.get<ManagedQuoteRequestsPage>(
    `${apiPaths.manageQuoteRequestsPage}${pageQuery(after)}`,
    signal,
  );
}

/** The requests a page at a time; the page stays shown while the next one loads. */
export function useManagedQuoteRequestsPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...managedQuoteRequestsQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getManagedQuoteRequestsPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type StockHoldsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The Stock holds page's list: releasing an account's holds or setting a limit updates it. */
export const stockHoldsQueryKey = ['manageHolds'] as const;

/**
 * GET /api/manageHolds/page (bearer, admins, issue 43): a page of the accounts holding stock with
 * unpaid orders, the largest value first, starting after `after` (the page before's `next`).
 */
function getStockHoldsPage(after: string | undefined, signal?: AbortSignal) {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return api.get<StockHoldsPage>(`${apiPaths.manageHoldsPage}${query}`, signal);
}

/** Stock holds a page at a time; the page stays shown while the next one loads. */
export function useStockHoldsPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...stockHoldsQueryKey, 'page', after ?? null],
      queryFn: ({ signal }) => getStockHoldsPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type MyCheckoutsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

/** The root of My Orders' pages of checkouts, under the orders' key. */
export const checkoutsPagesQueryKey = [...ordersQueryKey, 'checkouts', 'page'] as const;

/**
 * GET /api/checkouts/page (bearer, issue 43): a page of the signed-in account's checkouts with
 * their lines, newest first, starting after `after` (the page before's `next`; none: the first).
 */
function getCheckoutsPage(after: string | undefined, signal?: AbortSignal) {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return api.get<MyCheckoutsPage>(`${apiPaths.checkoutsPage}${query}`, signal);
}

/**
 * My Orders a page of checkouts at a time. Under the orders' key: a payment or a removal, which
 * asks for the orders again, asks for the page shown again; the page stays while the next loads.
 */
export function useCheckoutsPage(after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...checkoutsPagesQueryKey, after ?? null],
      queryFn: ({ signal }) => getCheckoutsPage(after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

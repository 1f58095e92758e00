import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type ManagedOrdersPage,
  type ManagedOrdersSearchQuery,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/**
 * What Manage Orders asks for: a status ('' for all), words, a page, and where the page before
 * ended (its `next`: the page starts there, issue 43), none for the first page.
 */
export type OrdersSearch = { status: string; q: string; page: number; after?: string };

/** The query string of a search: only what is set (a bare search is the spec's whole view). */
function queryOf(search: OrdersSearch, pageSize?: number): string {
  const params = new URLSearchParams();
  if (search.status) params.set('status', search.status);
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.page > 1) params.set('page', String(search.page));
  if (search.after) params.set('after', search.after);
  if (pageSize) params.set('pageSize', String(pageSize));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/manageOrders/search (bearer, admins): one page of the orders that match. */
function searchManagedOrders(
  search: OrdersSearch,
  pageSize: ManagedOrdersSearchQuery['pageSize'],
  signal?: AbortSignal,
): Promise<ManagedOrdersPage> {
  const size = typeof pageSize === 'number' ? pageSize : undefined;
  return api.get<ManagedOrdersPage>(
    `${apiPaths.manageOrdersSearch}${queryOf(search, size)}`,
    signal,
  );
}

/**
 * Manage Orders' list as searched: under Manage Orders' key (a ship, cancel or removal asks for
 * it again); the page shown stays while the next one loads.
 */
export function useManagedOrdersSearch(search: OrdersSearch, pageSize?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...managedOrdersQueryKey, 'search', search, pageSize ?? null],
      queryFn: ({ signal }) => searchManagedOrders(search, pageSize, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedOrdersPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * What Company Orders asks for: a status ('' for all), words, a page, and where the page before
 * ended (its `next`), none for the first page.
 */
export type CompanyOrdersSearch = { status: string; q: string; page: number; after?: string };

/** The query string of a search: only what is set. */
function queryOf(search: CompanyOrdersSearch, pageSize?: number): string {
  const params = new URLSearchParams();
  if (search.status) params.set('status', search.status);
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.page > 1) params.set('page', String(search.page));
  if (search.after) params.set('after', search.after);
  if (pageSize) params.set('pageSize', String(pageSize));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * GET /api/company/orders (bearer, company members): one page of the company's checkouts that
 * match (its admins), or of the caller's own (a buyer).
 */
function getCompanyOrders(
  search: CompanyOrdersSearch,
  pageSize: number | undefined,
  signal?: AbortSignal,
): Promise<ManagedOrdersPage> {
  return api.get<ManagedOrdersPage>(
    `${apiPaths.companyOrders}${queryOf(search, pageSize)}`,
    signal,
  );
}

/** Company Orders as searched; the page shown stays while the next one loads. */
export function useCompanyOrders(search: CompanyOrdersSearch, pageSize?: number) {
  return useQuery(
    queryOptions({
      queryKey: ['company', 'orders', search, pageSize ?? null],
      queryFn: ({ signal }) => getCompanyOrders(search, pageSize, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedOrdersPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedCompaniesQueryKey } from './get-managed-companies';

/**
 * GET /api/manageOrders/search?companyId= (bearer, shop admins): Manage Orders' search narrowed
 * to one company, a page of its checkouts (as their orders, newest first) starting after `after`.
 */
function getCompanyCheckouts(
  companyId: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ManagedOrdersPage> {
  const params = new URLSearchParams({ companyId });
  if (after) params.set('after', after);
  return api.get<ManagedOrdersPage>(`${apiPaths.manageOrdersSearch}?${params.toString()}`, signal);
}

/** A company's checkouts a page at a time; the page shown stays while the next one loads. */
export function useCompanyCheckouts(companyId: string, after: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...managedCompaniesQueryKey, 'checkouts', companyId, after ?? null],
      queryFn: ({ signal }) => getCompanyCheckouts(companyId, after, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

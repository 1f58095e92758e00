import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type SalesOverview } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

export const salesOverviewQueryKey = ['manageSales'] as const;

/** GET /api/manageSales (bearer, admins): the Sales page's figures, summed by the server. */
function getSalesOverview(signal?: AbortSignal): Promise<SalesOverview> {
  return api.get<SalesOverview>(apiPaths.sales, signal);
}

const salesOverviewQueryOptions = () =>
  queryOptions({
    queryKey: salesOverviewQueryKey,
    queryFn: ({ signal }) => getSalesOverview(signal),
  });

export function useSalesOverview() {
  return useQuery(salesOverviewQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type StockHold } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The Stock holds page's list: releasing an account's holds updates it. */
export const stockHoldsQueryKey = ['manageHolds'] as const;

/** GET /api/manageHolds (bearer, admins): who holds stock with unpaid orders. */
function getStockHolds(signal?: AbortSignal): Promise<StockHold[]> {
  return api.get<StockHold[]>(apiPaths.manageHolds, signal);
}

const stockHoldsQueryOptions = () =>
  queryOptions({
    queryKey: stockHoldsQueryKey,
    queryFn: ({ signal }) => getStockHolds(signal),
  });

export function useStockHolds() {
  return useQuery(stockHoldsQueryOptions());
}

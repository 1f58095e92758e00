import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ReleaseHoldsResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { catalogQueryKey } from './get-catalog-tools';
import { managedOrdersQueryKey } from './get-managed-orders';
import { stockHoldsQueryKey } from './get-stock-holds';

/**
 * POST /api/manageHolds/{userId}/release (bearer, admins): removes every unpaid order of the
 * account; their stock goes back on sale.
 */
function releaseHolds(userId: string): Promise<ReleaseHoldsResponse> {
  return api.post<ReleaseHoldsResponse>(apiPaths.releaseHolds(userId));
}

/**
 * Releases an account's holds. The holds, the orders and the catalog (its available quantities
 * grew) are asked for again whatever the answer.
 */
export function useReleaseHolds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseHolds,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockHoldsQueryKey }),
        queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
      ]),
  });
}

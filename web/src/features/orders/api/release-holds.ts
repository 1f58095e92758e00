import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ReleaseHoldsResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import type { StockReturnedOptions } from './delete-order';
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
 * Releases an account's holds. The holds, the orders and what the returned stock changes (the
 * catalog: its available quantities grew) are asked for again whatever the answer.
 */
export function useReleaseHolds({ onStockReturned }: StockReturnedOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseHolds,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockHoldsQueryKey }),
        queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
        onStockReturned(),
      ]),
  });
}

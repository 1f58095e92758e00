import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ReleaseHoldsResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import type { StockReturnedOptions } from '../../../lib/stock-returned';
import { stockHoldsQueryKey } from './get-stock-holds';

/**
 * What releasing changes outside Stock holds, handed in by its page (features never import each
 * other): the orders removed (Manage Orders) and the stock returned (the catalog).
 */
export interface ReleasedHoldsOptions extends StockReturnedOptions {
  /** Asks again for the orders' lists: the released orders are gone from them. */
  onOrdersRemoved: () => Promise<unknown>;
}

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
export function useReleaseHolds({ onOrdersRemoved, onStockReturned }: ReleasedHoldsOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseHolds,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockHoldsQueryKey }),
        onOrdersRemoved(),
        onStockReturned(),
      ]),
  });
}

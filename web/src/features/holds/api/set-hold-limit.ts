import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type HoldLimitResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { stockHoldsQueryKey } from './get-stock-holds';

/**
 * PUT /api/manageHolds/{userId}/limit (bearer, admins): what the account's unpaid orders may come
 * to, in dollars; null gives it its default again.
 */
function setHoldLimit(variables: {
  userId: string;
  limit: number | null;
}): Promise<HoldLimitResponse> {
  return api.put<HoldLimitResponse>(apiPaths.holdLimit(variables.userId), {
    limit: variables.limit,
  });
}

/** Sets an account's hold limit; the holds are asked for again whatever the answer. */
export function useSetHoldLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHoldLimit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockHoldsQueryKey }),
  });
}

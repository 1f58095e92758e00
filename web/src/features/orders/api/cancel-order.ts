import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CancelOrderResponse, type ManagedOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/**
 * POST /api/manageOrders/{id}/cancel (bearer, admins): a paid order is cancelled, its payment
 * refunded and a credit note issued. Cancelling twice is harmless (the same credit note).
 */
export function cancelOrder(id: string): Promise<CancelOrderResponse> {
  return api.post<CancelOrderResponse>(apiPaths.cancelOrder(id));
}

/**
 * Cancels an order. The answer replaces the order in the list at once; the list is asked for
 * again whatever the answer, as other admins may have changed it.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: ({ order: cancelled }) =>
      queryClient.setQueryData<ManagedOrder[]>(managedOrdersQueryKey, (orders) =>
        orders?.map((order) => (order._id === cancelled._id ? cancelled : order)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

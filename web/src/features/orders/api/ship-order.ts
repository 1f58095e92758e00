import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/**
 * PATCH /api/manageOrders/{id}/ship (bearer, admins): a paid order becomes shipped, and its
 * customer sees 'shipped' in My Orders. 409 for an unpaid order; shipping twice is harmless.
 */
export function shipOrder(id: string): Promise<ManagedOrder> {
  return api.patch<ManagedOrder>(apiPaths.shipOrder(id));
}

/**
 * Ships an order. The answer replaces the order in the list at once (no wait for the refetch);
 * the list is asked for again whatever the answer, as other admins may have changed it.
 */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) =>
      queryClient.setQueryData<ManagedOrder[]>(managedOrdersQueryKey, (orders) =>
        orders?.map((order) => (order._id === shipped._id ? shipped : order)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedOrder, type ShipOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/** What Ship sends: the order, and its carrier and tracking number when the admin gave them. */
export type ShipRequest = { id: string; shipment?: ShipOrder };

/**
 * PATCH /api/manageOrders/{id}/ship (bearer, admins): a paid order becomes shipped, and its
 * customer sees 'shipped' (and the tracking) in My Orders. 409 for an unpaid order; shipping
 * twice is harmless.
 */
export function shipOrder({ id, shipment }: ShipRequest): Promise<ManagedOrder> {
  return api.patch<ManagedOrder>(apiPaths.shipOrder(id), shipment ?? undefined);
}

/**
 * Ships an order. The answer replaces the order in the list at once (no wait for the refetch);
 * the list, its searches and the order's page are asked for again whatever the answer, as other
 * admins may have changed them.
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

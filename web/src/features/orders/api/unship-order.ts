import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/**
 * POST /api/manageOrders/{id}/unship (bearer, admins): a shipment made by mistake is undone
 * within 24 hours; after that, or when not shipped, 409 in words.
 */
function unshipOrder(id: string): Promise<ManagedOrder> {
  return api.post<ManagedOrder>(apiPaths.unshipOrder(id));
}

/** Undoes a shipment; Manage Orders and the order's page are asked for again. */
export function useUnshipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unshipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

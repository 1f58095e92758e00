import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedOrderDetail } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';

/** An order's page: under Manage Orders' key, so every change to an order asks for it again. */
export const managedOrderQueryKey = (id: string) =>
  [...managedOrdersQueryKey, 'order', id] as const;

/** GET /api/manageOrders/{id} (bearer, admins): the order, its customer, payment and timeline. */
function getManagedOrder(id: string, signal?: AbortSignal): Promise<ManagedOrderDetail> {
  return api.get<ManagedOrderDetail>(apiPaths.managedOrder(id), signal);
}

export function useManagedOrder(id: string) {
  return useQuery(
    queryOptions({
      queryKey: managedOrderQueryKey(id),
      queryFn: ({ signal }) => getManagedOrder(id, signal),
    }),
  );
}

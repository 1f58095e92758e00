import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** Manage Orders' list: shipping or removing an order updates it. */
export const managedOrdersQueryKey = ['manageOrders'] as const;

/** GET /api/manageOrders (bearer, admins): every order, newest first, with its total. */
function getManagedOrders(signal?: AbortSignal): Promise<ManagedOrder[]> {
  return api.get<ManagedOrder[]>(apiPaths.manageOrders, signal);
}

const managedOrdersQueryOptions = () =>
  queryOptions({
    queryKey: managedOrdersQueryKey,
    queryFn: ({ signal }) => getManagedOrders(signal),
  });

export function useManagedOrders() {
  return useQuery(managedOrdersQueryOptions());
}

/**
 * Asks for Manage Orders' lists again (its search's pages too): for a page whose change elsewhere
 * removed orders (Stock holds' Release).
 */
export function useRefreshManagedOrders(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey });
}

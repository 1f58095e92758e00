import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Order } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of every orders query: placing or removing an order invalidates it. */
export const ordersQueryKey = ['orders'] as const;

/** GET /api/orders?email= (bearer): the signed-in customer's own orders, newest first. */
function getOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>(apiPaths.orders(email), signal);
}

const ordersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, email],
    queryFn: ({ signal }) => getOrders(email, signal),
  });

export function useOrders(email: string) {
  return useQuery(ordersQueryOptions(email));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Order } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the payment page's order queries: recording a payment updates them. */
const paymentOrderQueryKey = ['paymentOrder'] as const;

/** GET /api/payorder/{id} (bearer): the caller's own order; 404 for anyone else's. */
function getPaymentOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(apiPaths.payOrder(id), signal);
}

export const paymentOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...paymentOrderQueryKey, id],
    queryFn: ({ signal }) => getPaymentOrder(id, signal),
  });

export function usePaymentOrder(id: string) {
  return useQuery(paymentOrderQueryOptions(id));
}

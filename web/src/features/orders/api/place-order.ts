import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type PlaceOrder, type PlaceOrderResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

/**
 * POST /api/order (bearer): reserves the quantity and records the order. The server takes the
 * price from the catalog and answers 409 when the `price` sent is not the catalog's any more.
 */
export function placeOrder(order: PlaceOrder): Promise<PlaceOrderResponse> {
  return api.post<PlaceOrderResponse>(apiPaths.order, order);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

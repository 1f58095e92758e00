import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  IDEMPOTENCY_KEY_HEADER,
  type PlaceOrder,
  type PlaceOrderResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

export interface PlaceOrderRequest {
  order: PlaceOrder;
  /**
   * Made once per order the customer means to place: the server answers a second request with
   * the same key with the order the first one placed (a double click, a retry after no answer).
   */
  idempotencyKey: string;
}

/**
 * POST /api/order (bearer): reserves the quantity and records the order. The server takes the
 * price from the catalog and answers 409 when the `price` sent is not the catalog's any more.
 */
export function placeOrder({
  order,
  idempotencyKey,
}: PlaceOrderRequest): Promise<PlaceOrderResponse> {
  return api.post<PlaceOrderResponse>(apiPaths.order, order, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

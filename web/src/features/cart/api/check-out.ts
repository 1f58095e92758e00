import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  IDEMPOTENCY_KEY_HEADER,
  type CheckoutInput,
  type CheckoutResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

export interface CheckOutRequest {
  checkout: CheckoutInput;
  /**
   * Made once per checkout the customer means to place: the server answers a second request
   * with the same key with the checkout the first one placed (a double click, a retry).
   */
  idempotencyKey: string;
}

/**
 * POST /api/checkout: every line of the cart placed at once, all reserved or none. A refusal
 * (409) names each failing line (CheckoutRefusal, in the ApiError's body).
 */
function checkOut({ checkout, idempotencyKey }: CheckOutRequest): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>(apiPaths.checkout, checkout, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Checks out; placed or refused, the cart is asked for again (emptied, or its problems now). */
export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkOut,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}

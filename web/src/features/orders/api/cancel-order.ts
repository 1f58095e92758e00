import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CancelOrder, type CancelOrderResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';
import { showAnsweredOrder } from './managed-order-answer';

/** What Cancel sends: the order, and whether what is left of its amount goes back. */
export type CancelRequest = { id: string; refund: boolean };

/**
 * POST /api/manageOrders/{id}/cancel (bearer, admins): a paid order is cancelled and, unless
 * told otherwise, what is left of its amount refunded with a credit note (issue 42). The body
 * `{ refund: false }` is sent only to keep the money: without one the server refunds, as
 * before. Cancelling twice is harmless (the same answer).
 */
export function cancelOrder({ id, refund }: CancelRequest): Promise<CancelOrderResponse> {
  const body: CancelOrder = refund ? undefined : { refund: false };
  return api.post<CancelOrderResponse>(apiPaths.cancelOrder(id), body);
}

/**
 * Cancels an order. The answer shows at once wherever the order is; Manage Orders and the
 * order's pages are asked for again whatever the answer, as other admins may have changed them.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: ({ order }) => showAnsweredOrder(queryClient, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

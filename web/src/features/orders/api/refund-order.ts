import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type RefundOrder, type RefundOrderResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';
import { showAnsweredOrder } from './managed-order-answer';

/** What Refund part sends: the order, and the dollars that go back. */
export type RefundRequest = { id: string; refund: RefundOrder };

/**
 * POST /api/manageOrders/{id}/refunds (bearer, admins, issue 42): part of a paid line's amount
 * goes back to the customer's card, with a credit note; the line's status stays. 400 above what
 * is left of it, 409 for an unpaid, disputed or fully refunded one.
 */
export function refundOrder({ id, refund }: RefundRequest): Promise<RefundOrderResponse> {
  return api.post<RefundOrderResponse>(apiPaths.refundOrder(id), refund);
}

/**
 * Refunds part of an order. As Cancel: the answer shows at once wherever the order is, and
 * Manage Orders, the order's page and its checkout's page (all under Manage Orders' key) are
 * asked for again whatever the answer.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: ({ order }) => showAnsweredOrder(queryClient, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

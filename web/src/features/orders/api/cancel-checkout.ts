import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CancelCheckoutResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { showAnsweredOrder } from './managed-order-answer';
import { managedOrdersQueryKey } from './get-managed-orders';

/**
 * POST /api/manageCheckouts/{id}/cancel (bearer, admins, issue 42): every line still standing
 * cancelled, what is left of each refunded unless `refund` is false.
 */
function cancelCheckout(input: {
  checkoutId: string;
  refund: boolean;
}): Promise<CancelCheckoutResponse> {
  return api.post<CancelCheckoutResponse>(
    apiPaths.cancelCheckout(input.checkoutId),
    input.refund ? undefined : { refund: false },
  );
}

/** Cancels a checkout: its lines shown as answered at once, every orders' page asked again. */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSuccess: ({ lines }) => {
      for (const line of lines) showAnsweredOrder(queryClient, line);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedCheckout, type SetCheckoutShipping } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedOrdersQueryKey } from './get-managed-orders';
import { managedCheckoutQueryKey } from './shipments';

/**
 * POST /api/manageCheckouts/{id}/shipping (bearer, admins, issue 42): the shipping of a checkout
 * placed while shipping is quoted after ordering, set once (0 for free); the buyer is e-mailed
 * and can pay. 409 once it is set already, or when the checkout is no longer unpaid.
 */
function setCheckoutShipping({
  checkoutId,
  shipping,
}: {
  checkoutId: string;
  shipping: SetCheckoutShipping;
}): Promise<ManagedCheckout> {
  return api.post<ManagedCheckout>(apiPaths.checkoutShipping(checkoutId), shipping);
}

/**
 * Sets a checkout's shipping: the answer (the checkout now) shows at once on its page; Manage
 * Orders and the checkout's page are asked for again whatever the answer.
 */
export function useSetCheckoutShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCheckoutShipping,
    onSuccess: (checkout) =>
      queryClient.setQueryData(managedCheckoutQueryKey(checkout._id), checkout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

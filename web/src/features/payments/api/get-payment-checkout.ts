import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Checkout } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the payment page's checkout queries: paying one asks for it again. */
export const paymentCheckoutQueryKey = ['paymentCheckout'] as const;

/** GET /api/checkouts/{id} (bearer): the caller's own checkout with its lines; 404 otherwise. */
function getPaymentCheckout(id: string, signal?: AbortSignal): Promise<Checkout> {
  return api.get<Checkout>(apiPaths.checkoutById(id), signal);
}

export const paymentCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...paymentCheckoutQueryKey, id],
    queryFn: ({ signal }) => getPaymentCheckout(id, signal),
  });

/** The checkout the page pays (issue 26); `enabled` false asks for nothing. */
export function usePaymentCheckout(id: string, enabled = true) {
  return useQuery({ ...paymentCheckoutQueryOptions(id), enabled });
}

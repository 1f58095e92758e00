import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type Checkout,
  type CheckoutPaymentIntent,
  type PaymentIntentResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { awaitsShippingQuote, unpaidLines, unpaidTotal } from '../checkout-lines';

/**
 * POST /api/checkouts/{id}/payment-intent (bearer): one intent for every unpaid line of the
 * caller's checkout and its shipping. The server computes the amount and answers 409 when
 * `totalPrice` differs (a line removed meanwhile), the checkout is paid, or its shipping is still
 * to be quoted.
 */
function createCheckoutPaymentIntent(
  checkoutId: string,
  intent: CheckoutPaymentIntent,
): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>(apiPaths.checkoutPaymentIntent(checkoutId), intent);
}

/**
 * The checkout's intent, as the order's is (create-payment-intent.ts): made once per visit and
 * per total, never stale during it, dropped when the page closes.
 */
const checkoutPaymentIntentQueryOptions = (checkout: Checkout) =>
  queryOptions({
    queryKey: ['checkoutPaymentIntent', checkout._id, unpaidTotal(checkout)],
    queryFn: () => createCheckoutPaymentIntent(checkout._id, { totalPrice: unpaidTotal(checkout) }),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The checkout's intent: none once no line is left to pay, nor while its shipping is unquoted. */
export function useCheckoutPaymentIntent(checkout: Checkout) {
  return useQuery({
    ...checkoutPaymentIntentQueryOptions(checkout),
    enabled: unpaidLines(checkout).length > 0 && !awaitsShippingQuote(checkout),
  });
}

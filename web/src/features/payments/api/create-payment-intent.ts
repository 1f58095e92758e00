import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  isPayable,
  orderTotal,
  type CreatePaymentIntent,
  type Order,
  type PaymentIntentResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/create-payment-intent (bearer): an intent for the caller's own unpaid order. The
 * server computes the amount from the order and answers 409 when `totalPrice` differs or the
 * order is paid.
 */
function createPaymentIntent(intent: CreatePaymentIntent): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>(apiPaths.createPaymentIntent, intent);
}

/**
 * The intent the page loads with, as a query keyed by the order: a POST, but one the page makes
 * once per visit, and a query runs it once even when StrictMode mounts the page twice. It never
 * goes stale during the visit (a new intent would orphan the one the card form holds), and it is
 * dropped when the page closes, so the next visit creates one again (which also extends the
 * order's hold, docs/architecture.md#payments).
 */
const paymentIntentQueryOptions = (order: Order) =>
  queryOptions({
    queryKey: ['paymentIntent', order._id],
    queryFn: () =>
      createPaymentIntent({
        orderId: order._id,
        totalPrice: orderTotal(order.price, order.quantity),
      }),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The order's intent; none is created for an order that is paid already. */
export function usePaymentIntent(order: Order) {
  return useQuery({ ...paymentIntentQueryOptions(order), enabled: isPayable(order.status) });
}

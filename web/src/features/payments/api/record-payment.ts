import { apiPaths, type RecordPayment, type RecordPaymentResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * PATCH /api/tool/{orderId} (bearer): records the payment `{ order, transectionId }`. The server
 * asks the gateway whether this order's intent succeeded for its full amount before it marks the
 * order paid (409 otherwise); recording twice is harmless. Called by useCardPayment, which keeps
 * the page's copy of the order up to date.
 */
export function recordPayment(payment: RecordPayment): Promise<RecordPaymentResponse> {
  return api.patch<RecordPaymentResponse>(apiPaths.recordPayment(payment.order), payment);
}

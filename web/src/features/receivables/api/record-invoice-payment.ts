import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type RecordedInvoicePayment,
  type RecordInvoicePayment,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { receivablesQueryKey } from './get-receivables';

/**
 * POST /api/manageReceivables/{invoiceId}/payments (bearer, shop admins): a payment received
 * against an invoice on account, partial or full. 201 the first time, 200 with the payment first
 * recorded when the same bank reference comes again; 409 in words for an amount above what is
 * open (nothing recorded).
 */
function recordInvoicePayment(variables: {
  invoiceId: string;
  payment: RecordInvoicePayment;
}): Promise<RecordedInvoicePayment> {
  return api.post<RecordedInvoicePayment>(
    apiPaths.manageReceivablePayments(variables.invoiceId),
    variables.payment,
  );
}

/**
 * Records a payment. The list is asked for again once it is recorded (a settled invoice leaves
 * it), and after a refusal too: another admin may have recorded one meanwhile.
 */
export function useRecordInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordInvoicePayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: receivablesQueryKey }),
  });
}

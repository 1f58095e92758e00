import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedQuoteRequest, type RefuseQuoteInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedQuoteRequestsQueryKey } from './get-managed-quote-requests';

interface RefuseQuoteRequestCall {
  id: string;
  refusal: RefuseQuoteInput;
}

/** POST /api/manageQuoteRequests/{id}/decline (bearer, admins): declines it, with the reason. */
export function refuseQuoteRequest({ id, refusal }: RefuseQuoteRequestCall) {
  return api.post<ManagedQuoteRequest>(apiPaths.refuseQuoteRequest(id), refusal);
}

/** Declines a request; the list is asked for again whatever the answer. */
export function useRefuseQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseQuoteRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedQuoteRequestsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedQuote, type RefuseQuoteInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedQuotesQueryKey } from './get-managed-quotes';

interface RefuseQuoteRequest {
  id: string;
  refusal: RefuseQuoteInput;
}

/** POST /api/manageQuotes/{id}/decline (bearer, admins): declines the request, with the reason. */
export function refuseQuote({ id, refusal }: RefuseQuoteRequest): Promise<ManagedQuote> {
  return api.post<ManagedQuote>(apiPaths.refuseQuote(id), refusal);
}

/** Declines a request; the list is asked for again whatever the answer. */
export function useRefuseQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedQuotesQueryKey }),
  });
}

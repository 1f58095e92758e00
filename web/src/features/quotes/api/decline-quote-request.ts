import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type QuoteRequest } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quoteRequestsQueryKey } from './get-quote-requests';

/** POST /api/quoteRequests/{id}/decline (bearer, the request's customer): declines its offer. */
export function declineQuoteRequest(id: string): Promise<QuoteRequest> {
  return api.post<QuoteRequest>(apiPaths.declineQuoteRequest(id));
}

/** Declines an offer; the list is asked for again whatever the answer. */
export function useDeclineQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuoteRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteRequestsQueryKey }),
  });
}

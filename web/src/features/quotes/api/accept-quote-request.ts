import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type AcceptQuoteRequestInput,
  type AcceptQuoteRequestResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quoteRequestsQueryKey } from './get-quote-requests';

interface AcceptQuoteRequestCall {
  id: string;
  acceptance: AcceptQuoteRequestInput;
}

/**
 * POST /api/quoteRequests/{id}/accept (bearer, the request's customer): places ONE unpaid
 * checkout, an order per line at its offered unit price. `lines` are the prices the customer
 * read: a replaced, expired or closed offer answers 409 in words, and nothing is placed.
 */
export function acceptQuoteRequest({ id, acceptance }: AcceptQuoteRequestCall) {
  return api.post<AcceptQuoteRequestResponse>(apiPaths.acceptQuoteRequest(id), acceptance);
}

/** Accepts an offer; the list is asked for again whatever the answer. */
export function useAcceptQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuoteRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteRequestsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AcceptQuoteInput, type AcceptQuoteResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quotesQueryKey } from './get-quotes';

interface AcceptQuoteRequest {
  id: string;
  acceptance: AcceptQuoteInput;
}

/**
 * POST /api/quotes/{id}/accept (bearer, the quote's customer): places an unpaid order at the
 * offered unit price, to the address (and phone) given, with the buyer's PO number if any.
 * `price` is the one the customer read: a replaced, expired or closed offer answers 409 in
 * words, and nothing is placed.
 */
export function acceptQuote({ id, acceptance }: AcceptQuoteRequest) {
  return api.post<AcceptQuoteResponse>(apiPaths.acceptQuote(id), acceptance);
}

/** Accepts an offer; the list is asked for again whatever the answer (another tab may have moved it). */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

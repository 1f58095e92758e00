import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AcceptQuoteResponse, type Quote } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quotesQueryKey } from './get-quotes';

/**
 * POST /api/quotes/{id}/accept (bearer, the quote's customer): places an unpaid order at the
 * offered unit price. `price` is the one the customer read: a replaced, expired or closed offer
 * answers 409 in words, and nothing is placed.
 */
export function acceptQuote(quote: Pick<Quote, '_id'> & { price: number }) {
  return api.post<AcceptQuoteResponse>(apiPaths.acceptQuote(quote._id), { price: quote.price });
}

/** Accepts an offer; the list is asked for again whatever the answer (another tab may have moved it). */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

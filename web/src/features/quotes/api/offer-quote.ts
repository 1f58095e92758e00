import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedQuote, type OfferQuoteInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedQuotesQueryKey } from './get-managed-quotes';

interface OfferQuoteRequest {
  id: string;
  offer: OfferQuoteInput;
}

/**
 * POST /api/manageQuotes/{id}/offer (bearer, admins): a unit price valid until a day, with an
 * optional note the customer reads; a new offer replaces the one standing. 409 once the quote
 * is accepted or declined.
 */
export function offerQuote({ id, offer }: OfferQuoteRequest): Promise<ManagedQuote> {
  return api.post<ManagedQuote>(apiPaths.offerQuote(id), offer);
}

/** Sends an offer; the list is asked for again whatever the answer (other admins may have moved it). */
export function useOfferQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedQuotesQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type ManagedQuoteRequest,
  type OfferQuoteRequestInput,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedQuoteRequestsQueryKey } from './get-managed-quote-requests';

interface OfferQuoteRequestCall {
  id: string;
  offer: OfferQuoteRequestInput;
}

/**
 * POST /api/manageQuoteRequests/{id}/offer (bearer, admins): a unit price for every line, one
 * last valid day and an optional note; a new offer replaces the one standing.
 */
export function offerQuoteRequest({ id, offer }: OfferQuoteRequestCall) {
  return api.post<ManagedQuoteRequest>(apiPaths.offerQuoteRequest(id), offer);
}

/** Sends an offer; the list is asked for again whatever the answer. */
export function useOfferQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerQuoteRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedQuoteRequestsQueryKey }),
  });
}

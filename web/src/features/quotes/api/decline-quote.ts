import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Quote } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quotesQueryKey } from './get-quotes';

/** POST /api/quotes/{id}/decline (bearer, the quote's customer): declines its offer. */
export function declineQuote(id: string): Promise<Quote> {
  return api.post<Quote>(apiPaths.declineQuote(id));
}

/** Declines an offer; the list is asked for again whatever the answer. */
export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

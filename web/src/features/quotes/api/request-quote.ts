import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Quote, type RequestQuoteInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quotesQueryKey } from './get-quotes';

/**
 * POST /api/quotes (bearer): asks for a price for a quantity above the tool's minimum (beyond
 * the stock too), needed by a date. 409 once the account waits on MAX_OPEN_QUOTES quotes.
 */
export function requestQuote(request: RequestQuoteInput): Promise<Quote> {
  return api.post<Quote>(apiPaths.quotes, request);
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

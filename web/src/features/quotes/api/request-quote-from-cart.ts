import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type QuoteRequest,
  type RequestQuoteFromCartInput,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { quoteRequestsQueryKey } from './get-quote-requests';

/**
 * POST /api/quoteRequests (bearer, customers): a quote for every line of the cart, needed by a
 * date, with a note; the cart is left as it is. A line a quote may not have refuses the whole
 * request (409), each such line named in the ApiError's body (`lines`, as a checkout's).
 */
export function requestQuoteFromCart(request: RequestQuoteFromCartInput): Promise<QuoteRequest> {
  return api.post<QuoteRequest>(apiPaths.quoteRequests, request);
}

export function useRequestQuoteFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuoteFromCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteRequestsQueryKey }),
  });
}

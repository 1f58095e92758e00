import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Cart } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * The one key of the cart: every hook that reads it (the page, the top bar's count) and every
 * call that changes it (a line set, added or removed, a checkout) uses this one.
 */
export const cartQueryKey = ['cart'] as const;

/** GET /api/cart (customers): the lines, priced and checked as they stand now. */
function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>(apiPaths.cart, signal);
}

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });

/** The signed-in customer's cart; `enabled` false (signed out, an admin) asks for nothing. */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

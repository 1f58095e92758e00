import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  MAX_CART_LINES,
  type AddCartLines,
  type AddCartLinesResponse,
  type CartLineResult,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

type CartLineRequest = AddCartLines['lines'][number];

/** What the cart answered for every line sent, in the order sent (`index` counts from 0 over all). */
export interface AddedCartLines {
  results: CartLineResult[];
  /** The cart after the last call. */
  cart: AddCartLinesResponse['cart'];
}

/**
 * POST /api/cart/lines (bearer, customers): the lines in calls of at most MAX_CART_LINES (what
 * one call takes), one after the other, their answers put together; the cart itself refuses the
 * lines beyond what it holds.
 */
export async function addCartLines({
  lines,
  replace = false,
}: {
  lines: CartLineRequest[];
  /** Each quantity replaces what the cart holds of its tool, instead of adding to it. */
  replace?: boolean;
}): Promise<AddedCartLines> {
  const results: CartLineResult[] = [];
  let cart: AddCartLinesResponse['cart'] | null = null;
  for (let start = 0; start < lines.length; start += MAX_CART_LINES) {
    const answer = await api.post<AddCartLinesResponse>(apiPaths.cartLines, {
      lines: lines.slice(start, start + MAX_CART_LINES),
      ...(replace ? { replace } : {}),
    } satisfies AddCartLines);
    results.push(...answer.results.map((result) => ({ ...result, index: result.index + start })));
    cart = answer.cart;
  }
  if (!cart) throw new Error('addCartLines needs at least one line');
  return { results, cart };
}

/** Adds the lines; `onAdded` lets the page refresh what shows the cart (its count, its page). */
export function useAddCartLines(onAdded?: () => void) {
  return useMutation({
    mutationFn: addCartLines,
    onSettled: () => onAdded?.(),
  });
}

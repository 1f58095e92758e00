import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type AddCartLines,
  type AddCartLinesResponse,
  type Cart,
  type Reorder,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** PUT /api/cart/lines/{toolId}: a tool's quantity set (the line added when absent). */
function setCartLine({ toolId, quantity }: { toolId: string; quantity: number }): Promise<Cart> {
  return api.put<Cart>(apiPaths.cartLine(toolId), { quantity });
}

/** DELETE /api/cart/lines/{toolId}. */
function removeCartLine(toolId: string): Promise<Cart> {
  return api.delete<Cart>(apiPaths.cartLine(toolId));
}

/** DELETE /api/cart. */
function emptyCart(): Promise<Cart> {
  return api.delete<Cart>(apiPaths.cart);
}

/** POST /api/cart/lines: lines added to what the cart holds, each answered on its own. */
function addCartLines(lines: AddCartLines['lines']): Promise<AddCartLinesResponse> {
  return api.post<AddCartLinesResponse>(apiPaths.cartLines, { lines } satisfies AddCartLines);
}

/** POST /api/cart/reorder: Order again, each line saying what changed since. */
function orderAgain(what: Reorder): Promise<AddCartLinesResponse> {
  return api.post<AddCartLinesResponse>(apiPaths.cartReorder, what);
}

/**
 * A mutation whose answer holds the cart as it is now: the cache takes it at once (every count
 * and page shows it), and a failure asks for the cart again (it may have changed meanwhile).
 */
function useCartMutation<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  cartOf: (answer: Answer) => Cart,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, cartOf(answer)),
    onError: () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}

const itself = (cart: Cart) => cart;
const cartIn = (answer: AddCartLinesResponse) => answer.cart;

export const useSetCartLine = () => useCartMutation(setCartLine, itself);
export const useRemoveCartLine = () => useCartMutation(removeCartLine, itself);
export const useEmptyCart = () => useCartMutation(emptyCart, itself);
export const useAddCartLines = () => useCartMutation(addCartLines, cartIn);
export const useOrderAgain = () => useCartMutation(orderAgain, cartIn);

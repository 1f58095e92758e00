import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCartLinesResponseSchema,
  AddCartLinesSchema,
  apiPaths,
  CartLineParamsSchema,
  CartSchema,
  MAX_CART_LINES,
  ReorderSchema,
  SetCartLineSchema,
  ShippingRatesSchema,
} from '@tools-factory/contract';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { CartService } from './cart.service.ts';

/** What every call of the cart says of its lines, for the OpenAPI descriptions. */
const LINES_READ_AGAIN =
  "Each line is priced and checked again as it is read: today's unit price for its quantity (the largest price break it reaches), and its problems in words (below the minimum, above what is available, no longer sold, price changed since it was added: only the last does not block the checkout). Admins are told 403: they do not buy.";

/**
 * The cart (docs/architecture.md#business-buyers): the caller's own, kept on the server so every device of the
 * account sees it; customers only.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService; guards: AuthGuards }> = async (
  app,
  options,
) => {
  const { cart, guards } = options;

  app.get(
    apiPaths.cart,
    {
      onRequest: guardOf(guards, 'GET /api/cart'),
      schema: {
        operationId: 'readCart',
        summary: "The caller's cart",
        description: `The lines oldest first, their total and whether the cart can be checked out as it is. ${LINES_READ_AGAIN}`,
        tags: ['cart'],
        response: { 200: CartSchema },
      },
    },
    async (request) => cart.readCart(callerOf(request)),
  );

  app.get(
    apiPaths.shippingRates,
    {
      onRequest: publicRoute('GET /api/shipping-rates'),
      schema: {
        operationId: 'readShippingRates',
        summary: 'What shipping costs',
        description:
          "Anyone (issue 42). The shop's SHIPPING_RATES: `charged` from bands by the value of a checkout's goods (the band whose `from` the goods reach; a flat charge is one band, free above an amount a band charging 0), or `quoted`: an admin quotes each checkout's shipping after it is placed, and it is paid then. A checkout's total (the cart's, POST /checkout's `expectedTotal`, the payment's `totalPrice`) is its goods and this shipping.",
        tags: ['cart'],
        response: { 200: ShippingRatesSchema },
      },
    },
    async (_request, reply) => {
      // The same for everyone until the server restarts with other rates.
      void reply.header('cache-control', 'public, max-age=300');
      return cart.shippingRates;
    },
  );

  app.put(
    apiPaths.cartLine.pattern,
    {
      onRequest: guardOf(guards, 'PUT /api/cart/lines/:toolId'),
      schema: {
        operationId: 'setCartLine',
        summary: "Set a tool's quantity in the cart",
        description: `Adds the line when absent; records today's unit price as the one shown. A tool not on sale (unknown, removed or a malformed id) is 404. The purchase rule is not refused here: a quantity that breaks it shows as the line's problem. A cart holds at most ${MAX_CART_LINES} lines: a new line beyond them is 409. Answers the cart. ${LINES_READ_AGAIN}`,
        tags: ['cart'],
        params: CartLineParamsSchema,
        body: SetCartLineSchema,
        response: { 200: CartSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      cart.setLine(callerOf(request), request.params.toolId, request.body.quantity),
  );

  app.delete(
    apiPaths.cartLine.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/cart/lines/:toolId'),
      schema: {
        operationId: 'removeCartLine',
        summary: 'Remove a line from the cart',
        description: `Nothing changes when the cart has no line of that tool. Answers the cart. ${LINES_READ_AGAIN}`,
        tags: ['cart'],
        params: CartLineParamsSchema,
        response: { 200: CartSchema },
      },
    },
    async (request) => cart.removeLine(callerOf(request), request.params.toolId),
  );

  app.delete(
    apiPaths.cart,
    {
      onRequest: guardOf(guards, 'DELETE /api/cart'),
      schema: {
        operationId: 'emptyCart',
        summary: 'Empty the cart',
        description: 'Every line removed; answers the empty cart. Admins are told 403.',
        tags: ['cart'],
        response: { 200: CartSchema },
      },
    },
    async (request) => cart.emptyCart(callerOf(request)),
  );

  app.post(
    apiPaths.cartLines,
    {
      onRequest: guardOf(guards, 'POST /api/cart/lines'),
      schema: {
        operationId: 'addCartLines',
        summary: 'Add many lines to the cart at once',
        description: `1 to ${MAX_CART_LINES} lines (400 otherwise), each naming its tool by \`sku\` (any case) or by \`toolId\`, and a quantity to add to what the cart holds of it (\`replace\`: to hold instead of it). Each line is answered on its own, added or refused in words: unknown SKU or tool, no longer sold, the quantity not a whole number from 1, the sum (what the cart holds, plus every line of the same tool, merged) below the minimum or not below what is available, or the cart full (${MAX_CART_LINES} lines). Refused lines change nothing. Answers the results in the request's order (an added line's \`heldBefore\`: what the cart held of its tool before, if any) and the cart. ${LINES_READ_AGAIN}`,
        tags: ['cart'],
        body: AddCartLinesSchema,
        response: { 200: AddCartLinesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => cart.addLines(callerOf(request), request.body),
  );

  app.post(
    apiPaths.cartReorder,
    {
      onRequest: guardOf(guards, 'POST /api/cart/reorder'),
      schema: {
        operationId: 'orderAgain',
        summary: 'Order again: a past checkout or order into the cart',
        description: `Exactly one of \`checkoutId\` (every line of one of the caller's checkouts) or \`orderId\` (one of the caller's orders) (400 otherwise); someone else's, an unknown or a malformed id is 404. The lines are added at today's prices through the checks of POST /cart/lines, and each says what changed: its unit price now and then, or why it was not added (no longer sold, not enough in stock, below the minimum). With \`replace\`, the past quantities replace what the cart holds of their tools. ${LINES_READ_AGAIN}`,
        tags: ['cart'],
        body: ReorderSchema,
        response: { 200: AddCartLinesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => cart.reorder(callerOf(request), request.body),
  );
};

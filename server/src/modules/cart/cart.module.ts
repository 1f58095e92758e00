import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { cartRoutes } from './cart.routes.ts';
import { createCartService, type CartServiceOptions } from './cart.service.ts';

export { cartForCheckout } from './cart.service.ts';

export type CartModuleDeps = CartServiceOptions & { guards: AuthGuards };

/**
 * The cart kept per account (docs/architecture.md#server-modules). A checkout reads and empties
 * it through `cartForCheckout`, which needs no cart service: the orders module is built before
 * the cart, whose Order again reads the caller's orders.
 */
export function createCartModule(deps: CartModuleDeps) {
  const service = createCartService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(cartRoutes, { cart: service, guards: deps.guards });
  };
  return { service, routes };
}

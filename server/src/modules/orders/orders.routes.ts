import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  DeletedCountSchema,
  ErrorBodySchema,
  IdParamsSchema,
  OrderListSchema,
  OrdersQuerySchema,
  PlaceOrderResponseSchema,
  PlaceOrderSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../../plugins/auth-guard.ts';
import type { OrdersService } from './orders.service.ts';

/** A customer's orders: place one, list one's own, remove one while unpaid. */
export async function ordersRoutes(
  app: FastifyInstance,
  options: { orders: OrdersService; guards: AuthGuards },
): Promise<void> {
  const { orders, guards } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    apiPaths.order,
    {
      preHandler: guards.requireUser,
      schema: {
        summary: 'Place an order',
        description:
          "For the caller's own e-mail. The tool is `toolId`, else the tool of that exact name (any case). The unit price comes from the catalog (409 when a given `price` differs). The quantity must be strictly above the minimum and strictly below the available quantity; the stock is reserved with the order. Answers 200, as the original did.",
        tags: ['orders'],
        security: [{ bearer: [] }],
        body: PlaceOrderSchema,
        response: {
          200: PlaceOrderResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.placeOrder(callerOf(request), request.body),
  );

  api.get(
    '/orders',
    {
      preHandler: guards.requireUser,
      schema: {
        summary: "The caller's orders, newest first",
        tags: ['orders'],
        security: [{ bearer: [] }],
        querystring: OrdersQuerySchema,
        response: {
          200: OrderListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.listOwnOrders(callerOf(request), request.query.email),
  );

  api.delete(
    '/deleteOrder/:id',
    {
      preHandler: guards.requireUser,
      schema: {
        summary: 'Remove an order',
        description:
          "The owner while it is unpaid (409 once paid), or an admin. An unpaid order's stock is returned. Someone else's order answers 404.",
        tags: ['orders'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: {
          200: DeletedCountSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.removeOrder(callerOf(request), request.params.id),
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, CancelOrderResponseSchema, IdParamsSchema } from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { OrderCancellation } from './order-cancellation.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** Manage Orders' Cancel (issue 22 item 5): a paid order is cancelled and refunded, never deleted. */
export const orderCancellationRoutes: FastifyPluginAsyncZod<{
  cancellation: OrderCancellation;
  guards: AuthGuards;
}> = async (app, options) => {
  const { cancellation, guards } = options;
  app.post(
    apiPaths.cancelOrder.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageOrders/:id/cancel'),
      schema: {
        operationId: 'cancelOrder',
        summary: 'Cancel a paid order: refund it and issue a credit note',
        description:
          "Admins only. A paid, shipped or refunded order is cancelled: its payment is refunded in full through the payment gateway (once, however often asked), and in one transaction the order becomes 'cancelled', a credit note is issued for its invoice (numbered CN-year-sequence, gap-free, apart from invoices) and, when it has not shipped, its stock goes back on sale (a shipped order's stock stays sold). The customer gets an e-mail with the credit note; the order, its payment and its invoice stay in the books. A cancelled order answers 200 as it is (idempotent). An unpaid order answers 409 (remove it instead), a disputed one 409, an unknown one 404; the gateway out of reach 502, and nothing is cancelled.",
        tags: ['orders'],
        params: IdParamsSchema,
        response: { 200: CancelOrderResponseSchema, ...errorResponses(404, 409, 502) },
      },
    },
    async (request) => cancellation.cancel(request.params.id, callerOf(request)),
  );
};

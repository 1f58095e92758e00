import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CancelCheckoutResponseSchema,
  CancelOrderResponseSchema,
  CancelOrderSchema,
  IdParamsSchema,
  RefundOrderResponseSchema,
  RefundOrderSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { OrderCancellation } from './order-cancellation.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * Manage Orders' Cancel (issue 22 item 5) and Refund (issue 42): a paid order is cancelled, with
 * or without its money back, or part of its amount given back; never deleted.
 */
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
        summary: 'Cancel a paid order: refund what is left of it and issue a credit note',
        description:
          'Admins only. A paid, shipped or refunded order is cancelled: what is left of its amount (all of it, unless part was refunded before) is refunded through the payment gateway (once, however often asked), and in one transaction the order becomes \'cancelled\', a credit note is issued for that amount (numbered CN-year-sequence, gap-free, apart from invoices) and what of it has not shipped goes back on sale. With `{ "refund": false }` nothing is given back and no credit note is issued (`creditNote` null). The customer gets an e-mail (with the credit note); the order, its payment and its invoice stay in the books. A cancelled order answers 200 as it is (idempotent). An unpaid order answers 409 (remove it instead), a disputed one 409, a refund of it that went through meanwhile 409, an unknown one 404; the gateway out of reach 502, and nothing is cancelled.',
        tags: ['orders'],
        params: IdParamsSchema,
        body: CancelOrderSchema,
        response: { 200: CancelOrderResponseSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) =>
      cancellation.cancel(request.params.id, callerOf(request), request.body ?? undefined),
  );

  app.post(
    apiPaths.refundOrder.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageOrders/:id/refunds'),
      schema: {
        operationId: 'refundOrder',
        summary: "Give part of a paid order's amount back, with a credit note",
        description:
          "Admins only (issue 42). `amount` dollars of a paid, shipped or cancelled line go back to the customer's card through the payment gateway, and in one transaction the line's `refunded` grows by it, a credit note for it is issued and the customer is e-mailed with it; the line's status stays. At most what is left of the line's amount (400 in words); an unpaid, disputed or fully refunded order 409; another refund of the same line that went through meanwhile 409; an unknown order 404; the gateway out of reach 502, and nothing is recorded.",
        tags: ['orders'],
        params: IdParamsSchema,
        body: RefundOrderSchema,
        response: { 200: RefundOrderResponseSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) => cancellation.refund(request.params.id, request.body, callerOf(request)),
  );

  app.post(
    apiPaths.cancelCheckout.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageCheckouts/:id/cancel'),
      schema: {
        operationId: 'cancelCheckout',
        summary: 'Cancel every line of a paid checkout, with or without refunds',
        description:
          'Admins only (issue 42). Every line of the checkout that may be cancelled (paid, shipped in part or whole, or refunded by the gateway) is, as POST /manageOrders/{id}/cancel cancels one: what is left of each line\'s amount goes back through the payment gateway (one refund per line, once however often asked), then one transaction cancels them all, issues a credit note per line refunded, returns what has not shipped to the stock and queues one e-mail to the buyer naming every line with the credit notes attached. With `{ "refund": false }` nothing goes back and no credit note is issued. Lines cancelled before are left as they are; a checkout whose lines are all cancelled answers 200 as it stands. An unknown checkout 404; one whose only other lines are unpaid or disputed 409 in words; the gateway out of reach 502, and nothing is cancelled.',
        tags: ['orders'],
        params: IdParamsSchema,
        body: CancelOrderSchema,
        response: { 200: CancelCheckoutResponseSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) =>
      cancellation.cancelCheckout(request.params.id, callerOf(request), request.body ?? undefined),
  );
};

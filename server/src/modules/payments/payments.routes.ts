import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ConfirmTestCardResponseSchema,
  ConfirmTestCardSchema,
  CreatePaymentIntentSchema,
  IdParamsSchema,
  PaymentIntentResponseSchema,
  PaymentSettingsSchema,
  RecordPaymentResponseSchema,
  RecordPaymentSchema,
} from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { PaymentsService } from './payments.service.ts';
import { guardOf, publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** Card payments: the gateway's settings, an intent for an order, the payment's record. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { payments, guards } = options;

  app.get(
    apiPaths.paymentSettings,
    {
      onRequest: publicRoute('GET /api/payment-settings'),
      schema: {
        operationId: 'getPaymentSettings',
        summary: 'Which card gateway the payment page talks to',
        description: "`test` (built in, offline) or `stripe` with Stripe's publishable key.",
        tags: ['payments'],
        security: [],
        response: { 200: PaymentSettingsSchema },
      },
    },
    async () => payments.settings(),
  );

  app.post(
    apiPaths.createPaymentIntent,
    {
      onRequest: guardOf(guards, 'POST /api/create-payment-intent'),
      schema: {
        operationId: 'createPaymentIntent',
        summary: 'Create the payment intent of an order',
        description:
          "The caller's own unpaid order (`orderId`, our client's addition). The amount is the order's: a `totalPrice` that differs gets 409. Keeps the order from expiring for at least an hour. The same order gets the same intent.",
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: CreatePaymentIntentSchema,
        response: { 200: PaymentIntentResponseSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => payments.createIntent(callerOf(request), request.body),
  );

  app.patch(
    apiPaths.recordPayment.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/tool/:id'),
      schema: {
        operationId: 'recordPayment',
        summary: "Record an order's payment",
        description:
          '{id} is the order (as the spec has it). Marks it paid only when the gateway says the intent `transectionId`, created for this order, succeeded for its full amount. A second call answers `modifiedCount` 0; an order paid with another transaction, or removed meanwhile (its payment is then refunded), gets 409.',
        tags: ['payments'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: RecordPaymentSchema,
        response: { 200: RecordPaymentResponseSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => payments.recordPayment(callerOf(request), request.params.id, request.body),
  );

  if (payments.gatewayName === 'test') {
    app.post(
      apiPaths.confirmTestCard,
      {
        onRequest: guardOf(guards, 'POST /api/payments/test/confirm'),
        schema: {
          operationId: 'confirmTestCard',
          summary: 'Pay with a test card (the built-in test gateway only)',
          description:
            "Confirms the caller's own intent, named by its client secret, with a card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds; a past expiry, a short CVC or a number failing the Luhn check get their message (402).",
          tags: ['payments'],
          security: [{ bearer: [] }],
          body: ConfirmTestCardSchema,
          response: { 200: ConfirmTestCardResponseSchema, ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request) => payments.confirmTestCard(callerOf(request), request.body),
    );
  }
};

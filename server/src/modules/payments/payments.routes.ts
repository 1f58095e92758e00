import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CheckoutPaymentIntentSchema,
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
          "The caller's own unpaid order (`orderId`, our client's addition), and with it every unpaid line of its checkout (issue 26: an order placed on its own is a one-line checkout). The amount is their total: a `totalPrice` that differs gets 409. Keeps the lines from expiring for at least an hour. The same checkout and total get the same intent.",
        tags: ['payments'],
        body: CreatePaymentIntentSchema,
        response: { 200: PaymentIntentResponseSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) => payments.createIntent(callerOf(request), request.body),
  );

  app.post(
    apiPaths.checkoutPaymentIntent.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/checkouts/:id/payment-intent'),
      schema: {
        operationId: 'createCheckoutPaymentIntent',
        summary: 'Create the payment intent of a checkout (issue 26)',
        description:
          "The caller's own checkout: one intent for every unpaid line of it, for their total, paid once with the card form and recorded with PATCH /tool/{id} for any of its lines. `totalPrice`, when sent, must be that total (409 otherwise). Keeps the lines from expiring for at least an hour. The same checkout and total get the same intent; a total lowered by a removed line gets a new one. Someone else's checkout, an unknown or a malformed id answer 404; a paid one 409.",
        tags: ['payments'],
        params: IdParamsSchema,
        body: CheckoutPaymentIntentSchema,
        response: { 200: PaymentIntentResponseSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) =>
      payments.createCheckoutIntent(callerOf(request), request.params.id, request.body),
  );

  app.patch(
    apiPaths.recordPayment.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/tool/:id'),
      schema: {
        operationId: 'recordPayment',
        summary: "Record an order's payment",
        description:
          '{id} is the order (as the spec has it), any line of its checkout. Marks every unpaid line of the checkout paid, with one invoice, only when the gateway says the intent `transectionId`, created for this checkout, succeeded for their full total. A second call answers `modifiedCount` 0; an order paid with another transaction, or removed meanwhile, or a total changed meanwhile (the payment is then refunded), gets 409.',
        tags: ['payments'],
        params: IdParamsSchema,
        body: RecordPaymentSchema,
        response: { 200: RecordPaymentResponseSchema, ...errorResponses(400, 404, 409, 502) },
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
          body: ConfirmTestCardSchema,
          response: { 200: ConfirmTestCardResponseSchema, ...errorResponses(400, 402, 404) },
        },
      },
      async (request) => payments.confirmTestCard(callerOf(request), request.body),
    );
  }
};

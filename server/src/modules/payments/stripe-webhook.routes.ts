import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, StripeWebhookResponseSchema, texts } from '@tools-factory/contract';
import { badRequest } from '../../http-errors.ts';
import {
  WebhookPayloadError,
  WebhookSignatureError,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
} from './payment-gateway.ts';
import { publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

export type StripeWebhookRoutesOptions = {
  /** A gateway with webhooks (the stripe gateway). */
  gateway: PaymentGateway;
  /** Marks the intent's order paid (or refunds it when the order is gone); may be called twice. */
  onPaymentSucceeded: (intent: GatewayIntent) => Promise<unknown>;
  /** Marks the order this intent paid refunded (Stripe's charge.refunded); may be called twice. */
  onPaymentRefunded?: (intentId: string) => Promise<unknown>;
  /** Marks the order this intent paid disputed (charge.dispute.created); may be called twice. */
  onPaymentDisputed?: (intentId: string) => Promise<unknown>;
};

/**
 * POST /webhooks/stripe: Stripe tells us of a payment that succeeded, so that an order is paid
 * even when the customer's browser never comes back (docs/architecture.md#payments). Only the signature
 * says the call is Stripe's; it is computed over the exact bytes sent, so this plugin (and only
 * this plugin: Fastify encapsulates content-type parsers) keeps JSON bodies as raw bytes
 * instead of the app's JSON parser. Not rate limited: Stripe is the caller, and it retries.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookRoutesOptions> = async (
  app,
  options,
) => {
  const { gateway, onPaymentSucceeded, onPaymentRefunded, onPaymentDisputed } = options;
  if (!gateway.parseWebhook) {
    throw new Error(`The ${gateway.name} payment gateway has no webhooks`);
  }
  const parseWebhook = gateway.parseWebhook.bind(gateway);

  // The app's JSON parser is the parent's: replaced here, it stays as it is everywhere else.
  // Every other type is dropped too (415): Stripe posts JSON, nothing else needs reading.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    apiPaths.stripeWebhook,
    {
      onRequest: publicRoute('POST /api/webhooks/stripe'),
      // Explicit, so that turning the rate limit on globally one day cannot throttle Stripe.
      config: { rateLimit: false },
      schema: {
        operationId: 'receiveStripeWebhook',
        summary: "Stripe's webhook: a payment succeeded, was refunded or disputed",
        description:
          "Called by Stripe, not by the web app. The body is a Stripe event (JSON), checked against the `Stripe-Signature` header with the webhook secret; `payment_intent.succeeded` marks the intent's order paid (after the checks of PATCH /tool/{id}: an intent this server made, for its order's amount, in usd; otherwise the money goes back), `charge.refunded` (refunded in full) marks the order it paid 'refunded', `charge.dispute.created` marks it 'disputed' (it is not shipped then); a cancelled order stays cancelled. Other events are acknowledged and ignored. Served only when the stripe gateway is configured.",
        tags: ['payments'],
        // No credential: the `Stripe-Signature` header is checked against the body instead.
        response: { 200: StripeWebhookResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event: GatewayEvent;
      try {
        event = parseWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookPayloadError) throw badRequest(texts.paymentErrors.notAnEvent);
        if (!(error instanceof WebhookSignatureError)) throw error;
        // A wrong STRIPE_WEBHOOK_SECRET shows only here: every one of Stripe's calls refused.
        request.log.warn({ reason: error.message }, 'Stripe webhook refused: bad signature');
        throw badRequest(texts.paymentErrors.badSignature);
      }
      switch (event.type) {
        case 'payment_succeeded':
          await onPaymentSucceeded(event.intent);
          break;
        case 'payment_refunded':
          await onPaymentRefunded?.(event.intentId);
          break;
        case 'payment_disputed':
          await onPaymentDisputed?.(event.intentId);
          break;
        case 'ignored':
          break;
      }
      return { received: true as const };
    },
  );
};

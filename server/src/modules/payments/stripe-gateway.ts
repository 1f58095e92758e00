import Stripe from 'stripe';
import {
  GatewayError,
  RefundRaceError,
  refundKey,
  PAYMENT_CURRENCY,
  WebhookPayloadError,
  WebhookSignatureError,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
} from './payment-gateway.ts';

export type StripeGatewayConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: another place to send the API calls (a local stand-in in tests). */
  apiUrl?: string;
};

/** Knobs tests turn; the defaults are for production. */
export type StripeGatewayOptions = {
  /** Retries of a call that failed on the way or with a 5xx (default 2). */
  maxNetworkRetries?: number;
  /** How long one attempt may take, in milliseconds (default 10 s). */
  timeoutMs?: number;
};

/**
 * The API version the installed SDK's types describe. Pinned, so that a change of the Stripe
 * account's default version cannot change the shape of the answers under us; typed, so that
 * upgrading the SDK fails to compile here until someone has read what the new version changed.
 */
const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** Stripe's PaymentIntent ids: anything else is no intent of ours and is not sent to Stripe. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]+$/;

/** Where the SDK sends its calls, from STRIPE_API_URL (Stripe's own API when unset). */
export function stripeConnectionOptions(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // An IPv6 literal comes bracketed ('[::1]'); Node's HTTP client wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
  };
}

/** Stripe's statuses in the gateway's words: only 'succeeded' pays an order. */
function gatewayStatusOf(status: Stripe.PaymentIntent.Status): GatewayIntent['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    // requires_capture: authorised but not captured, on its way and not ours yet (we never ask
    // for manual capture).
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    // requires_payment_method, requires_confirmation, requires_action, and any status Stripe
    // adds later: the customer still has something to do, and nothing is paid.
    default:
      return 'requires_payment';
  }
}

export function gatewayIntentOf(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    orderId: intent.metadata.order_id,
    amountCents: intent.amount,
    currency: intent.currency,
    status: gatewayStatusOf(intent.status),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Read as the SDK types it: an event has a type and a data object. */
function isEvent(value: unknown): value is Stripe.Event {
  return isRecord(value) && typeof value.type === 'string' && isRecord(value.data);
}

/** A payment intent with every field gatewayIntentOf reads, each of the right type. */
function isPaymentIntent(value: unknown): value is Stripe.PaymentIntent {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.amount === 'number' &&
    typeof value.currency === 'string' &&
    typeof value.status === 'string' &&
    isRecord(value.metadata)
  );
}

/** The intent a charge or a dispute belongs to: its id (Stripe sends an id, or the intent expanded). */
function intentIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
}

/**
 * What a charge.refunded or charge.dispute.created event says, in the gateway's words: a charge
 * refunded in part is no refunded order (ignored); an event without its intent is no event.
 */
function reversalOf(event: Stripe.Event): GatewayEvent {
  const object: unknown = event.data.object;
  if (!isRecord(object)) throw new WebhookPayloadError();
  const intentId = intentIdOf(object.payment_intent);
  if (event.type === 'charge.refunded') {
    if (typeof object.refunded !== 'boolean') throw new WebhookPayloadError();
    if (!object.refunded) return { type: 'ignored', eventType: event.type };
    return intentId
      ? { type: 'payment_refunded', intentId }
      : { type: 'ignored', eventType: event.type };
  }
  return intentId
    ? { type: 'payment_disputed', intentId }
    : { type: 'ignored', eventType: event.type };
}

/** A Stripe error's code when it has one: 'resource_missing', 'charge_already_refunded' ... */
function stripeErrorCode(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeError ? error.code : undefined;
}

/**
 * Every failure of a call to Stripe (out of reach, 5xx, a refused key, a request Stripe would
 * not take) as a GatewayError: the route answers 502 with a message for the customer, and the
 * log keeps Stripe's words (which never hold the secret key whole).
 */
function gatewayErrorOf(action: string, error: unknown): GatewayError {
  const detail =
    error instanceof Stripe.errors.StripeError
      ? `${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return new GatewayError(`Stripe could not ${action} (${detail})`, { cause: error });
}

/**
 * The `stripe` gateway (docs/architecture.md#payments): PaymentIntents through Stripe's API with
 * the official SDK, and Stripe's signed webhook events.
 */
export function createStripeGateway(
  config: StripeGatewayConfig,
  options: StripeGatewayOptions = {},
): PaymentGateway {
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Every POST carries an idempotency key, so a retry after a lost answer cannot charge twice.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    // The customer waits on these calls: the SDK's 80 s would outlast any patience.
    timeout: options.timeoutMs ?? 10_000,
    ...stripeConnectionOptions(config.apiUrl),
  });

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createIntent({ orderId, checkoutId, amountCents, idempotencyKey }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: PAYMENT_CURRENCY,
            // The checkout it pays (issue 26), and the line it was started from.
            metadata: { order_id: orderId, checkout_id: checkoutId },
            // Cards only: the API version pinned here names this `allowed_payment_method_types`
            // (the older `payment_method_types` parameter is gone from it).
            allowed_payment_method_types: ['card'],
          },
          { idempotencyKey },
        );
      } catch (error) {
        throw gatewayErrorOf('create a payment intent', error);
      }
      if (!intent.client_secret) {
        throw new GatewayError(`Stripe answered intent ${intent.id} without a client secret`);
      }
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      // The id comes from the browser (`transectionId`): only an intent id reaches Stripe's API.
      if (!PAYMENT_INTENT_ID.test(id)) return undefined;
      try {
        return gatewayIntentOf(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (stripeErrorCode(error) === 'resource_missing') return undefined;
        throw gatewayErrorOf('read a payment intent', error);
      }
    },

    async refund(intentId, part) {
      try {
        // One key per intent (per line of it and step, for a part): asking twice (a retry after a crash,
        // two instances, two admins) refunds once, and names the same refund.
        const refund = await stripe.refunds.create(
          part
            ? { payment_intent: intentId, amount: part.amountCents }
            : { payment_intent: intentId },
          { idempotencyKey: refundKey(intentId, part) },
        );
        return { refundId: refund.id };
      } catch (error) {
        // The same key with another amount: another refund of the line was asked at once.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new RefundRaceError();
        // Refunded already (the key expires after a day; the refund does not): done.
        if (stripeErrorCode(error) === 'charge_already_refunded') return { refundId: null };
        throw gatewayErrorOf('refund a payment', error);
      }
    },

    parseWebhook(rawBody, signatureHeader): GatewayEvent {
      if (!signatureHeader) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        // Checks the signature over the exact bytes, and that it was made in the last 5 minutes
        // (the SDK's tolerance), so a captured request cannot be replayed later.
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message);
        }
        // Signed, but not JSON: the SDK's JSON.parse failed.
        if (error instanceof SyntaxError) throw new WebhookPayloadError();
        throw error;
      }
      // The SDK checks the bytes, not their shape: signed `null` or `{}` is no event to read.
      if (!isEvent(event)) throw new WebhookPayloadError();
      if (event.type === 'payment_intent.succeeded') {
        if (!isPaymentIntent(event.data.object)) throw new WebhookPayloadError();
        return { type: 'payment_succeeded', intent: gatewayIntentOf(event.data.object) };
      }
      if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
        return reversalOf(event);
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}

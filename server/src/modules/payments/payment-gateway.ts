import type { PaymentGatewayName } from '@tools-factory/contract';

/** Payments are in US dollars: the catalog's prices are. */
export const PAYMENT_CURRENCY = 'usd';

/** A payment intent as the gateway knows it: the truth about a payment. */
export type GatewayIntent = {
  /** The intent's id: the transaction id the spec records (`transectionId`). */
  id: string;
  /** The order it was created for (Stripe: `metadata.order_id`). */
  orderId: string | undefined;
  amountCents: number;
  currency: string;
  /** Only 'succeeded' pays an order. */
  status: 'succeeded' | 'processing' | 'requires_payment' | 'canceled';
};

/**
 * The part of an intent's payment to give back: one line of a checkout paid with others (an
 * admin cancelled that line alone), once per line however often asked.
 */
export type RefundPart = {
  orderId: string;
  amountCents: number;
  /**
   * Cents of the line given back before this refund (issue 42: several partial refunds per
   * line): part of its idempotency key, so a retry of the same refund from the same state refunds
   * once, and another refund asked on the same state at once is refused (RefundRaceError).
   */
  refundedBefore?: number;
};

/** The key that makes a refund happen once however often asked: per intent, line and step. */
export function refundKey(intentId: string, part?: RefundPart): string {
  if (!part) return `refund-${intentId}`;
  const step = part.refundedBefore ? `-${part.refundedBefore}` : '';
  return `refund-${intentId}-${part.orderId}${step}`;
}

/** A change the gateway tells us about on its own (Stripe's webhook). */
export type GatewayEvent =
  | { type: 'payment_succeeded'; intent: GatewayIntent }
  /** The whole payment of this intent went back (Stripe's charge.refunded, fully refunded). */
  | { type: 'payment_refunded'; intentId: string }
  /** The customer disputed the payment of this intent with the card issuer. */
  | { type: 'payment_disputed'; intentId: string }
  /** Any other event: acknowledged, nothing to do. */
  | { type: 'ignored'; eventType: string };

/** Thrown by a gateway that could not be reached or answered an error (answered 502). */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/**
 * Thrown by `refund` when the same line's refund was asked on the same state with another
 * amount at once (two admins): the gateway refused the second (Stripe's idempotency_error).
 */
export class RefundRaceError extends Error {
  constructor(message = 'another refund of this line was asked at the same time') {
    super(message);
    this.name = 'RefundRaceError';
  }
}

/** Thrown by `parseWebhook` when the signature does not check out (answered 400). */
export class WebhookSignatureError extends Error {
  constructor(message = 'invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown by `parseWebhook` when the signed body is not an event it can read (answered 400). */
export class WebhookPayloadError extends Error {
  constructor(message = 'the webhook body is not an event') {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/**
 * A card payment provider (docs/architecture.md#payments): the built-in offline `test` gateway or
 * Stripe. The server never trusts the browser about a payment: it creates the intent for the
 * order's amount, and asks the gateway whether that intent succeeded before marking the order paid.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Stripe's publishable key, for the web page (null for the test gateway). */
  readonly publishableKey: string | null;
  /**
   * Creates an intent for one checkout (every unpaid line of it, issue 26) and their full
   * amount; `orderId` is the line it was started from. The idempotency key makes a retry of the
   * same request (a double click, a reload) return the same intent instead of a second one.
   */
  createIntent(input: {
    orderId: string;
    checkoutId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The intent with this id, or undefined when the gateway knows none. */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Gives the whole amount of a succeeded intent back (an order that is gone was paid, an admin
   * cancelled a paid order), once however often asked (Stripe: an idempotency key per intent).
   * Resolves to the refund's id, or null when the gateway had refunded it already and does not
   * say which refund that was.
   */
  refund(intentId: string, part?: RefundPart): Promise<{ refundId: string | null }>;
  /**
   * Checks a webhook's signature over its exact bytes and reads the event; throws
   * WebhookSignatureError when the signature is wrong, WebhookPayloadError when the signed body
   * is not an event. Gateways without webhooks have none.
   */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent;
}

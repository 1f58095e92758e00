import { z } from 'zod';
import { IdSchema, priceSchema, textSchema } from './common.ts';
import { OrderSchema } from './orders.ts';

/** Which card gateway the server is set up with (docs/architecture.md#payments). */
export const PaymentGatewayNameSchema = z.enum(['test', 'stripe']);
export type PaymentGatewayName = z.infer<typeof PaymentGatewayNameSchema>;

/**
 * GET /payment-settings (anyone): what the payment page needs to load its card form. The
 * publishable key is Stripe's public key (null with the test gateway).
 */
export const PaymentSettingsSchema = z.object({
  gateway: PaymentGatewayNameSchema,
  publishableKey: z.string().nullable(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/**
 * POST /create-payment-intent: the spec's `totalPrice` (price times quantity) and, our client's
 * addition, `orderId` (docs/architecture.md#departures-from-the-spec). The server computes the
 * amount from the order: a `totalPrice` that differs gets 409. A card payment is below $1,000,000
 * (the card networks' and Stripe's limit), the same bound as a price.
 */
export const CreatePaymentIntentSchema = z.object({
  orderId: IdSchema,
  totalPrice: priceSchema('totalPrice'),
});
export type CreatePaymentIntent = z.input<typeof CreatePaymentIntentSchema>;

/**
 * POST /checkouts/{id}/payment-intent (issue 26): the intent that pays every unpaid line of the
 * checkout at once. `totalPrice`, when sent, is the total the buyer saw: one that differs from
 * the checkout's unpaid total gets 409.
 */
export const CheckoutPaymentIntentSchema = z.object({
  totalPrice: priceSchema('totalPrice').optional(),
});
export type CheckoutPaymentIntent = z.input<typeof CheckoutPaymentIntentSchema>;
export const PaymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/**
 * PATCH /tool/{id}, {id} being the order: the spec's payment record. `transectionId` is the
 * gateway's payment intent id; the server asks the gateway whether it succeeded for this order's
 * full amount before the order is marked paid.
 */
export const RecordPaymentSchema = z.object({
  order: IdSchema,
  transectionId: textSchema('transectionId', { max: 255 }),
});
export type RecordPayment = z.input<typeof RecordPaymentSchema>;
/** `modifiedCount` 1 when this call marked the order paid, 0 when it was paid already. */
export const RecordPaymentResponseSchema = z.object({
  acknowledged: z.boolean(),
  modifiedCount: z.number().int(),
  order: OrderSchema,
});
export type RecordPaymentResponse = z.infer<typeof RecordPaymentResponseSchema>;

/**
 * POST /payments/test/confirm (the order's owner, test gateway only): the card form of the
 * built-in test gateway confirms its intent through the server, as Stripe.js confirms one with
 * Stripe. Card numbers behave as in Stripe's test mode (docs/architecture.md#payments).
 */
export const ConfirmTestCardSchema = z.object({
  clientSecret: textSchema('clientSecret', { max: 255 }),
  /** Digits, spaces allowed: '4242 4242 4242 4242'. */
  cardNumber: textSchema('card number', { max: 30 }),
  /** 'MM / YY' or 'MM/YY'. */
  expiry: textSchema('expiry', { max: 10 }),
  cvc: textSchema('CVC', { max: 8 }),
});
export type ConfirmTestCard = z.input<typeof ConfirmTestCardSchema>;
/** 200: the intent succeeded; a card the gateway refuses answers 402 with its message. */
export const ConfirmTestCardResponseSchema = z.object({
  status: z.literal('succeeded'),
  transectionId: z.string(),
});
export type ConfirmTestCardResponse = z.infer<typeof ConfirmTestCardResponseSchema>;

/**
 * POST /webhooks/stripe (Stripe only, signed): the event was received. Any 2xx tells Stripe to
 * stop resending it; a bad signature answers 400.
 */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true) });

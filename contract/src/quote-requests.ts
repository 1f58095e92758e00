import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema } from './common.ts';
import { CheckoutInputSchema } from './checkout.ts';
import { MAX_CART_LINES } from './cart.ts';
import { deliveryFields, OrderSchema } from './orders.ts';
import {
  calendarDateSchema,
  OfferQuoteSchema,
  QuoteStatusSchema,
  RequestQuoteSchema,
} from './quotes.ts';
import { texts } from './texts.ts';

/**
 * Quote requests of several lines (docs/architecture.md#business-buyers, issue 42): every line
 * of the cart asked for at once, with one needed-by date and one note. Each line is a quote of
 * one tool; the request is offered (a unit price per line, one validity date, one note),
 * accepted (ONE checkout, an order per line) or declined as a whole, and expires as one.
 * Statuses are a quote's (quotes.ts), read the same way: 'expired' is an offer past its day.
 */

/** A line of a request: its tool as it was when requested, how many, and the price offered. */
export const QuoteRequestLineSchema = z.object({
  /** The line's own id (a quote's): an offer names each line's price by it. */
  _id: IdSchema,
  toolId: IdSchema,
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** The unit price offered for this line (dollars), and that times the quantity; null before. */
  offer: z.object({ price: MoneySchema, total: z.number().nonnegative() }).nullable(),
  /** The order accepting placed for this line; null before, and once that order is gone. */
  orderId: IdSchema.nullable(),
});
export type QuoteRequestLine = z.infer<typeof QuoteRequestLineSchema>;

/** What an offer says of the whole request: its total, last valid day, when, and our note. */
export const QuoteRequestOfferSchema = z.object({
  /** Every line's total added up, in dollars. */
  total: z.number().nonnegative(),
  /** The offer's last valid day ('YYYY-MM-DD', UTC). */
  validUntil: z.string(),
  /** ISO 8601: when this offer was sent (a new offer replaces the previous one whole). */
  offeredAt: z.string(),
  /** What the admin said with the prices (lead time, terms); '' when nothing. */
  note: z.string(),
});
export type QuoteRequestOffer = z.infer<typeof QuoteRequestOfferSchema>;

export const QuoteRequestSchema = z.object({
  _id: IdSchema,
  /** 'Q-3F2A9C1B': quoteReference(_id), as a quote of one tool is named. */
  reference: z.string(),
  /** 'YYYY-MM-DD'. */
  neededBy: z.string(),
  /** The customer's own words with the request ('' when none). */
  note: z.string(),
  /** The customer's e-mail when the request was made. */
  email: z.string(),
  status: QuoteStatusSchema,
  /** ISO 8601. */
  requestedAt: z.string(),
  /** The current offer (it stays once accepted, declined or expired), else null. */
  offer: QuoteRequestOfferSchema.nullable(),
  /** Why an admin declined the request (status 'refused'), else null. */
  declineReason: z.string().nullable(),
  /** The checkout accepting placed (one order per line) while one of its orders exists. */
  checkoutId: IdSchema.nullable(),
  /** In the cart's order. */
  lines: z.array(QuoteRequestLineSchema),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;
export const QuoteRequestListSchema = z.array(QuoteRequestSchema);

/**
 * A request as the admins' Quotes page shows it: each line beside what the catalog would charge
 * for its quantity now, and the stock (null once the tool left the catalog).
 */
export const ManagedQuoteRequestSchema = QuoteRequestSchema.extend({
  lines: z.array(
    QuoteRequestLineSchema.extend({
      catalogUnitPrice: MoneySchema.nullable(),
      availableQuantity: z.number().int().nullable(),
    }),
  ),
});
export type ManagedQuoteRequest = z.infer<typeof ManagedQuoteRequestSchema>;
export type ManagedQuoteRequestLine = ManagedQuoteRequest['lines'][number];
export const ManagedQuoteRequestListSchema = z.array(ManagedQuoteRequestSchema);

/**
 * POST /quoteRequests: every line of the caller's cart (the cart is left as it is), needed by a
 * date today or later, with a note. Each line is held to a quote's rules (RequestQuoteSchema).
 */
export const RequestQuoteFromCartSchema = RequestQuoteSchema.pick({ neededBy: true, note: true });
export type RequestQuoteFromCartInput = z.input<typeof RequestQuoteFromCartSchema>;
export type RequestQuoteFromCart = z.infer<typeof RequestQuoteFromCartSchema>;

/** The unit price of each line, by the line's `_id`: every line once, no other. */
const linePricesSchema = (field: string) =>
  z
    .array(z.object({ quoteId: IdSchema, price: priceSchema(field) }), {
      error: texts.quoteRequests.pricePerLine,
    })
    .min(1, texts.quoteRequests.pricePerLine)
    .max(MAX_CART_LINES, texts.quoteRequests.pricePerLine)
    .refine(
      (lines) => new Set(lines.map((line) => line.quoteId)).size === lines.length,
      texts.quoteRequests.pricePerLine,
    );

/**
 * POST /manageQuoteRequests/{id}/offer (admin): a unit price for every line, the offer's last
 * valid day and, optionally, a note the customer reads with the prices.
 */
export const OfferQuoteRequestSchema = z.object({
  lines: linePricesSchema('unit price'),
  validUntil: calendarDateSchema('valid-until date'),
  note: OfferQuoteSchema.shape.note,
});
export type OfferQuoteRequestInput = z.input<typeof OfferQuoteRequestSchema>;
export type OfferQuoteRequest = z.infer<typeof OfferQuoteRequestSchema>;

/**
 * POST /quoteRequests/{id}/accept: the unit prices the customer saw (each line's), where the
 * orders go and the buyer's optional PO number, as POST /quotes/{id}/accept takes them. A
 * replaced offer answers 409 instead of placing anything.
 */
export const AcceptQuoteRequestSchema = z.object({
  lines: linePricesSchema('price'),
  ...deliveryFields,
  poNumber: CheckoutInputSchema.shape.poNumber,
});
export type AcceptQuoteRequestInput = z.input<typeof AcceptQuoteRequestSchema>;
export type AcceptQuoteRequest = z.output<typeof AcceptQuoteRequestSchema>;

/** POST /quoteRequests/{id}/accept answers with the request, now accepted, and its checkout. */
export const AcceptQuoteRequestResponseSchema = z.object({
  request: QuoteRequestSchema,
  /** The one checkout accepting placed: pay it whole (routes.dashboardCheckoutPayment). */
  checkoutId: IdSchema,
  /** Its orders, one per line, in the request's order. */
  orders: z.array(OrderSchema),
});
export type AcceptQuoteRequestResponse = z.infer<typeof AcceptQuoteRequestResponseSchema>;

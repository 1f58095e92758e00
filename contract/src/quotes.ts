import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { CheckoutInputSchema } from './checkout.ts';
import { deliveryFields, OrderSchema } from './orders.ts';
import { texts } from './texts.ts';

/**
 * Quotes (docs/architecture.md#business-buyers): a customer asks for a price (a quantity above what
 * is in stock, or a price to negotiate), an admin offers a unit price valid until a date or
 * declines, the customer accepts (an unpaid order at the offered price) or declines.
 *
 * - requested: waiting for an admin's offer.
 * - offered: an offer stands and its date has not passed.
 * - expired: an offer stood, and its validity date has passed (never stored: read with the clock).
 * - accepted: the customer accepted the offer; `orderId` is the order it placed.
 * - declined: the customer declined the offer.
 * - refused: an admin declined the request, with a reason.
 */
export const QuoteStatusSchema = z.enum([
  'requested',
  'offered',
  'expired',
  'accepted',
  'declined',
  'refused',
]);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

/** A quote waiting on somebody: an admin (requested) or the customer (offered). */
export function isOpenQuote(status: QuoteStatus): boolean {
  return status === 'requested' || status === 'offered';
}

/** An account may wait on this many open quotes (requested or offered) at once. */
export const MAX_OPEN_QUOTES = 10;

/** The most a quote's notes may say: the customer's with the request, the admin's with an offer. */
export const QUOTE_NOTE_MAX_LENGTH = 2000;

/** A calendar date, 'YYYY-MM-DD' (a needed-by date, an offer's last valid day). */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for 'YYYY-MM-DD' naming a day that exists ('2026-02-30' does not). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date field as a form sends it: 'YYYY-MM-DD', a real day. */
export function calendarDateSchema(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? texts.fieldErrors.required(field)
          : texts.fieldErrors.notText(field),
    })
    .trim()
    .min(1, texts.fieldErrors.required(field))
    .refine(isCalendarDate, texts.quotes.notADate(field));
}

export const QuoteOfferSchema = z.object({
  /** The offered unit price, in dollars. */
  price: MoneySchema,
  /** Unit price times the quote's quantity, in dollars. */
  total: z.number().nonnegative(),
  /** The offer's last valid day ('YYYY-MM-DD', UTC). */
  validUntil: z.string(),
  /** ISO 8601: when this offer was sent (a new offer replaces the previous one). */
  offeredAt: z.string(),
  /** What the admin said with the price (lead time, terms); '' when nothing. */
  note: z.string(),
});
export type QuoteOffer = z.infer<typeof QuoteOfferSchema>;

export const QuoteSchema = z.object({
  _id: IdSchema,
  /** 'Q-3F2A9C1B': quoteReference(_id). */
  reference: z.string(),
  toolId: IdSchema,
  /** The tool's name and image when the quote was requested. */
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** 'YYYY-MM-DD'. */
  neededBy: z.string(),
  /** The customer's own words with the request ('' when none): shown back to them. */
  note: z.string(),
  /** The customer's e-mail when the quote was requested. */
  email: z.string(),
  status: QuoteStatusSchema,
  /** ISO 8601. */
  requestedAt: z.string(),
  /** The current offer (it stays on an accepted, declined or expired quote), else null. */
  offer: QuoteOfferSchema.nullable(),
  /** Why an admin declined the request (status 'refused'), else null. */
  declineReason: z.string().nullable(),
  /** The order accepting placed; null before, and once that order is removed or expired. */
  orderId: IdSchema.nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;
export const QuoteListSchema = z.array(QuoteSchema);

/**
 * A quote as the admins' Quotes page shows it: what the catalog would charge for that quantity
 * now, and the stock, so an admin can judge the offer (null once the tool left the catalog).
 */
export const ManagedQuoteSchema = QuoteSchema.extend({
  catalogUnitPrice: MoneySchema.nullable(),
  availableQuantity: z.number().int().nullable(),
});
export type ManagedQuote = z.infer<typeof ManagedQuoteSchema>;
export const ManagedQuoteListSchema = z.array(ManagedQuoteSchema);

/**
 * POST /quotes: a customer asks for a price. The quantity must be above the tool's minimum (no
 * upper limit but the database's), the needed-by date today or later (the server's clock).
 */
export const RequestQuoteSchema = z.object({
  toolId: IdSchema,
  quantity: wholeNumberSchema('quantity', { min: 1 }),
  neededBy: calendarDateSchema('needed-by date'),
  note: textSchema('note', { max: QUOTE_NOTE_MAX_LENGTH, required: false }).optional().default(''),
});
export type RequestQuoteInput = z.input<typeof RequestQuoteSchema>;
export type RequestQuote = z.infer<typeof RequestQuoteSchema>;

/**
 * POST /manageQuotes/{id}/offer (admin): a unit price, the offer's last valid day and, optionally,
 * a note the customer reads with the price (lead time, terms).
 */
export const OfferQuoteSchema = z.object({
  price: priceSchema('unit price'),
  validUntil: calendarDateSchema('valid-until date'),
  note: textSchema('note', { max: QUOTE_NOTE_MAX_LENGTH, required: false }).optional().default(''),
});
export type OfferQuoteInput = z.input<typeof OfferQuoteSchema>;
export type OfferQuote = z.infer<typeof OfferQuoteSchema>;

/** POST /manageQuotes/{id}/decline (admin): the reason the customer reads. */
export const RefuseQuoteSchema = z.object({
  reason: textSchema('reason', { max: 500 }),
});
export type RefuseQuoteInput = z.input<typeof RefuseQuoteSchema>;

/**
 * POST /quotes/{id}/accept: the unit price the customer saw, where the order goes (the address
 * required, the phone optional, as POST /order takes them: accepting places the order) and the
 * buyer's optional PO number, under POST /checkout's rule. When the offer has been replaced by
 * another since, the server answers 409 with the new price instead of placing an order.
 */
export const AcceptQuoteSchema = z.object({
  price: priceSchema('price'),
  ...deliveryFields,
  poNumber: CheckoutInputSchema.shape.poNumber,
});
/** What a client sends (phone and PO number may be left out). */
export type AcceptQuoteInput = z.input<typeof AcceptQuoteSchema>;
/** What the server works with, once parsed. */
export type AcceptQuote = z.output<typeof AcceptQuoteSchema>;

/** POST /quotes/{id}/accept answers with the quote, now accepted, and the order it placed. */
export const AcceptQuoteResponseSchema = z.object({
  quote: QuoteSchema,
  order: OrderSchema,
});
export type AcceptQuoteResponse = z.infer<typeof AcceptQuoteResponseSchema>;

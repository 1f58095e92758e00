import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { checkoutTexts } from './checkout-texts.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { deliveryFields, OrderSchema } from './orders.ts';
import { TaxSummarySchema } from './tax.ts';
import {
  canShip,
  isAwaitingApproval,
  isInvoiced,
  isDisputed,
  isPartlyShipped,
  isPayable,
  isShipped,
  type OrderStatus,
} from './order-status.ts';

/** How a checkout is paid (issue 45): by card within its hold, or on its company's account. */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The buyer's own reference for a purchase: at most 35 characters (as EDI and most ERPs keep). */
export const PO_NUMBER_MAX_LENGTH = 35;

/**
 * POST /checkout (docs/architecture.md#business-buyers): where the cart's lines go (as the purchase
 * form), the buyer's optional PO number and, optionally, the total the buyer saw: when sent, it
 * must be today's total or nothing is placed (409). The Idempotency-Key header is required.
 */
export const CheckoutInputSchema = z.object({
  ...deliveryFields,
  /**
   * Issue 44: one of the buyer's company's ship-to addresses; its name, address and phone are
   * what the checkout keeps, whatever `address` and `phone` say (the web sends the chosen one's).
   * Required when the company locked its list.
   */
  shipToId: IdSchema.optional(),
  poNumber: textSchema('PO number', { max: PO_NUMBER_MAX_LENGTH, required: false })
    .optional()
    .default(''),
  /** Issue 42: the buyer's company and tax number, for the invoice to book (both optional). */
  companyName: textSchema('company name', { max: 120, required: false }).optional().default(''),
  taxNumber: textSchema('tax number', { max: 40, required: false }).optional().default(''),
  expectedTotal: priceSchema().optional(),
  /**
   * Issue 45: `card` (paid within the hold, as always) or `account`, for a buyer of a company
   * with payment terms: the invoice is issued at once, due within the terms.
   */
  payment: z
    .enum(PAYMENT_METHODS, { error: checkoutTexts.errors.badPayment(PAYMENT_METHODS) })
    .optional()
    .default('card'),
});
export type CheckoutInput = z.input<typeof CheckoutInputSchema>;
export type CheckoutRequest = z.output<typeof CheckoutInputSchema>;

/**
 * Where a checkout stands, from its lines: unpaid until paid (all lines at once), then paid,
 * partly shipped while admins ship line by line, shipped once its last line is; closed when
 * every line was cancelled, refunded or removed.
 */
export const CHECKOUT_STATUSES = [
  'awaitingApproval',
  'unpaid',
  'invoiced',
  'paid',
  'partlyShipped',
  'shipped',
  'closed',
] as const;
export const CheckoutStatusSchema = z.enum(CHECKOUT_STATUSES);
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

/** A checkout with its lines (the spec's orders), as its buyer sees it. */
export const CheckoutSchema = z.object({
  _id: IdSchema,
  /** checkoutReference(_id): 'CO-3F2A9C1B'. */
  reference: z.string(),
  poNumber: z.string(),
  /** The buyer's company and tax number as typed at checkout ('' when not given). */
  companyName: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  phone: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  status: CheckoutStatusSchema,
  /**
   * What its shipping costs (issue 42): charged by the shop's rates when placed (0 when free);
   * null while an admin is to quote it (the checkout cannot be paid until then).
   */
  shipping: MoneySchema.nullable(),
  /** The tax added on top of the shipping (issue 45: TAX_MODE `added`; else 0). */
  shippingTax: MoneySchema,
  /** What of the shipping (and its tax) was given back (a checkout cancelled before anything shipped). */
  shippingRefunded: MoneySchema,
  /**
   * The sum of its lines' totals and its shipping, and the tax added on top of both when it is
   * (issue 45): what it is charged (what is left of it: removed lines are gone).
   */
  total: MoneySchema,
  /** Its tax as it was placed (issue 45): included in the total, added on top, or reverse charge. */
  tax: TaxSummarySchema,
  lines: z.array(OrderSchema),
});
export type Checkout = z.infer<typeof CheckoutSchema>;
export const CheckoutListSchema = z.array(CheckoutSchema);

/** How many checkouts a page of My Orders shows (GET /checkouts/page's default), and at most. */
export const MY_CHECKOUTS_PAGE_SIZE = 20;
export const MY_CHECKOUTS_MAX_PAGE_SIZE = 100;

/**
 * GET /checkouts/page (issue 43): the caller's checkouts a page at a time, newest first as
 * GET /checkouts; `after` is the `next` of the page before.
 */
export const MyCheckoutsPageQuerySchema = z.object({
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MY_CHECKOUTS_MAX_PAGE_SIZE })
    .optional()
    .default(MY_CHECKOUTS_PAGE_SIZE),
  after: keysetCursorSchema(checkoutTexts.errors.badPageCursor).optional(),
});
export type MyCheckoutsPageQuery = z.input<typeof MyCheckoutsPageQuerySchema>;

/** GET /checkouts/page's answer: one page, how many checkouts the caller has, the next `after`. */
export const MyCheckoutsPageSchema = z.object({
  checkouts: CheckoutListSchema,
  total: z.number().int().nonnegative(),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type MyCheckoutsPage = z.infer<typeof MyCheckoutsPageSchema>;

/** POST /checkout's answer (201): the checkout, and whether prices moved since the lines were added. */
export const CheckoutResponseSchema = z.object({
  checkout: CheckoutSchema,
  /** Lines placed at a unit price other than the one shown when added: told, not refused. */
  priceChanges: z.array(
    z.object({ toolId: IdSchema, sku: z.string(), before: MoneySchema, now: MoneySchema }),
  ),
  /** In words when prices changed, else null. */
  message: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/**
 * A checkout refused because of its lines (409, or 400 for an empty cart): nothing was placed,
 * the cart is kept, and each failing line says why.
 */
export const CheckoutRefusalSchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  /** Present when lines are the reason (absent for a total that changed, or the unpaid cap). */
  lines: z.array(z.object({ toolId: IdSchema, sku: z.string(), message: z.string() })).optional(),
});
export type CheckoutRefusal = z.infer<typeof CheckoutRefusalSchema>;

/** 'CO-' and the first eight characters of the checkout's id, in capitals. */
export function checkoutReference(id: string): string {
  return `CO-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * Where a checkout stands, from its lines: awaiting its company's approval while a line is (its
 * lines wait together, issue 44); unpaid while a line is; then shipped once every line
 * still sold is, partly shipped before; closed when none is left to ship (all cancelled,
 * refunded or removed). The server's DTO and My Orders' groups both read it.
 */
export function checkoutStatusOf(lines: readonly { status: OrderStatus }[]): CheckoutStatus {
  if (lines.some((line) => isAwaitingApproval(line.status))) return 'awaitingApproval';
  if (lines.some((line) => isPayable(line.status))) return 'unpaid';
  const live = liveLines(lines);
  if (live.length === 0) return 'closed';
  const shipped = live.filter((line) => isShipped(line.status)).length;
  if (shipped === live.length) return 'shipped';
  if (shipped > 0 || live.some((line) => isPartlyShipped(line.status))) return 'partlyShipped';
  // On account (issue 45), nothing shipped yet: invoiced until its invoice is settled. Once
  // something of it ships, it reads as shipping does, whether its invoice is settled or not.
  return live.some((line) => isInvoiced(line.status)) ? 'invoiced' : 'paid';
}

/** The lines still sold once paid (or invoiced): to ship, shipped in part or whole, or disputed. */
function liveLines<Line extends { status: OrderStatus }>(lines: readonly Line[]): Line[] {
  return lines.filter(
    (line) => canShip(line.status) || isShipped(line.status) || isDisputed(line.status),
  );
}

/**
 * How far a paid checkout has shipped, for its summary ('2 of 12 shipped'): the lines shipped
 * whole among the lines still sold (cancelled, refunded and removed ones left out).
 */
export function shippedCount(lines: readonly { status: OrderStatus }[]): {
  shipped: number;
  of: number;
} {
  const live = liveLines(lines);
  return { shipped: live.filter((line) => isShipped(line.status)).length, of: live.length };
}

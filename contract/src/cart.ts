import { z } from 'zod';
import { IdSchema, MoneySchema, wholeNumberSchema } from './common.ts';
import { TaxSummarySchema } from './tax.ts';
import { texts } from './texts.ts';

/** A cart holds at most this many lines (one per tool), and POST /cart/lines takes at most as many. */
export const MAX_CART_LINES = 200;

/** A line's problem as it stands now (docs/architecture.md#business-buyers), with its words. */
export const CART_LINE_PROBLEMS = [
  'belowMinimum',
  'aboveAvailable',
  'withdrawn',
  'priceChanged',
] as const;
export const CartLineProblemSchema = z.object({
  code: z.enum(CART_LINE_PROBLEMS),
  message: z.string(),
});
export type CartLineProblem = z.infer<typeof CartLineProblemSchema>;

/**
 * One line of GET /cart, re-priced and re-checked as it is read: the unit price is the price
 * break the quantity reaches today. A withdrawn tool keeps its line (with its problem) until the
 * buyer removes it; its price is then null.
 */
export const CartLineSchema = z.object({
  toolId: IdSchema,
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int().positive(),
  /** Today's unit price for this quantity; null when the tool is no longer sold. */
  unitPrice: MoneySchema.nullable(),
  /** unitPrice x quantity; null when the tool is no longer sold. */
  lineTotal: MoneySchema.nullable(),
  /** The unit price the buyer saw when adding the line (or last setting its quantity). */
  addedUnitPrice: MoneySchema,
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Empty when the line can be checked out as it is. A price change alone does not block it. */
  problems: z.array(CartLineProblemSchema),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** GET /cart (and every cart call's answer): the lines, oldest first, and their total. */
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** The sum of the lines' totals (withdrawn tools count nothing). */
  subtotal: MoneySchema,
  /**
   * What shipping the checkout would be charged by the shop's rates (issue 42): 0 when free,
   * null when it is quoted after ordering.
   */
  shipping: MoneySchema.nullable(),
  /** The next cheaper shipping: how much more of goods it takes, and its charge; null if none. */
  cheaperShipping: z.object({ more: MoneySchema, charge: MoneySchema }).nullable(),
  /**
   * The subtotal, the shipping and the tax added on top of both when it is (issue 45): what the
   * checkout would cost (POST /checkout's expectedTotal).
   */
  total: MoneySchema,
  /** The tax the checkout would be placed under: included in the total, added, or reverse charge. */
  tax: TaxSummarySchema,
  /** True when there is a line and none has a problem that blocks the checkout. */
  canCheckout: z.boolean(),
});
export type Cart = z.infer<typeof CartSchema>;

/** Whether a line's problem stops the checkout (a changed price is told, not refused). */
export function blocksCheckout(problem: CartLineProblem): boolean {
  return problem.code !== 'priceChanged';
}

/** A quantity in the cart: a whole number from 1 (the purchase rule is told as a problem). */
export const cartQuantitySchema = () => wholeNumberSchema('quantity', { min: 1 });

/** PUT /cart/lines/{toolId}: the line's new quantity (the line is added when absent). */
export const SetCartLineSchema = z.object({ quantity: cartQuantitySchema() });
export type SetCartLine = z.input<typeof SetCartLineSchema>;

export const CartLineParamsSchema = z.object({ toolId: z.string() });

/**
 * One line of POST /cart/lines: the tool by `sku` (any case) or by `toolId`, and how many to add
 * to what the cart holds of it already. Its problems are answered per line, never for the call.
 */
export const AddCartLineSchema = z.object({
  // No length limits here: a SKU of 10 KB is one line refused in words, not the whole call (the
  // body's own limit bounds them).
  sku: z.string().optional(),
  toolId: z.string().optional(),
  quantity: z.unknown(),
});

/** POST /cart/lines: 1 to 200 lines, each checked on its own. */
export const AddCartLinesSchema = z.object({
  lines: z
    .array(AddCartLineSchema)
    .min(1, texts.cart.errors.tooManyLines(MAX_CART_LINES))
    .max(MAX_CART_LINES, texts.cart.errors.tooManyLines(MAX_CART_LINES)),
  /** Each line's quantity replaces what the cart holds of its tool, instead of adding to it. */
  replace: z.boolean().optional(),
});
export type AddCartLines = z.input<typeof AddCartLinesSchema>;

/** What became of one line sent to POST /cart/lines (or of one line of Order again). */
export const CartLineResultSchema = z.object({
  /** The line's place in the request, from 0. */
  index: z.number().int().nonnegative(),
  sku: z.string().nullable(),
  toolId: IdSchema.nullable(),
  outcome: z.enum(['added', 'refused']),
  /** The quantity the cart holds of the tool now (added lines), else what was asked. */
  quantity: z.number().nullable(),
  /** Why a refused line was refused, or what changed for an added one (Order again), in words. */
  message: z.string().nullable(),
  /**
   * What the cart held of the tool before this call, when it held some and the line was added:
   * the line added to it ('500 in cart → 1,500'), or replaced it (`replace`). Null otherwise.
   */
  heldBefore: z.number().nullable(),
});
export type CartLineResult = z.infer<typeof CartLineResultSchema>;

export const AddCartLinesResponseSchema = z.object({
  results: z.array(CartLineResultSchema),
  cart: CartSchema,
});
export type AddCartLinesResponse = z.infer<typeof AddCartLinesResponseSchema>;

/**
 * POST /cart/reorder: a past checkout's lines (`checkoutId`) or one order's line (`orderId`) into
 * the cart at today's prices. Exactly one of the two (400 in words otherwise); an id that is no
 * checkout or order of the caller's, malformed ones included, is not found (404).
 */
export const ReorderSchema = z.object({
  checkoutId: z.string().max(100).optional(),
  orderId: z.string().max(100).optional(),
  /** The past quantities replace what the cart holds of their tools, instead of adding to it. */
  replace: z.boolean().optional(),
});
export type Reorder = z.infer<typeof ReorderSchema>;

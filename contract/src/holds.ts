import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { texts } from './texts.ts';

/**
 * Stock holds (docs/architecture.md#orders): every unpaid order keeps its tool's stock until it is
 * paid, removed or expires. The admins' Stock holds page lists them per account, so an admin can
 * see who holds what and release a hold (the account's unpaid orders are removed, their stock goes
 * back on sale).
 */
export const HeldOrderSchema = z.object({
  _id: IdSchema,
  /** orderReference(_id): 'TF-3F2A9C1B'. */
  reference: z.string(),
  toolId: IdSchema,
  /** The tool's name when the order was placed. */
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price, in dollars. */
  price: MoneySchema,
  /** Unit price times quantity, in dollars (orderTotal). */
  total: z.number().nonnegative(),
  /** ISO 8601: when the order was placed. */
  createdAt: z.string(),
  /** ISO 8601: when it expires and its stock goes back on sale, unless paid first. */
  holdUntil: z.string(),
  /** Placed by accepting a quote while stock was short: it holds no stock. */
  madeToOrder: z.boolean(),
});
export type HeldOrder = z.infer<typeof HeldOrderSchema>;

/**
 * Where an account's hold limit comes from: set for it by a shop admin ('account'), else the
 * default of a verified account (UNPAID_HOLD_LIMIT) or of one whose e-mail is not verified
 * (UNVERIFIED_HOLD_LIMIT).
 */
export const HoldLimitSourceSchema = z.enum(['account', 'verified', 'unverified']);
export type HoldLimitSource = z.infer<typeof HoldLimitSourceSchema>;

/** Part of its limit from which an account is shown as near it (Stock holds). */
export const NEAR_HOLD_LIMIT = 0.8;

/** One account's unpaid orders, with what the account is (name, e-mail, verified or not). */
export const StockHoldSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Oldest first. */
  orders: z.array(HeldOrderSchema),
  /** The orders' totals summed, in dollars. */
  total: z.number().nonnegative(),
  /** What the account's unpaid orders may come to, in dollars (orders past it are refused). */
  limit: z.number().nonnegative(),
  limitSource: HoldLimitSourceSchema,
});
export type StockHold = z.infer<typeof StockHoldSchema>;
/** GET /manageHolds: the accounts holding unpaid orders, the largest total first. */
export const StockHoldListSchema = z.array(StockHoldSchema);

/** How many accounts a page of Stock holds shows by default (GET /manageHolds/page), and at most. */
export const STOCK_HOLDS_PAGE_SIZE = 20;
export const STOCK_HOLDS_MAX_PAGE_SIZE = 100;

/**
 * Where a page of Stock holds ended (issue 43): the value its last account holds, in cents, and
 * that account's id (Better Auth's ids are text: printable, no spaces), `<cents>_<userId>`. The
 * list is by value, the largest first, as GET /manageHolds, then by account id.
 */
const STOCK_HOLDS_CURSOR = /^\d{1,15}_[\x21-\x7e]{1,200}$/;

/** GET /manageHolds/page: `after` is the `next` of the page before. */
export const StockHoldsPageQuerySchema = z.object({
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: STOCK_HOLDS_MAX_PAGE_SIZE })
    .optional()
    .default(STOCK_HOLDS_PAGE_SIZE),
  after: z
    .string({ error: () => texts.manageHolds.badPageCursor })
    .regex(STOCK_HOLDS_CURSOR, { error: () => texts.manageHolds.badPageCursor })
    .optional(),
});
export type StockHoldsPageQuery = z.input<typeof StockHoldsPageQuerySchema>;

/** GET /manageHolds/page's answer: a page of accounts, how many hold stock, the next `after`. */
export const StockHoldsPageSchema = z.object({
  holds: StockHoldListSchema,
  total: z.number().int().nonnegative(),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type StockHoldsPage = z.infer<typeof StockHoldsPageSchema>;

/** An account's id as GET /manageHolds lists it (Better Auth's ids are text, not UUIDs). */
export const UserIdParamsSchema = z.object({ userId: textSchema('userId', { max: 200 }) });

/** POST /manageHolds/{userId}/release: how many unpaid orders were removed. */
export const ReleaseHoldsResponseSchema = z.object({
  deletedCount: z.number().int(),
  /** Units that went back on sale (made-to-order orders give none). */
  returnedUnits: z.number().int(),
});
export type ReleaseHoldsResponse = z.infer<typeof ReleaseHoldsResponseSchema>;

/**
 * PUT /manageHolds/{userId}/limit: what the account's unpaid orders may come to, in dollars (at
 * most two decimals, below $1,000,000), or null for its default again.
 */
export const SetHoldLimitSchema = z.object({ limit: priceSchema('limit').nullable() });
export type SetHoldLimit = z.infer<typeof SetHoldLimitSchema>;

/** The account's limit as it is now. */
export const HoldLimitResponseSchema = z.object({
  userId: z.string(),
  limit: z.number().nonnegative(),
  limitSource: HoldLimitSourceSchema,
});
export type HoldLimitResponse = z.infer<typeof HoldLimitResponseSchema>;

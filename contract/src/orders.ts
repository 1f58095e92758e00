import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { InsertedSchema } from './inserted.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { orderAdminTexts } from './order-admin-texts.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { serverTexts, texts } from './texts.ts';
import { EmailSchema } from './users.ts';

/** Every status an order may have (order-status.ts: the order's life). */
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderSchema = z.object({
  _id: IdSchema,
  toolId: IdSchema,
  /** The tool's name when the order was placed. */
  name: z.string(),
  /** The tool's SKU when the order was placed ('' for orders from before SKUs). */
  sku: z.string(),
  /**
   * The checkout this order is a line of (docs/architecture.md#business-buyers), its reference and
   * PO number.
   */
  checkoutId: IdSchema,
  checkoutReference: z.string(),
  poNumber: z.string(),
  /** The tool's image when the order was placed. */
  img: z.string(),
  address: z.string(),
  phone: z.string(),
  quantity: z.number().int(),
  /**
   * How many of it the standing shipments took (issue 42): 0 until shipped, `quantity` once
   * shipped whole, between the two while partly shipped.
   */
  shippedQuantity: z.number().int().nonnegative(),
  /**
   * Dollars given back for it so far (issue 42): a cancellation's refund, partial refunds, or
   * the gateway's refund in full; 0 when none. What the shop keeps is its total less this.
   */
  refunded: z.number().nonnegative(),
  email: z.string(),
  /** Unit price in dollars, from the catalog at the time of the order. */
  price: MoneySchema,
  /**
   * The tax added on top of its price times quantity (issue 45: the shop's TAX_MODE `added`),
   * its part of its checkout's tax; 0 when prices include the tax. It is charged both.
   */
  tax: MoneySchema,
  /** True once paid (status 'paid' or 'shipped'). */
  paid: z.boolean(),
  status: OrderStatusSchema,
  /** The payment's transaction id once paid (spelt as the spec spells it), else null. */
  transectionId: z.string().nullable(),
  /** ISO 8601. Unpaid orders expire ORDER_HOLD_HOURS after this. */
  createdAt: z.string(),
  /** What people call the order (confirmation, e-mails, My Orders): orderReference(_id). */
  reference: z.string(),
  /** ISO 8601: when an unpaid order expires and its stock goes back on sale; null once paid. */
  holdUntil: z.string().nullable(),
  /**
   * True for an order placed by accepting a quote when the stock was short: no stock is
   * reserved for it; it ships when produced (docs/architecture.md#business-buyers).
   */
  madeToOrder: z.boolean(),
  /** The quote whose acceptance placed this order, else null. */
  quoteId: IdSchema.nullable(),
  /** Who carries it once shipped, and its tracking number (issue 25): given at Ship, else null. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * The order's reference as people read and say it: 'TF-' and the first eight characters of its
 * id, in capitals ('TF-3F2A9C1B'). For people, not a key: the API still takes the id.
 */
export function orderReference(id: string): string {
  return `TF-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: serverTexts.orderErrors.badIdempotencyKey });
export const OrderListSchema = z.array(OrderSchema);

/**
 * An order as Manage Orders shows it (GET /manageOrders, PATCH /manageOrders/{id}/ship): the
 * order, its total and when it was shipped. `email` is the customer's at the time of the order:
 * it stays when the customer's account is removed.
 */
export const ManagedOrderSchema = OrderSchema.extend({
  /**
   * Unit price times quantity, in dollars (orderTotal). Not MoneySchema: the largest orders
   * exceed what a float holds to the cent, and the answer must not fail its own schema.
   */
  total: z.number().nonnegative(),
  /** ISO 8601, once shipped; else null. */
  shippedAt: z.string().nullable(),
  /** ISO 8601, once an admin cancelled it (refunded, credit note issued); else null. */
  cancelledAt: z.string().nullable(),
});
export type ManagedOrder = z.infer<typeof ManagedOrderSchema>;
export const ManagedOrderListSchema = z.array(ManagedOrderSchema);

/**
 * POST /manageOrders/{id}/cancel's optional body (issue 42): `refund` false cancels the order
 * without giving money back (no gateway call, no credit note); by default what is left of its
 * amount is refunded.
 */
export const CancelOrderSchema = z
  .object({ refund: z.boolean().optional() })
  // No body at all reaches the schema as null (Fastify's), or undefined.
  .nullish();
export type CancelOrder = z.input<typeof CancelOrderSchema>;

/**
 * A credit note as a cancellation or a refund answers it: its id (GET /creditNotes/{id} draws it),
 * its number and the dollars given back.
 */
export const IssuedCreditNoteSchema = z.object({
  id: IdSchema,
  number: z.string(),
  amount: z.number().nonnegative(),
});

/**
 * POST /manageOrders/{id}/cancel (admin, issue 22): the order as cancelled, and the credit note
 * issued with it (its number, and the amount given back in dollars); null when it was cancelled
 * without a refund, or nothing was left to give back (issue 42).
 */
export const CancelOrderResponseSchema = z.object({
  order: ManagedOrderSchema,
  creditNote: IssuedCreditNoteSchema.nullable(),
});
export type CancelOrderResponse = z.infer<typeof CancelOrderResponseSchema>;

/**
 * POST /manageCheckouts/{id}/cancel (admin, issue 42): the checkout's lines as they now stand
 * (those cancelled by it, with or without a refund, and the others), and the credit notes it
 * issued, one per line refunded (none without a refund).
 */
export const CancelCheckoutResponseSchema = z.object({
  lines: z.array(ManagedOrderSchema),
  creditNotes: z.array(IssuedCreditNoteSchema),
});
export type CancelCheckoutResponse = z.infer<typeof CancelCheckoutResponseSchema>;

/**
 * POST /manageOrders/{id}/refunds (admin, issue 42): part of a paid line's amount given back,
 * in dollars (more than 0, at most what is left of it); the line itself stands.
 */
export const RefundOrderSchema = z.object({
  amount: priceSchema('amount'),
});
export type RefundOrder = z.input<typeof RefundOrderSchema>;

/** POST /manageOrders/{id}/refunds: the line as it now stands and the credit note issued. */
export const RefundOrderResponseSchema = z.object({
  order: ManagedOrderSchema,
  creditNote: IssuedCreditNoteSchema,
});
export type RefundOrderResponse = z.infer<typeof RefundOrderResponseSchema>;

/**
 * PATCH /manageOrders/{id}/ship's optional body (issue 25): who carries the order and its
 * tracking number, both optional (the spec's call has no body, and still works without one).
 */
export const ShipOrderSchema = z
  .object({
    carrier: textSchema('carrier', { max: 100, required: false }).optional(),
    trackingNumber: textSchema('tracking number', { max: 100, required: false }).optional(),
  })
  // No body at all reaches the schema as null (Fastify's), or undefined.
  .nullish();
export type ShipOrder = z.input<typeof ShipOrderSchema>;

/** What can happen to an order, as its timeline shows it (the server's order_events.kind). */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'shipped',
  'ship_undone',
  'cancelled',
  'refunded',
  'disputed',
  'expired',
  'removed',
  'email',
  'awaiting_approval',
  'approved',
  'rejected',
  'invoiced',
  'payment_received',
] as const;
export const OrderEventKindSchema = z.enum(ORDER_EVENT_KINDS);
export type OrderEventKind = z.infer<typeof OrderEventKindSchema>;

/** One line of an order's timeline: what happened, when (ISO 8601), who did it, and its details. */
export const OrderEventSchema = z.object({
  kind: OrderEventKindSchema,
  at: z.string(),
  /** The admin's or customer's name; null for the shop itself (a webhook, the sweep). */
  actor: z.string().nullable(),
  /** What the kind needs said: carrier and trackingNumber, an e-mail's subject, ... */
  detail: z.record(z.string(), z.string()),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/**
 * Where an order goes, as Manage Orders shows it: the last comma- or line-separated part of the
 * address, trimmed ('12 Mill Lane, Leeds' -> 'Leeds'; '5 Rue X, 75001 Paris' -> '75001 Paris');
 * the whole address when it has one part. The address is one free text field (the spec's), so
 * this is a rule of thumb for the list; the order's page shows the whole address.
 */
export function shipToTown(address: string): string {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.at(-1) ?? '';
}

/** An order in Manage Orders' search (issue 25): with its customer's name and ship-to town. */
export const ManagedOrderRowSchema = ManagedOrderSchema.extend({
  /** The account's name; null once the account was removed (the order stays). */
  customerName: z.string().nullable(),
  /** shipToTown(address). */
  town: z.string(),
});
export type ManagedOrderRow = z.infer<typeof ManagedOrderRowSchema>;

/** The largest page GET /manageOrders/search answers. */
export const MANAGED_ORDERS_MAX_PAGE_SIZE = 200;

/**
 * GET /manageOrders/search's page when none is asked for, and Manage Orders' (issue 43): 20
 * checkouts, as My Orders pages them (MY_CHECKOUTS_PAGE_SIZE). A page's cost is its lines, each
 * carrying its checkout's details: at a million orders 50 checkouts were 165 lines, 146 kB of
 * JSON and p99 330 ms at 20 admins at once (the server's thread spent most of it writing them
 * out); 20 are about 51 kB and p99 144 ms. 200 were 600 kB and 0.5 s.
 */
export const MANAGED_ORDERS_PAGE_SIZE = 20;

/**
 * How many matching orders GET /manageOrders/search counts at most (issue 43): beyond, its counts
 * stop there and say so (`capped`), so that a page never counts a million orders.
 */
export const MANAGED_ORDERS_COUNT_CAP = 10_000;

/**
 * GET /manageOrders/search: a status, words to look for in the reference ('TF-3F2A9C1B', or part
 * of it), the customer's e-mail or the tool's name (any case), and the page (from 1).
 */
export const ManagedOrdersSearchQuerySchema = z.object({
  status: z
    .enum(ORDER_STATUSES, { error: () => texts.fieldErrors.notOneOf('status', ORDER_STATUSES) })
    .optional(),
  q: textSchema('q', { max: 200, required: false }).optional(),
  page: wholeNumberSchema('page', { min: 1 }).optional().default(1),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MANAGED_ORDERS_MAX_PAGE_SIZE })
    .optional()
    .default(MANAGED_ORDERS_PAGE_SIZE),
  /** The `next` of the page before (issue 43): this page starts after it, whatever `page` says. */
  after: keysetCursorSchema(orderAdminTexts.badCursor).optional(),
  /** Issue 44 (shop admins): one company's checkouts, as its Company Orders shows them. */
  companyId: IdSchema.optional(),
});
export type ManagedOrdersSearchQuery = z.input<typeof ManagedOrdersSearchQuerySchema>;

/**
 * GET /manageOrders/search's answer: one page of the checkouts found (issue 42: paging counts
 * checkouts), newest first, as their matching orders, checkout by checkout; and how many.
 */
export const ManagedOrdersPageSchema = z.object({
  orders: z.array(ManagedOrderRowSchema),
  /** How many orders match, on every page. */
  total: z.number().int().nonnegative(),
  /** How many checkouts those orders belong to: what the pages count. */
  checkouts: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /**
   * True when more orders match than MANAGED_ORDERS_COUNT_CAP: `total` and `checkouts` then count
   * the first ones only (issue 43).
   */
  capped: z.boolean(),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type ManagedOrdersPage = z.infer<typeof ManagedOrdersPageSchema>;

/**
 * GET /manageOrders/{id} (admin, issue 25): the order's page. The order with its customer's
 * name, when it was paid, whether it has an invoice and a credit note, until when its shipment
 * can be undone, and its timeline, oldest first.
 */
export const ManagedOrderDetailSchema = ManagedOrderRowSchema.extend({
  /** ISO 8601, once paid; else null. */
  paidAt: z.string().nullable(),
  /** ISO 8601: until when Undo ship is allowed (24 h after shipping); null when not shipped. */
  unshipUntil: z.string().nullable(),
  events: z.array(OrderEventSchema),
});
export type ManagedOrderDetail = z.infer<typeof ManagedOrderDetailSchema>;

/**
 * Where an order goes: the address (required) and a phone number (optional), as POST /order and
 * the acceptance of a quote (contract/src/quotes.ts) take them.
 */
export const deliveryFields = {
  address: textSchema('address', { max: 500 }),
  phone: textSchema('phone', { max: 40, required: false }).optional().default(''),
};

/**
 * POST /order: the spec's fields (name, address, quantity, email, price), plus `toolId` and
 * `phone` (docs/architecture.md#orders). The tool is `toolId` when given, else the tool of that
 * exact name (any case). `price` is optional: the server takes the catalog's and answers 409 when a
 * given one differs. The quantity rule is checked by the server against the stock.
 */
export const PlaceOrderSchema = z.object({
  toolId: IdSchema.optional(),
  name: textSchema('name', { max: 120 }),
  ...deliveryFields,
  // Below 1 no tool has stock: the spec's words, as for any quantity outside the rule.
  quantity: wholeNumberSchema('quantity', {
    min: 1,
    outOfRange: texts.purchase.quantityOutOfRange,
  }),
  email: EmailSchema,
  price: priceSchema().optional(),
});
/** What a client sends (phone may be left out). */
export type PlaceOrder = z.input<typeof PlaceOrderSchema>;
/** What the server works with, once parsed. */
export type PlaceOrderInput = z.output<typeof PlaceOrderSchema>;

/** POST /order answers 200 (as the original did) with the new order. */
export const PlaceOrderResponseSchema = InsertedSchema.extend({ order: OrderSchema });
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponseSchema>;

/** GET /orders?email=: the caller's own e-mail only (403 otherwise). */
export const OrdersQuerySchema = z.object({
  email: EmailSchema,
});

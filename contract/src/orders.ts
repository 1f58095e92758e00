import { z } from 'zod';
import { centsToDollars, dollarsToCents, IdSchema, MoneySchema } from './common.ts';
import { texts } from './texts.ts';
import { EmailSchema } from './users.ts';

export const OrderStatusSchema = z.enum(['unpaid', 'paid', 'shipped']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderSchema = z.object({
  _id: IdSchema,
  toolId: IdSchema,
  /** The tool's name when the order was placed. */
  name: z.string(),
  /** The tool's image when the order was placed. */
  img: z.string(),
  address: z.string(),
  phone: z.string(),
  quantity: z.number().int(),
  email: z.string(),
  /** Unit price in dollars, from the catalog at the time of the order. */
  price: MoneySchema,
  /** True once paid (status 'paid' or 'shipped'). */
  paid: z.boolean(),
  status: OrderStatusSchema,
  /** The payment's transaction id once paid (spelt as the spec spells it), else null. */
  transectionId: z.string().nullable(),
  /** ISO 8601. Unpaid orders expire ORDER_HOLD_HOURS after this. */
  createdAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);

/** Messages of the order calls, in `{ message, statusCode }` error bodies. */
export const orderMessages = {
  /** 400: the spec's purchase rule, the same text as the purchase page's toast. */
  quantityOutOfRange: texts.purchase.quantityOutOfRange,
  addressRequired: 'address is required',
  toolNameRequired: 'name is required',
  quantityNotANumber: 'quantity must be a number',
  quantityNotWhole: 'quantity must be a whole number',
  /** 409: the client's price is not the catalog's any more. */
  priceChanged: (price: number) =>
    `The price of this tool has changed to $${price.toFixed(2)}. Please review your order.`,
  /** 404: unknown, malformed, or someone else's order (never revealed). */
  orderNotFound: 'Order not found',
  /** 409: a customer removing an order that is paid or shipped. */
  paidOrderCannotBeRemoved: 'A paid order cannot be removed',
} as const;

/**
 * POST /order: the spec's fields (name, address, quantity, email, price), plus `toolId` and
 * `phone` (DESIGN.md section 4). The tool is `toolId` when given, else the tool of that exact
 * name (any case). `price` is optional: the server takes the catalog's and answers 409 when a
 * given one differs. The quantity rule is checked by the server against the stock.
 */
export const PlaceOrderSchema = z.object({
  toolId: IdSchema.optional(),
  name: z
    .string({ error: orderMessages.toolNameRequired })
    .trim()
    .min(1, orderMessages.toolNameRequired)
    .max(120),
  address: z
    .string({ error: orderMessages.addressRequired })
    .trim()
    .min(1, orderMessages.addressRequired)
    .max(500),
  phone: z.string().trim().max(40).optional().default(''),
  quantity: z.coerce
    .number({ error: orderMessages.quantityNotANumber })
    .int(orderMessages.quantityNotWhole),
  email: EmailSchema,
  price: MoneySchema.optional(),
});
/** What a client sends (phone may be left out). */
export type PlaceOrder = z.input<typeof PlaceOrderSchema>;
/** What the server works with, once parsed. */
export type PlaceOrderInput = z.output<typeof PlaceOrderSchema>;

/** POST /order answers 200 (as the original did) with the new order. */
export const PlaceOrderResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
  order: OrderSchema,
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponseSchema>;

/** GET /orders?email=: the caller's own e-mail only (403 otherwise). */
export const OrdersQuerySchema = z.object({ email: z.string() });

/** The purchase rule: strictly above the minimum, strictly below what is available. */
export function isQuantityAllowed(
  quantity: number,
  tool: { minOrderQuantity: number; availableQuantity: number },
): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity > tool.minOrderQuantity &&
    quantity < tool.availableQuantity
  );
}

/** Order total = price times quantity, computed in cents to avoid rounding drift. */
export function orderTotal(price: number, quantity: number): number {
  return centsToDollars(dollarsToCents(price) * quantity);
}

import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.ts';
import { EmailSchema } from './users.ts';

export const OrderStatusSchema = z.enum(['unpaid', 'paid', 'shipped']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderSchema = z.object({
  _id: IdSchema,
  toolId: IdSchema,
  name: z.string(),
  img: z.string(),
  address: z.string(),
  phone: z.string(),
  quantity: z.number().int(),
  email: z.string(),
  /** Unit price in dollars, from the catalog at the time of the order. */
  price: MoneySchema,
  paid: z.boolean(),
  status: OrderStatusSchema,
  transectionId: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);

/** POST /order: the spec's fields, plus `toolId` and `phone` (DESIGN.md section 4). */
export const PlaceOrderSchema = z.object({
  toolId: IdSchema.optional(),
  name: z.string().trim().min(1).max(120),
  address: z.string().trim().min(1, 'address is required').max(500),
  phone: z.string().trim().max(40).optional().default(''),
  quantity: z.coerce
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number'),
  email: EmailSchema,
  price: MoneySchema.optional(),
});
export type PlaceOrder = z.input<typeof PlaceOrderSchema>;

export const PlaceOrderResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
  order: OrderSchema,
});

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
  return Math.round(price * 100 * quantity) / 100;
}

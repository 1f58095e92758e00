import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.ts';

export const CreatePaymentIntentSchema = z.object({
  orderId: IdSchema,
  totalPrice: MoneySchema,
});
export const PaymentIntentResponseSchema = z.object({ clientSecret: z.string() });

/** PATCH /tool/{id} with the order id: the server checks the intent with the gateway. */
export const RecordPaymentSchema = z.object({
  order: IdSchema,
  transectionId: z.string().min(1),
});

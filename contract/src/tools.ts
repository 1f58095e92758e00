import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.ts';

export const ToolSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  img: z.string(),
  price: MoneySchema,
  desc: z.string(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolListSchema = z.array(ToolSchema);

/** POST /tool: the six fields of the Add Product form, all required. */
export const CreateToolSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  desc: z.string().trim().min(1, 'description is required').max(2000),
  img: z.string().trim().min(1, 'image link is required').max(2000),
  price: z.coerce.number().positive('price must be a positive number').max(1_000_000),
  minOrderQuantity: z.coerce.number().int().min(0),
  availableQuantity: z.coerce.number().int().min(0),
});
export type CreateTool = z.infer<typeof CreateToolSchema>;

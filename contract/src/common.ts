import { z } from 'zod';

/** Database ids are UUIDs; the API shows them as `_id`, as the spec does. */
export const IdSchema = z.uuid();
export type Id = z.infer<typeof IdSchema>;

/** Prices travel in dollars (the spec shows `$`); the database keeps integer cents. */
export const MoneySchema = z.number().nonnegative().multipleOf(0.01);

export const ErrorBodySchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdParamsSchema = z.object({ id: z.string() });

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

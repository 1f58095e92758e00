import { z } from 'zod';
import { IdSchema, wholeNumberSchema } from './common.ts';

/** Without a threshold of its own, a tool is low on stock below this many times its minimum. */
export const LOW_STOCK_FACTOR = 3;

/** The threshold a tool has when its admin set none: LOW_STOCK_FACTOR times its minimum. */
export function defaultLowStockThreshold(minOrderQuantity: number): number {
  return LOW_STOCK_FACTOR * minOrderQuantity;
}

/**
 * A tool's stock as admins watch it (GET /manageTools/stock): its low-stock threshold (its own,
 * or the default when `custom` is false) and whether what is available is below it now.
 */
export const ToolStockSchema = z.object({
  toolId: IdSchema,
  availableQuantity: z.number().int(),
  lowStockThreshold: z.number().int().nonnegative(),
  /** True when an admin set this threshold; false when it is the default (3 x minimum). */
  custom: z.boolean(),
  /** availableQuantity < lowStockThreshold. */
  low: z.boolean(),
});
export type ToolStock = z.infer<typeof ToolStockSchema>;
export const ToolStockListSchema = z.array(ToolStockSchema);

/**
 * PUT /tool/{id}/lowStockThreshold (admins): a whole number of units (0 turns the alert off:
 * no stock is below 0), or null for the default again.
 */
export const UpdateLowStockThresholdSchema = z.object({
  lowStockThreshold: wholeNumberSchema('low-stock threshold', { min: 0 }).nullable(),
});
export type UpdateLowStockThresholdInput = z.input<typeof UpdateLowStockThresholdSchema>;
export type UpdateLowStockThreshold = z.infer<typeof UpdateLowStockThresholdSchema>;

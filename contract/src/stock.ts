import { z } from 'zod';
import { IdSchema, textSchema } from './common.ts';
import { ToolStockSchema } from './low-stock.ts';
import { texts } from './texts.ts';

/** Why an admin moves a tool's stock by hand (issue 25). */
export const STOCK_REASONS = ['received', 'counted', 'damaged'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** At most this many units in or out in one movement (a typo of a few digits stays a 400). */
export const MAX_STOCK_DELTA = 1_000_000;

/**
 * POST /manageTools/{id}/stock (admin): `delta` units into the stock (negative: out), not 0;
 * why; and the admin's own note. A removal larger than the stock is refused by the server.
 */
export const StockAdjustmentSchema = z.object({
  delta: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?[0-9]+$/)
          .transform(Number),
      ],
      {
        error: (issue) =>
          issue.input === undefined
            ? texts.fieldErrors.required('units')
            : texts.fieldErrors.notWhole('units'),
      },
    )
    .pipe(
      z
        .number()
        .int(texts.fieldErrors.notWhole('units'))
        .min(-MAX_STOCK_DELTA, texts.fieldErrors.tooSmall('units', -MAX_STOCK_DELTA))
        .max(MAX_STOCK_DELTA, texts.fieldErrors.tooLarge('units', MAX_STOCK_DELTA))
        .refine((delta) => delta !== 0, texts.adminErrors.stockDeltaZero),
    ),
  reason: z.enum(STOCK_REASONS, { error: texts.adminErrors.stockReason }),
  note: textSchema('note', { max: 200, required: false }).optional().default(''),
});
export type StockAdjustmentInput = z.input<typeof StockAdjustmentSchema>;
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

/** One movement of a tool's stock by hand, as GET /manageTools/{id}/stock lists them. */
export const StockMovementSchema = z.object({
  _id: IdSchema,
  toolId: IdSchema,
  delta: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  note: z.string(),
  stockAfter: z.number().int(),
  /** Who moved it: their e-mail, or null once that account was removed. */
  by: z.string().nullable(),
  /** When (ISO 8601). */
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;
export const StockMovementListSchema = z.array(StockMovementSchema);

/** POST /manageTools/{id}/stock answers the movement and the tool's stock after it. */
export const StockAdjustedSchema = z.object({
  movement: StockMovementSchema,
  stock: ToolStockSchema,
});
export type StockAdjusted = z.infer<typeof StockAdjustedSchema>;

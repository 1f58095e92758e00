import { z } from 'zod';
import { IdSchema } from './common.ts';

/**
 * What a POST that creates a record answers, as the original's insert did: acknowledged and the
 * new id. A response that also carries the record extends it (`InsertedSchema.extend({ tool })`).
 */
export const InsertedSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
});

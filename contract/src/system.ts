import { z } from 'zod';

/** GET /health: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok') });

/** GET /ready: the database answers (503 with an ErrorBody when it does not). */
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('up') });

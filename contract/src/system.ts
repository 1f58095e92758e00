import { z } from 'zod';

/** GET /health: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** GET /ready: the database answers (503 with an ErrorBody when it does not). */
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('up') });
export type Ready = z.infer<typeof ReadySchema>;

/** Messages the API answers with in `{ message, statusCode }` error bodies. */
export const apiMessages = {
  toolNotFound: 'Tool not found',
  databaseUnavailable: 'Database unavailable',
  /** 503 for any request that needed the database while it was out of reach. */
  serviceUnavailable: 'The service is briefly unavailable. Please try again.',
  internalError: 'Internal Server Error',
} as const;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, HealthSchema, ReadySchema, serverTexts } from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StorageHealth } from '../../db/storage-health.ts';
import { HttpError } from '../../http-errors.ts';
import { publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/** How long /ready waits for the database before calling it down. */
const READY_TIMEOUT_MS = 2_000;

/** True when the database answers `select 1` in time. */
async function isDatabaseReachable(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    const ping = db.execute(sql`select 1`).then(() => true);
    return await Promise.race([ping, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: the process answers. GET /ready: the database answers too, and the storage takes
 * writes. One statement and no rule of the shop: the routes are the whole module
 * (docs/decisions/009-one-module-shape.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; storage: StorageHealth }> = async (
  app,
  options,
) => {
  const { db, storage } = options;
  app.get(
    apiPaths.health,
    {
      onRequest: publicRoute('GET /api/health'),
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'The process is up',
        security: [],
        response: { 200: HealthSchema },
      },
      compress: false,
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    apiPaths.ready,
    {
      onRequest: publicRoute('GET /api/ready'),
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'The database is reachable and the storage takes writes',
        security: [],
        response: { 200: ReadySchema, ...errorResponses(503) },
      },
      compress: false,
    },
    async () => {
      if (!(await isDatabaseReachable(db))) {
        throw new HttpError(503, serverTexts.apiErrors.databaseUnavailable);
      }
      if (await storage.isFull()) throw new HttpError(503, serverTexts.apiErrors.storageFull);
      return { status: 'ready' as const, database: 'up' as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, HealthSchema, ReadySchema } from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import { publicRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import type { Readiness } from './readiness.ts';

/**
 * GET /health: the process answers. GET /ready: the database commits a write and the storage
 * has room (readiness.ts). No rule of the shop: the routes and the probe are the whole module
 * (docs/decisions/009-one-module-shape.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (
  app,
  options,
) => {
  const { readiness } = options;
  app.get(
    apiPaths.health,
    {
      onRequest: publicRoute('GET /api/health'),
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'The process is up',
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
        summary: 'The database takes a write and the storage has room',
        response: { 200: ReadySchema, ...errorResponses(503) },
      },
      compress: false,
    },
    async () => {
      const verdict = await readiness.check();
      if (!verdict.ready) throw new HttpError(503, verdict.message);
      return { status: 'ready' as const, database: 'up' as const };
    },
  );
};

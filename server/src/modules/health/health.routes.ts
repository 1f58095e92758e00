import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  ErrorBodySchema,
  HealthSchema,
  ReadySchema,
} from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import { isDatabaseReachable } from './health.service.ts';

/** GET /health: the process answers. GET /ready: the database answers too. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      schema: { tags: ['system'], summary: 'The process is up', response: { 200: HealthSchema } },
      compress: false,
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    apiPaths.ready,
    {
      schema: {
        tags: ['system'],
        summary: 'The database is reachable',
        response: { 200: ReadySchema, 503: ErrorBodySchema },
      },
      compress: false,
    },
    async () => {
      if (!(await isDatabaseReachable(app.database.db))) {
        throw new HttpError(503, apiMessages.databaseUnavailable);
      }
      return { status: 'ready' as const, database: 'up' as const };
    },
  );
};

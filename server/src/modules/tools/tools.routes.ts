import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  ErrorBodySchema,
  IdParamsSchema,
  ToolListSchema,
  ToolSchema,
} from '@tools-factory/contract';
import { notFound } from '../../http-errors.ts';
import { sendPrepared } from '../../plugins/preserialized.ts';

/** The public catalog: answered from the catalog snapshot, never from a query per request. */
export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.parts,
    {
      schema: {
        tags: ['catalog'],
        summary: 'The tools on sale',
        response: { 200: ToolListSchema },
      },
      compress: false,
    },
    (request, reply) => {
      sendPrepared(request, reply, app.catalog.current().parts);
    },
  );

  app.get(
    '/tool/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One tool on sale',
        params: IdParamsSchema,
        response: { 200: ToolSchema, 404: ErrorBodySchema },
      },
      compress: false,
    },
    (request, reply) => {
      // Unknown and malformed ids alike are simply absent from the snapshot.
      const body = app.catalog.current().toolsById.get(request.params.id.toLowerCase());
      if (!body) throw notFound(apiMessages.toolNotFound);
      sendPrepared(request, reply, body);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, GalleryListSchema } from '@tools-factory/contract';
import { sendPrepared } from '../../plugins/preserialized.ts';

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.gallery,
    {
      schema: {
        tags: ['catalog'],
        summary: 'The six gallery cards, in order',
        response: { 200: GalleryListSchema },
      },
      compress: false,
    },
    (request, reply) => {
      sendPrepared(request, reply, app.catalog.current().gallery);
    },
  );
};

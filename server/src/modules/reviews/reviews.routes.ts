import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, ReviewListSchema } from '@tools-factory/contract';
import { sendPrepared } from '../../plugins/preserialized.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.reviews,
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        response: { 200: ReviewListSchema },
      },
      compress: false,
    },
    (request, reply) => {
      sendPrepared(request, reply, app.catalog.current().reviews);
    },
  );
};

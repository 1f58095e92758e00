import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, GalleryListSchema } from '@tools-factory/contract';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import { sendPrepared } from '../../plugins/preserialized.ts';
import { publicRoute } from '../../authorization.ts';

/** The home page's gallery, answered from the catalog snapshot. */
export const galleryRoutes: FastifyPluginAsyncZod<{ catalog: CatalogReader }> = async (
  app,
  options,
) => {
  const { catalog } = options;
  app.get(
    apiPaths.gallery,
    {
      onRequest: publicRoute('GET /api/gallery'),
      schema: {
        operationId: 'listGalleryCards',
        tags: ['catalog'],
        summary: 'The six gallery cards, in order',
        response: { 200: GalleryListSchema },
      },
      compress: false,
      // The same public data for everyone: keeps its caching (no-cache and an ETag).
      config: { publicCache: true },
    },
    (request, reply) => {
      sendPrepared(request, reply, catalog.current().gallery);
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { galleryRoutes } from './gallery.routes.ts';
import { createGalleryService } from './gallery.service.ts';

export type GalleryModuleDeps = {
  db: Database;
  /** GET /gallery is answered from the snapshot, which reads the service. */
  catalog: CatalogReader;
};

/** The home page's gallery (docs/architecture.md#server-modules). */
export function createGalleryModule(deps: GalleryModuleDeps) {
  const service = createGalleryService({ db: deps.db });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(galleryRoutes, { catalog: deps.catalog });
  };
  return { service, routes };
}

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { registerToolImageFiles, toolImageRequestBodies, toolImagesRoutes } from './tool-images.ts';
import { createToolSearchService } from './tool-search.service.ts';
import { toolsRoutes } from './tools.routes.ts';
import { createToolsService, type ToolsServiceOptions } from './tools.service.ts';

export type ToolsModuleDeps = ToolsServiceOptions & {
  /** Told of changes, and read by the catalog's GET routes. */
  catalog: ToolsServiceOptions['catalog'] & CatalogReader;
  guards: AuthGuards;
  /** Where the uploaded pictures are kept (DATA_DIR/tool-images). */
  imagesDir: string;
  /** Searches one client may make a minute (SEARCH_RATE_LIMIT). */
  searchesPerMinute: number;
};

/** The catalog's tools, SKUs, pictures, price breaks and stock (docs/architecture.md#server-modules). */
export function createToolsModule(deps: ToolsModuleDeps) {
  const { guards, imagesDir } = deps;
  const service = createToolsService(deps);
  const search = createToolSearchService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(toolsRoutes, {
      tools: service,
      search,
      catalog: deps.catalog,
      guards,
      searchesPerMinute: deps.searchesPerMinute,
    });
    await api.register(toolImagesRoutes, { guards, dir: imagesDir });
  };
  return {
    service,
    routes,
    /** The upload's multipart body, which its route cannot declare as a schema, for OpenAPI. */
    openApiRequestBodies: toolImageRequestBodies,
    /** Serves the uploaded pictures outside /api, before the web app's static files. */
    registerImageFiles: (app: FastifyInstance) => registerToolImageFiles(app, imagesDir),
  };
}

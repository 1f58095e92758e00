import type { FastifyPluginAsync } from 'fastify';
import { CategoryToolsQuerySchema } from '@tools-factory/contract';
import type { CategoryPages } from '../../plugins/web-pages.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import { categoriesRoutes } from './categories.routes.ts';
import { createCategoriesService, type CategoriesServiceOptions } from './categories.service.ts';

export type CategoriesModuleDeps = CategoriesServiceOptions & { guards: AuthGuards };

/** The category tree and its pages (docs/architecture.md#categories-and-facets). */
export function createCategoriesModule(deps: CategoriesModuleDeps) {
  const service = createCategoriesService(deps);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(categoriesRoutes, {
      categories: service,
      catalog: deps.catalog,
      guards: deps.guards,
    });
  };
  /** The category pages' data for the server-rendered pages (plugins/web-pages.ts). */
  const pages: CategoryPages = {
    tree: (bodies) => service.tree(bodies),
    toolsPage(bodies, slug, search) {
      const raw: Record<string, string[]> = {};
      for (const [name, value] of search) (raw[name] ??= []).push(value);
      // A parameter given once reads as the API's querystring reads it: one value, not a list.
      const query = Object.fromEntries(
        Object.entries(raw).map(([name, values]) => [
          name,
          values.length === 1 ? values[0] : values,
        ]),
      );
      const parsed = CategoryToolsQuerySchema.safeParse(query);
      if (!parsed.success) return undefined;
      const answer = service.toolsPage(bodies, slug, parsed.data);
      return 'statusCode' in answer ? undefined : answer;
    },
  };
  return { service, routes, pages };
}

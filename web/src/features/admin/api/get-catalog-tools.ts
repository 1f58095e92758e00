import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * The catalog's cache key, spelt as the catalog feature spells it (catalog/api/get-tools.ts for
 * the home page's list, get-tool.ts for `['tools', id]`): a feature never imports another, and
 * importing the catalog's module would tie the home page's chunk to this one. Invalidating it
 * after Add Product, Remove or a returned stock refreshes the home grid and every purchase page;
 * app/catalog-query-key.test.ts proves the two spellings agree.
 */
export const catalogQueryKey = ['tools'] as const;

/** GET /api/parts: the tools on sale, the list Manage Tools shows (the home page's own list). */
function getCatalogTools(signal?: AbortSignal): Promise<Tool[]> {
  return api.get<Tool[]>(apiPaths.parts, signal);
}

// The same key as the home page's list on purpose: one call, one cache entry, so removing a tool
// here and seeing it gone from the home page are the same refresh.
export const catalogToolsQueryOptions = () =>
  queryOptions({
    queryKey: catalogQueryKey,
    queryFn: ({ signal }) => getCatalogTools(signal),
  });

export function useCatalogTools() {
  return useQuery(catalogToolsQueryOptions());
}

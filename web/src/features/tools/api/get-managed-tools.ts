import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManageToolsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/**
 * Manage Tools' pages, under the catalog's key: every write that refreshes the catalog (Add
 * Product, Edit, Remove, price breaks, stock, restore) refreshes the page shown too.
 */
export const managedToolsQueryKey = [...toolsQueryKey, 'manage'] as const;

/** What Manage Tools asks for (issue 43): words, and where the page starts (none: the first). */
export type ManagedToolsSearch = { q: string; after: string | undefined };

/**
 * GET /api/manageTools/page (bearer, admins): a page of the tools on sale in the catalog's order,
 * each with its stock and low-stock threshold.
 */
function getManagedTools(
  search: ManagedToolsSearch,
  signal?: AbortSignal,
): Promise<ManageToolsPage> {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.after) params.set('after', search.after);
  const query = params.toString();
  return api.get<ManageToolsPage>(`${apiPaths.manageToolsPage}${query ? `?${query}` : ''}`, signal);
}

// Orders placed since (on any page, by anyone) move the stock: asked for again each time Manage
// Tools opens, whatever the cache holds; the page shown stays while the next one loads.
export function useManagedToolsPage(search: ManagedToolsSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...managedToolsQueryKey, search],
      queryFn: ({ signal }) => getManagedTools(search, signal),
      placeholderData: keepPreviousData,
      refetchOnMount: 'always',
    }),
  );
}

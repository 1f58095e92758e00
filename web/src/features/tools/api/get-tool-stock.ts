import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ToolStock } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** Manage Tools' low-stock column: saving a threshold updates it. */
export const toolStockQueryKey = ['manageTools', 'stock'] as const;

/**
 * GET /api/manageTools/stock (bearer, admins): each tool on sale with its low-stock threshold
 * (its own or the default) and whether it is low now.
 */
function getToolStock(signal?: AbortSignal): Promise<ToolStock[]> {
  return api.get<ToolStock[]>(apiPaths.toolStock, signal);
}

// Orders placed since (on any page, by anyone) move the stock: asked for again each time Manage
// Tools opens, whatever the cache holds.
const toolStockQueryOptions = () =>
  queryOptions({
    queryKey: toolStockQueryKey,
    queryFn: ({ signal }) => getToolStock(signal),
    refetchOnMount: 'always',
  });

export function useToolStock() {
  return useQuery(toolStockQueryOptions());
}

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * The catalog's one cache key: the list (`['tools']`, the home grid and Manage Tools) and, under
 * it, each tool (`['tools', id]`, get-tool.ts). Every hook that reads or refreshes the catalog
 * takes it from here; invalidating it refreshes every quantity and price the shop shows.
 */
export const toolsQueryKey = ['tools'] as const;

/** GET /api/parts: the tools on sale, for the home grid and Manage Tools. */
function getTools(signal?: AbortSignal): Promise<Tool[]> {
  return api.get<Tool[]>(apiPaths.parts, signal);
}

// One call, one cache entry for the shop and Manage Tools: removing a tool there and seeing it
// gone from the home page are the same refresh.
export const toolsQueryOptions = () =>
  queryOptions({
    queryKey: toolsQueryKey,
    queryFn: ({ signal }) => getTools(signal),
  });

export function useTools() {
  return useQuery(toolsQueryOptions());
}

/** Asks for the catalog again: for a page whose change elsewhere moved the stock on sale. */
export function useRefreshTools(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: toolsQueryKey });
}

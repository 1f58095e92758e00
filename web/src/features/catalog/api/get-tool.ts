import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * The root of every catalog query: the list (`['tools']`, get-tools.ts) and each tool
 * (`['tools', id]`). Invalidating it refreshes every quantity the page shows once stock moves.
 * get-tools.ts spells the list's key out rather than importing this one, so the home page's
 * chunk shares no module with the purchase page (a shared module becomes a chunk of its own).
 */
export const catalogQueryKey = ['tools'] as const;

/** GET /api/tool/{id}: one tool (404 with a message when unknown or malformed). */
function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
  return api.get<Tool>(apiPaths.tool(id), signal);
}

export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...catalogQueryKey, id],
    queryFn: ({ signal }) => getTool(id, signal),
  });

export function useTool(id: string) {
  return useQuery(toolQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/** GET /api/tool/{id}: one tool (404 with a message when unknown or malformed). */
function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
  return api.get<Tool>(apiPaths.tool(id), signal);
}

export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...toolsQueryKey, id],
    queryFn: ({ signal }) => getTool(id, signal),
  });

export function useTool(id: string) {
  return useQuery(toolQueryOptions(id));
}

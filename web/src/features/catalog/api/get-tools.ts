import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/parts: every tool, for the home grid (and later Manage Tools). */
function getTools(signal?: AbortSignal): Promise<Tool[]> {
  return api.get<Tool[]>(apiPaths.parts, signal);
}

export const toolsQueryOptions = () =>
  queryOptions({
    queryKey: ['tools'],
    queryFn: ({ signal }) => getTools(signal),
  });

export function useTools() {
  return useQuery(toolsQueryOptions());
}

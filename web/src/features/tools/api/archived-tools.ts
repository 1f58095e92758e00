import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ArchivedTool, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolStockQueryKey } from './stock-movements';
import { toolsQueryKey } from './tools-query';

export const archivedToolsQueryKey = ['manageTools', 'archived'] as const;

/** GET /api/manageTools/archived (bearer, admins): the removed tools, latest first. */
export function useArchivedTools(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: archivedToolsQueryKey,
      queryFn: ({ signal }) => api.get<ArchivedTool[]>(apiPaths.archivedTools, signal),
      refetchOnMount: 'always',
      enabled,
    }),
  );
}

/** POST /api/manageTools/{id}/restore (bearer, admins): a removed tool back on sale. */
export function useRestoreTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Tool>(apiPaths.restoreTool(id)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
        queryClient.invalidateQueries({ queryKey: toolStockQueryKey }),
        queryClient.invalidateQueries({ queryKey: archivedToolsQueryKey }),
      ]),
  });
}

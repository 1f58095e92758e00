import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { archivedToolsQueryKey } from './archived-tools';
import { toolsQueryKey } from './tools-query';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/**
 * DELETE /api/deleteTols/{id} (bearer, admins): archives the tool, which leaves GET /api/parts at
 * once; its orders keep their snapshot. `deletedCount` is 0 when it was removed already.
 */
export function deleteTool(id: string): Promise<DeletedCount> {
  return api.delete<DeletedCount>(apiPaths.deleteTool(id));
}

/** Removes a tool; the catalog is asked for again whatever the answer (it may have moved meanwhile). */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
        queryClient.invalidateQueries({ queryKey: archivedToolsQueryKey }),
      ]),
  });
}

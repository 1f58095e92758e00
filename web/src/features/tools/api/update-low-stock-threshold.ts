import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ToolStock, type UpdateLowStockThreshold } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedToolsQueryKey } from './get-managed-tools';

/**
 * PUT /api/tool/{id}/lowStockThreshold (bearer, admins): the tool's own threshold, or null for
 * the default (3 x its minimum). The server answers the tool's stock as it now is; 400 for a
 * threshold that is not a whole number from 0, 404 when the tool left the catalog meanwhile.
 */
export function updateLowStockThreshold({
  id,
  lowStockThreshold,
}: { id: string } & UpdateLowStockThreshold): Promise<ToolStock> {
  return api.put<ToolStock>(apiPaths.lowStockThreshold(id), { lowStockThreshold });
}

/** Saves a tool's threshold; Manage Tools' page (its low-stock column) is asked for again. */
export function useUpdateLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLowStockThreshold,
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedToolsQueryKey }),
  });
}

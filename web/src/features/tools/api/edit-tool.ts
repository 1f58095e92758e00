import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Tool, type UpdateToolInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/**
 * PUT /api/manageTools/{id} (bearer, admins): Edit Tool. A 400 lists every field's problem in
 * its `fieldErrors` (ApiError.fieldErrors); 409 for a name another tool on sale has.
 */
export function editTool({ id, ...fields }: { id: string } & UpdateToolInput): Promise<Tool> {
  return api.put<Tool>(apiPaths.editTool(id), fields);
}

/** Saves a tool's fields; the catalog is asked for again so every page shows them at once. */
export function useEditTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}

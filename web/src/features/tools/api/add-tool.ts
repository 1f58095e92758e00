import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CreateToolInput, type CreateToolResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/**
 * POST /api/tool (bearer, admins): Add Product. The server checks the same rules as the form
 * (400 naming the field) and that no tool on sale has this name, whatever its case (409).
 */
export function addTool(tool: CreateToolInput): Promise<CreateToolResponse> {
  return api.post<CreateToolResponse>(apiPaths.addTool, tool);
}

/** Adds a tool; the catalog is asked for again so the home page shows it at once. */
export function useAddTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}

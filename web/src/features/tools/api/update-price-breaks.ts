import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type PriceBreak, type Tool } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/**
 * PUT /api/tool/{id}/priceBreaks (bearer, admins): the tool's whole set of price breaks, replacing
 * the old one (an empty list removes them). The server checks the editor's rules again (400), and
 * answers the tool as it now is; 404 when it left the catalog meanwhile.
 */
export function updatePriceBreaks({
  id,
  priceBreaks,
}: {
  id: string;
  priceBreaks: PriceBreak[];
}): Promise<Tool> {
  return api.put<Tool>(apiPaths.priceBreaks(id), { priceBreaks });
}

/** Saves a tool's breaks; the catalog is asked for again, so Manage Tools and the shop show them. */
export function useUpdatePriceBreaks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePriceBreaks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type StockAdjusted,
  type StockAdjustmentInput,
  type StockMovement,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/** The root of the tools' movements by hand: a move or a restore asks for them again. */
export const toolStockQueryKey = ['manageTools', 'stock'] as const;

/** A tool's movements by hand, under Manage Tools' stock. */
export const stockMovementsQueryKey = (toolId: string) =>
  [...toolStockQueryKey, 'movements', toolId] as const;

/** GET /api/manageTools/{id}/stock (bearer, admins): the tool's movements, newest first. */
function getStockMovements(toolId: string, signal?: AbortSignal): Promise<StockMovement[]> {
  return api.get<StockMovement[]>(apiPaths.toolStockMovements(toolId), signal);
}

export function useStockMovements(toolId: string) {
  return useQuery(
    queryOptions({
      queryKey: stockMovementsQueryKey(toolId),
      queryFn: ({ signal }) => getStockMovements(toolId, signal),
      refetchOnMount: 'always',
    }),
  );
}

/**
 * POST /api/manageTools/{id}/stock (bearer, admins): units in (or out, negative) with a reason;
 * 400 in words for a removal larger than the stock.
 */
export function adjustStock({
  id,
  ...adjustment
}: { id: string } & StockAdjustmentInput): Promise<StockAdjusted> {
  return api.post<StockAdjusted>(apiPaths.toolStockMovements(id), adjustment);
}

/** Moves a tool's stock; the catalog, the stock column and the movements are asked for again. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
        queryClient.invalidateQueries({ queryKey: toolStockQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { StockReturnedOptions } from '../../../lib/stock-returned';
import { managedOrdersQueryKey } from './get-managed-orders';
import { ordersQueryKey } from './get-orders';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/**
 * DELETE /api/deleteOrder/{id} (bearer): the customer removes their own unpaid order (409 once
 * paid); an admin may remove any order. An unpaid order's reserved quantity goes back on sale.
 */
export function deleteOrder(id: string): Promise<DeletedCount> {
  return api.delete<DeletedCount>(apiPaths.deleteOrder(id));
}

/** My Orders' Remove; the list is asked for again whatever the answer (it may have changed meanwhile). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

/**
 * Manage Orders' Remove. Whatever the answer, the orders are asked for again, and so is what the
 * returned stock changes (features never import each other: the catalog's refresh is handed in).
 */
export function useDeleteManagedOrder({ onStockReturned }: StockReturnedOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
        onStockReturned(),
      ]),
  });
}

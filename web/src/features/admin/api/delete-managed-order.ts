import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { catalogQueryKey } from './get-catalog-tools';
import { managedOrdersQueryKey } from './get-managed-orders';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/**
 * DELETE /api/deleteOrder/{id} (bearer): an admin may remove any order; an unpaid one's reserved
 * quantity goes back on sale. The orders feature has its own fetcher for the customer's Remove:
 * features never import each other.
 */
function deleteManagedOrder(id: string): Promise<DeletedCount> {
  return api.delete<DeletedCount>(apiPaths.deleteOrder(id));
}

/**
 * Removes an order. Both lists are asked for again whatever the answer: the orders, and the
 * catalog, whose available quantities grew by the returned stock.
 */
export function useDeleteManagedOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManagedOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/** DELETE /api/deleteOrder/{id} (bearer): removes an unpaid order and returns its stock (409 once paid). */
export function deleteOrder(id: string): Promise<DeletedCount> {
  return api.delete<DeletedCount>(apiPaths.deleteOrder(id));
}

/** Removes an order; the list is asked for again whatever the answer (it may have changed meanwhile). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

import type { QueryClient } from '@tanstack/react-query';
import type { ManagedCheckout, ManagedOrder, ManagedOrderDetail } from '@tools-factory/contract';
import { managedOrderQueryKey } from './get-managed-order';
import { managedOrdersQueryKey } from './get-managed-orders';
import { managedCheckoutQueryKey } from './shipments';

/**
 * Shows an order as an admin call answered it (a cancel, a refund) at once, wherever it is
 * cached: Manage Orders' list, the order's page and its checkout's page. The callers still ask
 * for them again afterwards: other admins may have changed them, and a page's other parts (its
 * timeline, its checkout's status) follow from the server only.
 */
export function showAnsweredOrder(queryClient: QueryClient, answered: ManagedOrder): void {
  const replace = (order: ManagedOrder) => (order._id === answered._id ? answered : order);
  queryClient.setQueryData<ManagedOrder[]>(managedOrdersQueryKey, (orders) => orders?.map(replace));
  queryClient.setQueryData<ManagedOrderDetail>(managedOrderQueryKey(answered._id), (detail) =>
    detail ? { ...detail, ...answered } : detail,
  );
  queryClient.setQueryData<ManagedCheckout>(
    managedCheckoutQueryKey(answered.checkoutId),
    (checkout) => (checkout ? { ...checkout, lines: checkout.lines.map(replace) } : checkout),
  );
}

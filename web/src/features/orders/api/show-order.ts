import type { QueryClient } from '@tanstack/react-query';
import type { MyCheckoutsPage, Order } from '@tools-factory/contract';
import { checkoutsPagesQueryKey } from './get-checkouts-page';
import { ordersQueryKey } from './get-orders';

/**
 * Shows `order` as it now stands wherever the customer's orders are held (GET /orders' lists and
 * My Orders' pages of checkouts, issue 43: each shape its own), then asks the server for them
 * again: a payment shows in My Orders at once.
 */
export function showOrderAsItStands(queryClient: QueryClient, order: Order): void {
  const replace = (line: Order) => (line._id === order._id ? order : line);
  queryClient.setQueriesData<MyCheckoutsPage>({ queryKey: checkoutsPagesQueryKey }, (page) =>
    page
      ? {
          ...page,
          checkouts: page.checkouts.map((checkout) => ({
            ...checkout,
            lines: checkout.lines.map(replace),
          })),
        }
      : page,
  );
  queryClient.setQueriesData<Order[]>(
    { queryKey: ordersQueryKey, predicate: (query) => Array.isArray(query.state.data) },
    (orders) => orders?.map(replace),
  );
  void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
}

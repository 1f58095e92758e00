import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Checkout } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './get-orders';

/** GET /api/checkouts (bearer): the signed-in customer's checkouts with their lines, newest first. */
function getCheckouts(signal?: AbortSignal): Promise<Checkout[]> {
  return api.get<Checkout[]>(apiPaths.checkouts, signal);
}

// Under the orders' key: a payment or a removal, which asks for the orders again, asks for these too.
const checkoutsQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'checkouts'],
    queryFn: ({ signal }) => getCheckouts(signal),
  });

/**
 * The customer's checkouts, for what their orders do not say (issue 42: each checkout's shipping),
 * asked for only when `enabled` (a customer with orders: admins do not buy, and are refused).
 * My Orders shows without them while they load or if they fail.
 */
export function useCheckouts(enabled: boolean) {
  return useQuery({ ...checkoutsQueryOptions(), enabled });
}

import type { ManagedOrder } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import { jsonArrayOfPages } from '../../json-array-stream.ts';
import { everyCheckoutOfOrders } from './orders-csv.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** Orders read from the database at a time for GET /manageOrders's stream. */
export const ALL_ORDERS_PAGE_SIZE = 500;

/**
 * The JSON text of every order (`[`, each order's object, `]`), newest first and checkout by
 * checkout, a page of orders at a time: the array GET /manageOrders answered when it built it in
 * memory, in bounded memory however many orders there are.
 */
export function everyManagedOrderJson(
  db: Executor,
  pageSize: number,
  managedOrderDto: (row: OrderRow) => ManagedOrder,
): AsyncGenerator<string> {
  return jsonArrayOfPages(orderTexts());

  async function* orderTexts(): AsyncGenerator<string[]> {
    for await (const checkouts of everyCheckoutOfOrders(db, pageSize)) {
      yield checkouts.flat().map((line) => JSON.stringify(managedOrderDto(line)));
    }
  }
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cursorTime } from '../../db/keyset-cursor.ts';
import type { OrderRow } from './orders.repository.ts';
import { inBuyersOrder } from './orders-of-checkouts.repository.ts';
import { isLiveOrder } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';

/**
 * Where a page of the CSV export stopped: its last order's date (to the microsecond), checkout
 * and id.
 */
export type CheckoutOrdersPageCursor = { createdAt: string; checkoutId: string; id: string };

/**
 * One page of every order (an owner removed since included), newest first and checkout by
 * checkout, after `cursor` (the last order of the page before; none for the first page): keyset
 * paging, so each page is one short query however many orders there are. A checkout's lines are
 * placed in one transaction and so share their date; ordering by the checkout after the date keeps
 * them together even when two checkouts share it to the microsecond (ordered by date and id alone,
 * their lines could interleave). A page may still end inside a checkout:
 * its other lines start the next page. The cursor's date is PostgreSQL's own text of the
 * timestamp, exact to the microsecond (a JavaScript Date would drop the microseconds and skip
 * orders placed in the same millisecond).
 */
export async function selectOrdersPageByCheckout(
  executor: Executor,
  cursor: CheckoutOrdersPageCursor | undefined,
  limit: number,
  of: OrdersOf = {},
): Promise<{
  rows: OrderRow[];
  next: CheckoutOrdersPageCursor | undefined;
}> {
  const page = await ordersPageByCheckoutQuery(executor, cursor, limit, of);
  const last = page.at(-1);
  return {
    rows: page.map(({ order }) => order),
    next:
      last && page.length === limit
        ? { createdAt: last.cursorDate, checkoutId: last.order.checkoutId, id: last.order.id }
        : undefined,
  };
}

/** Whose orders: every account's, or one account's (GET /checkouts). */
export type OrdersOf = { userId?: string };

/**
 * selectOrdersPageByCheckout's statement: it reads orders_created_at_checkout_id_id_idx backwards
 * from the cursor (issue 43), never a sort of the table; one account's orders off
 * orders_user_id_created_at_checkout_id_idx. Apart, so that a test reads its plan.
 */
export function ordersPageByCheckoutQuery(
  executor: Executor,
  cursor: CheckoutOrdersPageCursor | undefined,
  limit: number,
  of: OrdersOf = {},
) {
  return executor
    .select({
      order: orders,
      cursorDate: cursorTime(orders.createdAt),
    })
    .from(orders)
    .where(
      and(
        // Removed and expired orders are not exported (issue 44): the spec's list leaves them out.
        isLiveOrder(),
        of.userId === undefined ? undefined : eq(orders.userId, of.userId),
        cursor
          ? sql`(${orders.createdAt}, ${orders.checkoutId}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.checkoutId}::uuid, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.checkoutId), desc(orders.id))
    .limit(limit);
}

/**
 * Every order, newest first, checkout by checkout, read `pageSize` orders at a time as the
 * caller asks for more: each item is a page's whole checkouts, each checkout's lines in the
 * buyer's order. A page may end inside a checkout: its lines are held until another checkout's
 * first line (or the end) shows it is whole. What the exports and GET /manageOrders stream, and
 * (`of` one account) GET /checkouts.
 */
export async function* everyCheckoutOfOrders(
  executor: Executor,
  pageSize: number,
  of: OrdersOf = {},
): AsyncGenerator<OrderRow[][]> {
  let cursor: CheckoutOrdersPageCursor | undefined;
  let held: OrderRow[] = [];
  do {
    const page = await selectOrdersPageByCheckout(executor, cursor, pageSize, of);
    cursor = page.next;
    const whole: OrderRow[][] = [];
    for (const row of page.rows) {
      if (held[0] && held[0].checkoutId !== row.checkoutId) {
        whole.push(held.sort(inBuyersOrder));
        held = [];
      }
      held.push(row);
    }
    if (!cursor && held.length > 0) {
      whole.push(held.sort(inBuyersOrder));
      held = [];
    }
    if (whole.length > 0) yield whole;
  } while (cursor);
}

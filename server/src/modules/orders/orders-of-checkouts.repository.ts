import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { keysetPage, type KeysetCursor } from '../../db/keyset-cursor.ts';
import { checkoutsPageQuery } from './orders-admin.repository.ts';
import { isLiveOrder } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';
import { extendHolds, type OrderRow } from './orders.repository.ts';

/**
 * A checkout's lines in the buyer's order (their line numbers, issue 42: the cart's order), then
 * as they were placed: the order its invoice, e-mails and pages list them in.
 */
export function inBuyersOrder(a: OrderRow, b: OrderRow): number {
  return (
    a.lineNumber - b.lineNumber ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.toolId.localeCompare(b.toolId)
  );
}

/**
 * The lines of a checkout (its orders, docs/architecture.md#business-buyers) for paying it as one,
 * in the buyer's order (inBuyersOrder); not those removed or expired (issue 44: they read as
 * gone, as when they were deleted).
 */
export function selectCheckoutLines(executor: Executor, checkoutId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), isLiveOrder()))
    .orderBy(asc(orders.lineNumber), asc(orders.createdAt), asc(orders.toolId));
}

/**
 * The lines of a checkout, each locked until `tx` ends (the expiry sweep skips them, a removal
 * waits): what the payment decides on stays true. Locked in id order, as every transaction that
 * locks several orders does, so two of them never wait for each other; answered in the buyer's
 * order.
 */
export async function selectCheckoutLinesForUpdate(
  tx: Transaction,
  checkoutId: string,
): Promise<OrderRow[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), isLiveOrder()))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.sort(inBuyersOrder);
}

/**
 * extendHolds (orders.repository.ts) for every unpaid line of a checkout at once, on the same
 * terms: each line's hold is extended once, never past its ceiling. Resolves to how many lines
 * were unpaid.
 */
export async function extendCheckoutHolds(
  executor: Executor,
  checkoutId: string,
  until: Date,
  ceiling: { afterPlacingMs: number },
): Promise<number> {
  return (await extendHolds(executor, eq(orders.checkoutId, checkoutId), until, ceiling)).length;
}

/** A page of an account's checkouts (My Orders, issue 43): their lines, and where the page ended. */
export type CheckoutsPageOfUser = {
  /** The page's checkouts, newest first (the keyset's order). */
  checkoutIds: string[];
  /** Every line of those checkouts, each checkout's in the buyer's order. */
  rows: OrderRow[];
  /** How many checkouts the account has, on every page. */
  total: number;
  /** Where the next page starts; undefined on the last. */
  next: KeysetCursor | undefined;
};

/**
 * The account's checkouts of a page, newest first, and the one after them (keysetPage): one row
 * per checkout read backwards off orders_user_id_created_at_checkout_id_idx from `after` (a
 * checkout's lines share their time: one transaction), so page 250 of a long history costs what
 * page 1 costs. Apart, so that a test reads its plan.
 */
export function checkoutsPageOfUserQuery(
  executor: Executor,
  userId: string,
  page: { limit: number; after?: KeysetCursor | undefined },
) {
  // Manage Orders' page of checkouts, narrowed to the account (the index's first column).
  return checkoutsPageQuery(executor, and(eq(orders.userId, userId), isLiveOrder()), {
    ...page,
    offset: 0,
  });
}

/**
 * One page of the account's checkouts (GET /checkouts/page): the page's checkouts off the index,
 * then their lines (the account's own: a line is its checkout's buyer's), and the count.
 */
export async function selectCheckoutsPageOfUser(
  executor: Executor,
  userId: string,
  page: { limit: number; after?: KeysetCursor | undefined },
): Promise<CheckoutsPageOfUser> {
  const [found, [counted]] = await Promise.all([
    checkoutsPageOfUserQuery(executor, userId, page),
    executor
      .select({ total: sql<number>`count(distinct ${orders.checkoutId})::int` })
      .from(orders)
      .where(and(eq(orders.userId, userId), isLiveOrder())),
  ]);
  const shown = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.checkoutId,
  }));
  const checkoutIds = shown.rows.map((row) => row.checkoutId);
  const rows =
    checkoutIds.length === 0
      ? []
      : await executor
          .select()
          .from(orders)
          .where(
            and(eq(orders.userId, userId), inArray(orders.checkoutId, checkoutIds), isLiveOrder()),
          )
          .orderBy(asc(orders.lineNumber), asc(orders.createdAt), asc(orders.toolId));
  return { checkoutIds, rows, total: counted?.total ?? 0, next: shown.next };
}

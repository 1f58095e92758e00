import { HELD_STATUSES } from '@tools-factory/contract';
import { and, asc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { keysetPage, keysetPageLimit } from '../../db/keyset-cursor.ts';
import { statusIsOneOf } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';
import type { OrderRow } from './orders.repository.ts';

/*
 * Stock holds a page at a time (issue 43, docs/decisions/055): the accounts holding unpaid
 * orders by the value they hold, the largest first (as GET /manageHolds), then by account id,
 * each page starting after the account the page before ended on. The held orders are the live
 * ones only (the expiry sweep removes them within ORDER_HOLD_HOURS), read off the partial
 * index of unpaid orders by account, never the year of orders around them. The condition the
 * partial index answers is a literal, so that a generic plan still proves it.
 */

/** Where a page of held accounts ended: the value its last account holds and its id. */
export type HeldAccountsCursor = { totalCents: number; userId: string };

const held = and(statusIsOneOf(HELD_STATUSES), isNotNull(orders.userId));
const heldCents = sql<string>`sum(${orders.unitPriceCents}::bigint * ${orders.quantity})`;
/** Account ids compared byte by byte, whatever the database's collation (as the web compares them). */
const userIdInOrder = sql`${orders.userId} collate "C"`;

/**
 * The accounts of a page, with what each holds (cents), and the account after them
 * (keysetPage). Apart, so that a test reads its plan.
 */
export function heldAccountsPageQuery(
  executor: Executor,
  page: { limit: number; after?: HeldAccountsCursor | undefined },
) {
  const { after } = page;
  return executor
    .select({ userId: sql<string>`${orders.userId}`, totalCents: heldCents })
    .from(orders)
    .where(held)
    .groupBy(orders.userId)
    .having(
      after
        ? sql`${heldCents} < ${after.totalCents} or (${heldCents} = ${after.totalCents} and ${userIdInOrder} > ${after.userId})`
        : undefined,
    )
    .orderBy(sql`${heldCents} desc`, sql`${userIdInOrder} asc`)
    .limit(keysetPageLimit(page.limit));
}

/** How many accounts hold unpaid orders. Apart, so that a test reads its plan. */
export function heldAccountsCountQuery(executor: Executor) {
  return executor
    .select({ total: sql<number>`count(distinct ${orders.userId})::int` })
    .from(orders)
    .where(held);
}

/** A page of held accounts: their ids in the page's order, and where the next page starts. */
export async function selectHeldAccountsPage(
  executor: Executor,
  page: { limit: number; after?: HeldAccountsCursor | undefined },
): Promise<{ userIds: string[]; total: number; next: HeldAccountsCursor | undefined }> {
  const [found, [counted]] = await Promise.all([
    heldAccountsPageQuery(executor, page),
    heldAccountsCountQuery(executor),
  ]);
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    totalCents: Number(last.totalCents),
    userId: last.userId,
  }));
  return { userIds: rows.map((row) => row.userId), total: counted?.total ?? 0, next };
}

/** The unpaid orders of those accounts, oldest first (as GET /manageHolds lists each's). */
export function selectHeldOrdersOf(
  executor: Executor,
  userIds: readonly string[],
): Promise<OrderRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(orders)
    .where(and(held, inArray(orders.userId, [...userIds])))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

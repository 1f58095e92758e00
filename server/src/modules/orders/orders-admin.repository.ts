import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  MANAGED_ORDERS_COUNT_CAP,
  ORDER_STATUSES,
  type OrderStatus,
} from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from './orders.repository.ts';
import { isLiveOrder } from './order-status-conditions.ts';
import { orders, shownStatusSql } from './orders.table.ts';
import { cappedCount, cappedCountLimit, type CappedCount } from '../../db/capped-count.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';

export type OrderSearch = {
  /** Whose orders (Company Orders: a company's, issue 44); every order without it. */
  scope?: SQL | undefined;
  status?: OrderStatus | undefined;
  /**
   * Words to find in the reference, the customer's e-mail, the tool's name or SKU, the checkout's
   * reference or the buyer's PO number.
   */
  q?: string | undefined;
  limit: number;
  /** Checkouts to skip (`page`): used only without `after`. */
  offset: number;
  /** Where the page before ended (its `next`): the keyset this page starts after. */
  after?: KeysetCursor | undefined;
  /** How many matching orders are counted at most: MANAGED_ORDERS_COUNT_CAP, unless a test says. */
  countCap?: number;
};

/**
 * Whether `q` reads as (the start of) a reference: 'TF-3F2A' or '3f2a9c1b'. Its hex digits are
 * then matched against the start of the order's id, which the reference is made of
 * (orderReference: the first eight hex digits).
 */
function referencePrefix(q: string): string | undefined {
  const digits = q.replace(/^tf-?/i, '').toLowerCase();
  return /^[0-9a-f]{1,8}$/.test(digits) ? digits : undefined;
}

/**
 * Whether `q` reads as (the start of) a checkout's reference: 'CO-3F2A' (checkoutReference: 'CO-'
 * and the first eight hex digits of its id). The 'CO-' is needed: bare digits are an order's.
 */
function checkoutReferencePrefix(q: string): string | undefined {
  const digits = /^co-?([0-9a-f]{1,8})$/i.exec(q)?.[1];
  return digits?.toLowerCase();
}

/**
 * A status as an SQL literal, not a parameter. A statement is prepared, and from its sixth run
 * PostgreSQL may plan it once for any status (a generic plan): that plan cannot know which range
 * of orders_shown_status_created_at_checkout_id_idx the status is, and read every order (PGlite,
 * 100,000 orders: a search of the paid ones took 80 ms from its seventh run, 21-30 ms before; 16
 * pages a second at 20 connections). Only the contract's statuses reach here; anything else
 * throws rather than be written into SQL.
 */
function statusLiteral(status: OrderStatus): SQL {
  const known = ORDER_STATUSES.find((candidate) => candidate === status);
  if (!known) throw new Error(`not an order status: ${JSON.stringify(status)}`);
  return sql.raw(`'${known}'`);
}

/**
 * A company's orders (issue 44), and only one buyer's of them when `buyerId` is given: one range
 * of orders_company_id_created_at_checkout_id_idx.
 */
export function ordersOfCompany(companyId: string, buyerId?: string): SQL {
  const ofCompany = eq(orders.companyId, companyId);
  return buyerId === undefined
    ? ofCompany
    : (and(ofCompany, eq(orders.userId, buyerId)) ?? ofCompany);
}

/**
 * What a search asks of the orders; exported for the plan tests (db/indexes.test.ts). Without a
 * status, the orders that have not ended; the removed or the expired ones only when that status
 * is asked for (issue 44).
 */
export function searchCondition(search: Pick<OrderSearch, 'scope' | 'status' | 'q'>): SQL {
  const conditions: SQL[] = search.scope ? [search.scope] : [];
  // One range of orders_shown_status_created_at_checkout_id_idx (issue 43): a cancelled order
  // whose money went back is found under refunded, not under cancelled (issue 42).
  if (search.status) {
    conditions.push(
      sql`${shownStatusSql(orders.status, orders.refundedCents)} = ${statusLiteral(search.status)}`,
    );
  } else {
    conditions.push(isLiveOrder());
  }
  const q = search.q?.trim();
  if (q) {
    const words = containsPattern(q);
    // Issue 26: the SKU the order was placed with and its checkout's PO number too.
    const matches: SQL[] = [
      ilike(orders.email, words),
      ilike(orders.toolName, words),
      ilike(orders.toolSku, words),
      ilike(orders.poNumber, words),
    ];
    const prefix = referencePrefix(q);
    if (prefix) {
      matches.push(sql`replace(${orders.id}::text, '-', '') like ${`${prefix}%`}`);
    }
    const checkoutPrefix = checkoutReferencePrefix(q);
    if (checkoutPrefix) {
      matches.push(sql`replace(${orders.checkoutId}::text, '-', '') like ${`${checkoutPrefix}%`}`);
    }
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  return and(...conditions) ?? isLiveOrder();
}

/**
 * One page of the checkouts whose orders match (issue 42: Manage Orders shows a checkout as one
 * entry), newest first, with their matching orders, and how many checkouts and orders match (up
 * to MANAGED_ORDERS_COUNT_CAP orders, issue 43). Three short queries: the page's checkouts, their
 * matching orders, the counts (a page past the last still knows them). The page walks
 * orders_created_at_checkout_id_id_idx from `after` (a checkout's lines share their time: they are
 * placed in one transaction), so a page deep in a million orders costs what the first costs; the
 * orders come checkout by checkout, each checkout's in the order its lines were placed.
 */
export async function searchOrders(
  executor: Executor,
  search: OrderSearch,
): Promise<{
  rows: OrderRow[];
  total: number;
  checkouts: number;
  capped: boolean;
  next: KeysetCursor | undefined;
}> {
  const where = searchCondition(search);
  const [page, counted] = await Promise.all([
    checkoutsPageQuery(executor, where, search),
    countMatches(executor, where, search.countCap ?? MANAGED_ORDERS_COUNT_CAP),
  ]);
  const shown = keysetPage(page, search.limit, (last) => ({
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
          .where(and(inArray(orders.checkoutId, checkoutIds), where))
          .orderBy(asc(orders.lineNumber), asc(orders.createdAt), asc(orders.toolId));
  const position = new Map(checkoutIds.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.checkoutId)! - position.get(b.checkoutId)!);
  return { rows, ...counted, next: shown.next };
}

/**
 * The page's checkouts, newest first, and the one after them (keysetPage): one row per checkout
 * read off the index backwards from `after` (or past `offset` checkouts without it). Apart, so
 * that a test reads its plan.
 */
export function checkoutsPageQuery(
  executor: Executor,
  where: SQL | undefined,
  search: Pick<OrderSearch, 'limit' | 'offset' | 'after'>,
) {
  const { after } = search;
  const query = executor
    .selectDistinctOn([orders.createdAt, orders.checkoutId], {
      checkoutId: orders.checkoutId,
      cursorDate: cursorTime(orders.createdAt),
    })
    .from(orders)
    .where(
      and(
        where,
        after ? pastCursor(orders.createdAt, orders.checkoutId, '<', after, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.checkoutId))
    .limit(keysetPageLimit(search.limit));
  return after ? query : query.offset(search.offset);
}

/**
 * The count of the orders and checkouts that match, cappedCountLimit(cap) orders at most (so
 * that more than `cap` shows). Apart, so that a test reads its plan.
 */
export function matchesCountQuery(executor: Executor, where: SQL | undefined, cap: number) {
  const matching = executor
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(where)
    .limit(cappedCountLimit(cap))
    .as('matching');
  return executor
    .select({
      orders: sql<number>`count(*)::int`,
      checkouts: sql<number>`count(distinct ${matching.checkoutId})::int`,
    })
    .from(matching);
}

/**
 * How many orders and checkouts match, counting `cap` orders at most (the checkouts are those of
 * the orders counted).
 */
async function countMatches(
  executor: Executor,
  where: SQL | undefined,
  cap: number,
): Promise<CappedCount & { checkouts: number }> {
  const [counted] = await matchesCountQuery(executor, where, cap);
  return { ...cappedCount(counted?.orders ?? 0, cap), checkouts: counted?.checkouts ?? 0 };
}

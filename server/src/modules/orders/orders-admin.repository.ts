import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from './orders.repository.ts';
import { orders } from './orders.table.ts';

export type OrderSearch = {
  status?: OrderStatus | undefined;
  /**
   * Words to find in the reference, the customer's e-mail, the tool's name or SKU, the checkout's
   * reference or the buyer's PO number.
   */
  q?: string | undefined;
  limit: number;
  offset: number;
};

/** `text` as a LIKE pattern's literal part: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

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

function searchCondition(search: Pick<OrderSearch, 'status' | 'q'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.status) conditions.push(eq(orders.status, search.status));
  const q = search.q?.trim();
  if (q) {
    const words = `%${likeLiteral(q)}%`;
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
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of the orders that match, newest first, and how many match in all (two short queries: a page past the last still knows the count).
 */
export async function searchOrders(
  executor: Executor,
  search: OrderSearch,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = searchCondition(search);
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(search.limit)
      .offset(search.offset),
    executor
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: counted?.count ?? 0 };
}

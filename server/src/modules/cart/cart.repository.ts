import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { cartLines } from './cart.table.ts';

/** What the checkout and the cart's reads need of a line: the rest is read again from the tool. */
export interface CartLineRow {
  toolId: string;
  quantity: number;
  /** The unit price the buyer was shown when the line was added or its quantity last set. */
  unitPriceCents: number;
  /**
   * Where the line stands in the cart page's order (oldest added first, the buyer's order),
   * from 1. Ranked by the database: by when it was added, then by the order lines were added in
   * (`added_order`), since lines added by one statement, or in one millisecond of PGlite's clock,
   * share their time (a JavaScript Date would lose even PostgreSQL's microseconds).
   */
  placeInCart: number;
}

/** A line as a write sets it: when it was added is the database's to say (and stays). */
export type CartLineWrite = Omit<CartLineRow, 'placeInCart'>;

/** The first key of the advisory locks that serialise one account's cart writes. */
const CART_WRITES_LOCK = 724_611;

const lineColumns = {
  toolId: cartLines.toolId,
  quantity: cartLines.quantity,
  unitPriceCents: cartLines.unitPriceCents,
  placeInCart: sql<number>`(row_number() over (order by ${cartLines.addedAt}, ${cartLines.addedOrder}))::int`,
};

/**
 * A user's cart lines ordered by tool id: the checkout locks the tools in this order, the same
 * order every other multi-tool writer takes, so two checkouts never wait on each other in a ring.
 */
export function selectCartLines(executor: Executor, userId: string): Promise<CartLineRow[]> {
  return executor
    .select(lineColumns)
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.toolId));
}

/** A user's cart lines as the cart page lists them: the oldest added first. */
export function selectCartLinesOldestFirst(
  executor: Executor,
  userId: string,
): Promise<CartLineRow[]> {
  return executor
    .select(lineColumns)
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.addedOrder));
}

/**
 * selectCartLines for a checkout, in the checkout's transaction: takes the cart's write lock
 * (lockCartWrites) first and holds it to the end, so that no line is set, added or removed
 * between the checkout reading the cart and emptying it (such a write waits, then finds the cart
 * empty). Outside a transaction the lock would end with the statement: always pass one.
 */
export async function selectCartLinesForCheckout(
  tx: Executor,
  userId: string,
): Promise<CartLineRow[]> {
  await takeCartLock(tx, userId);
  return selectCartLines(tx, userId);
}

/** Empties a user's cart (after a checkout took its lines, or when the buyer asks). */
export async function clearCart(executor: Executor, userId: string): Promise<void> {
  await executor.delete(cartLines).where(eq(cartLines.userId, userId));
}

/**
 * Takes a lock, held until the transaction ends, that every write of that user's cart takes
 * first: two devices adding at once each read what the other left, so a sum of quantities and
 * the count of lines against MAX_CART_LINES are checked one write after the other.
 */
export function lockCartWrites(tx: Transaction, userId: string): Promise<void> {
  return takeCartLock(tx, userId);
}

/** The cart's lock, held until the transaction `executor` runs in ends. */
async function takeCartLock(executor: Executor, userId: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${CART_WRITES_LOCK}, hashtext(${userId}))`,
  );
}

/**
 * Sets lines of a user's cart: adds each tool not there yet, replaces the quantity and the unit
 * price shown of each tool that is (its place in the cart, when it was added, stays).
 */
export async function upsertCartLines(
  executor: Executor,
  userId: string,
  lines: readonly CartLineWrite[],
): Promise<void> {
  if (lines.length === 0) return;
  await executor
    .insert(cartLines)
    .values(lines.map((line) => ({ userId, ...line })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: {
        quantity: sql`excluded.quantity`,
        unitPriceCents: sql`excluded.unit_price_cents`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteCartLine(
  executor: Executor,
  userId: string,
  toolId: string,
): Promise<void> {
  await executor
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
}

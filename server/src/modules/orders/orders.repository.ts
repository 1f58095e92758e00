import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
// Stock is a column of the tool, and reserving it must share the order's transaction: these
// statements touch `tools` directly. The tools module has no stock calls that take a transaction;
// once it has, they belong there.
import { tools } from '../tools/tools.table.ts';
import { orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** What an order needs of its tool: identity, the snapshot fields, price and the stock rule. */
export type OrderableTool = {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  minOrderQuantity: number;
  availableQuantity: number;
};

const orderableToolColumns = {
  id: tools.id,
  name: tools.name,
  image: tools.image,
  priceCents: tools.priceCents,
  minOrderQuantity: tools.minOrderQuantity,
  availableQuantity: tools.availableQuantity,
};

/** How a client names the tool it orders: by id, or by its exact name in any case. */
export type ToolReference = { id: string } | { name: string };

function isTool(reference: ToolReference) {
  return 'id' in reference
    ? eq(tools.id, reference.id)
    : sql`lower(${tools.name}) = lower(${reference.name})`;
}

/** A tool on sale (not archived), by id or by exact name in any case. */
export async function selectLiveTool(
  executor: Executor,
  reference: ToolReference,
): Promise<OrderableTool | undefined> {
  const [row] = await executor
    .select(orderableToolColumns)
    .from(tools)
    .where(and(isTool(reference), isNull(tools.archivedAt)));
  return row;
}

/**
 * Takes `quantity` out of the tool's stock in one conditional UPDATE: only while the tool is on
 * sale, at the price the customer saw (when given), and the quantity is strictly between its
 * minimum and what is available at this very moment. The row lock makes concurrent reservations
 * queue, and each one re-checks the condition against the stock the previous one left: no
 * oversell. Resolves to the tool as it is after the reservation, or undefined when nothing was
 * reserved (the caller looks up why only then, keeping the common path to one statement).
 */
export async function reserveStock(
  tx: Transaction,
  request: { tool: ToolReference; quantity: number; priceCents: number | undefined },
): Promise<OrderableTool | undefined> {
  const { tool, quantity, priceCents } = request;
  const [row] = await tx
    .update(tools)
    .set({
      availableQuantity: sql`${tools.availableQuantity} - ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        isTool(tool),
        isNull(tools.archivedAt),
        priceCents === undefined ? undefined : eq(tools.priceCents, priceCents),
        lt(tools.minOrderQuantity, quantity),
        gt(tools.availableQuantity, quantity),
      ),
    )
    .returning(orderableToolColumns);
  return row;
}

/** Puts `quantity` back into the tool's stock (archived tools too: their count stays right). */
export async function returnStock(
  tx: Transaction,
  toolId: string,
  quantity: number,
): Promise<void> {
  await tx
    .update(tools)
    .set({
      availableQuantity: sql`${tools.availableQuantity} + ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(eq(tools.id, toolId));
}

export async function insertOrder(executor: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await executor.insert(orders).values(values).returning();
  if (!row) throw new Error('insert into orders returned no row');
  return row;
}

/** A user's orders, newest first. */
export function selectOrdersOfUser(executor: Executor, userId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * An order, locked until the transaction ends: a payment, the expiry sweep or another removal of
 * the same order waits (the sweep skips it), so the decision taken on it stays true.
 */
export async function selectOrderByIdForUpdate(
  tx: Transaction,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function deleteOrderById(tx: Transaction, id: string): Promise<number> {
  const deleted = await tx.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` unpaid orders created before `cutoff`, skipping any that another
 * transaction holds (a payment under way, another instance's sweep): two sweeps at once never
 * take the same order. Resolves to the deleted orders' tools and quantities.
 */
export function deleteUnpaidOrdersCreatedBefore(
  tx: Transaction,
  cutoff: Date,
  limit: number,
): Promise<{ toolId: string; quantity: number }[]> {
  const expired = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .delete(orders)
    .where(inArray(orders.id, expired))
    .returning({ toolId: orders.toolId, quantity: orders.quantity });
}

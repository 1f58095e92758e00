import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { tools } from './tools.table.ts';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

/** The tools on sale (not archived), oldest first, as the catalog lists them. */
export function selectLiveTools(executor: Executor): Promise<ToolRow[]> {
  return executor
    .select()
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.name));
}

export async function insertTool(executor: Executor, values: NewToolRow): Promise<ToolRow> {
  const [row] = await executor.insert(tools).values(values).returning();
  if (!row) throw new Error('insert into tools returned no row');
  return row;
}

/** Archives a live tool; resolves to the number of tools archived (0 or 1). */
export async function archiveToolById(executor: Executor, id: string): Promise<number> {
  const archived = await executor
    .update(tools)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning({ id: tools.id });
  return archived.length;
}

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

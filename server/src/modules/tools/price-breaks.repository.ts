import { and, asc, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { builtOnce } from '../../db/driver-adapter.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { toolPriceBreaks, tools } from './tools.table.ts';

// A tool's price breaks (volume pricing, docs/decisions/011-volume-pricing-and-quotes.md): read
// for the catalog and for orders, replaced whole by Manage Tools.

/** A price break as stored: from `minQuantity` units, `priceCents` each. */
export type PriceBreakRow = { minQuantity: number; priceCents: number };

/** The price breaks of every tool on sale, in one query, each tool's smallest quantity first. */
export function selectLivePriceBreaks(
  executor: Executor,
  toolIds?: readonly string[],
): Promise<(PriceBreakRow & { toolId: string })[]> {
  return executor
    .select({
      toolId: toolPriceBreaks.toolId,
      minQuantity: toolPriceBreaks.minQuantity,
      priceCents: toolPriceBreaks.priceCents,
    })
    .from(toolPriceBreaks)
    .innerJoin(tools, eq(tools.id, toolPriceBreaks.toolId))
    .where(
      and(
        isNull(tools.archivedAt),
        toolIds ? inArray(toolPriceBreaks.toolId, [...toolIds]) : undefined,
      ),
    )
    .orderBy(asc(toolPriceBreaks.toolId), asc(toolPriceBreaks.minQuantity));
}

const priceBreakColumns = {
  minQuantity: toolPriceBreaks.minQuantity,
  priceCents: toolPriceBreaks.priceCents,
};

/** One tool's price breaks, smallest quantity first (every order reads them: built once). */
export async function selectPriceBreaks(
  executor: Executor,
  toolId: string,
): Promise<PriceBreakRow[]> {
  const build = () =>
    executor
      .select(priceBreakColumns)
      .from(toolPriceBreaks)
      .where(eq(toolPriceBreaks.toolId, sql.placeholder('toolId')))
      .orderBy(asc(toolPriceBreaks.minQuantity));
  const rows = await priceBreakStatements.runMapped(
    executor,
    'one tool',
    build,
    { toolId },
    priceBreakColumns,
  );
  return rows as PriceBreakRow[];
}

const priceBreakStatements = builtOnce();

/** Replaces a tool's whole set of price breaks (none left when `breaks` is empty). */
export async function replacePriceBreaks(
  tx: Transaction,
  toolId: string,
  breaks: readonly PriceBreakRow[],
): Promise<void> {
  await tx.delete(toolPriceBreaks).where(eq(toolPriceBreaks.toolId, toolId));
  if (breaks.length === 0) return;
  await tx.insert(toolPriceBreaks).values(breaks.map((priceBreak) => ({ toolId, ...priceBreak })));
}

/**
 * The unit price, in cents, of `quantity` units of the tool of the statement's `tools` row: the
 * largest price break the quantity reaches, else the list price (reachedPriceBreak's rule).
 * orders.price-breaks.test.ts holds the two to the same prices. The reservations of
 * tool-stock.repository.ts read it in the UPDATE that locks the tool's row.
 */
export function unitPriceCentsOf(quantity: Placeholder) {
  return sql<number>`coalesce((
    select ${toolPriceBreaks.priceCents} from ${toolPriceBreaks}
    where ${toolPriceBreaks.toolId} = ${tools.id}
      and ${toolPriceBreaks.minQuantity} <= ${quantity}::int
    order by ${toolPriceBreaks.minQuantity} desc limit 1
  ), ${tools.priceCents})`.mapWith(Number);
}

/** The price breaks of several tools at once, smallest quantity first within each tool. */
export async function selectPriceBreaksOfTools(
  executor: Executor,
  toolIds: readonly string[],
): Promise<Map<string, PriceBreakRow[]>> {
  const byTool = new Map<string, PriceBreakRow[]>();
  if (toolIds.length === 0) return byTool;
  const rows = await executor
    .select({
      toolId: toolPriceBreaks.toolId,
      minQuantity: toolPriceBreaks.minQuantity,
      priceCents: toolPriceBreaks.priceCents,
    })
    .from(toolPriceBreaks)
    .where(inArray(toolPriceBreaks.toolId, [...toolIds]))
    .orderBy(asc(toolPriceBreaks.toolId), asc(toolPriceBreaks.minQuantity));
  for (const { toolId, ...priceBreak } of rows) {
    const breaks = byTool.get(toolId) ?? [];
    breaks.push(priceBreak);
    byTool.set(toolId, breaks);
  }
  return byTool;
}

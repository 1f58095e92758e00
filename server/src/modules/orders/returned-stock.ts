import type { StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Transaction } from '../../db/client.ts';
import type { ToolsService } from '../tools/tools.service.ts';

/** A deleted unpaid order, as far as its stock goes. */
export type RemovedOrder = { toolId: string; quantity: number; madeToOrder: boolean };

/**
 * Gives back, in `tx`, the stock of unpaid orders just deleted: each tool once, with the sum of
 * its orders, tools in one fixed order (two transactions returning stock never wait on each
 * other in a cycle). A made-to-order order took no stock: it gives none back. Resolves to the
 * stock each tool has now (for the catalog) and the units returned.
 */
export async function returnStockOf(
  tx: Transaction,
  tools: Pick<ToolsService, 'returnStock'>,
  removed: readonly RemovedOrder[],
): Promise<{ changes: StockChange[]; returnedUnits: number }> {
  const byTool = new Map<string, number>();
  for (const { toolId, quantity } of removed.filter((order) => !order.madeToOrder)) {
    byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
  }
  const changes: StockChange[] = [];
  for (const toolId of [...byTool.keys()].sort()) {
    const change = await tools.returnStock(tx, toolId, byTool.get(toolId) ?? 0);
    if (change) changes.push(change);
  }
  return { changes, returnedUnits: [...byTool.values()].reduce((a, b) => a + b, 0) };
}

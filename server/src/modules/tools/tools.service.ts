import {
  centsToDollars,
  dollarsToCents,
  IdSchema,
  priceBreaksProblem,
  reachedPriceBreak,
  serverTexts,
  sortPriceBreaks,
  texts,
  type CreateTool,
  type CreateToolResponse,
  type PriceBreak,
  type Tool,
  type UpdatePriceBreaks,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import {
  archiveToolById,
  insertTool,
  lockLiveTool,
  replacePriceBreaks,
  reserveQuotedStock,
  reserveStock,
  returnStock,
  selectLivePriceBreaks,
  selectLiveTool,
  selectLiveTools,
  selectPriceBreaks,
  type OrderableTool,
  type PriceBreakRow,
  type ToolReference,
  type ToolRow,
} from './tools.repository.ts';

export type { OrderableTool, ToolReference } from './tools.repository.ts';

function toToolDto(row: ToolRow, breaks: readonly PriceBreakRow[]): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.image,
    price: centsToDollars(row.priceCents),
    desc: row.description,
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
    priceBreaks: breaks.map((priceBreak) => ({
      minQuantity: priceBreak.minQuantity,
      price: centsToDollars(priceBreak.priceCents),
    })),
  };
}

/** Breaks as stored, from breaks as the contract reads them (dollars), smallest quantity first. */
function toPriceBreakRows(breaks: readonly PriceBreak[]): PriceBreakRow[] {
  return sortPriceBreaks(breaks).map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    priceCents: dollarsToCents(priceBreak.price),
  }));
}

export type ToolsServiceOptions = {
  /** Catalog writes commit on their own; stock moves take the caller's transaction instead. */
  db: Database;
  /** Told after every committed catalog write, so GET /parts shows it at once. */
  catalog: CatalogChanged;
};

/** The catalog's tools: what is on sale, the admins' writes, and the stock orders move. */
export function createToolsService(options: ToolsServiceOptions) {
  const { db, catalog } = options;
  return {
    /** The tools on sale, as GET /parts shows them (the catalog snapshot reads them here). */
    async listCatalog(): Promise<Tool[]> {
      const rows = await selectLiveTools(db);
      const breaksByTool = new Map<string, PriceBreakRow[]>();
      for (const { toolId, ...priceBreak } of await selectLivePriceBreaks(db)) {
        const breaks = breaksByTool.get(toolId) ?? [];
        breaks.push(priceBreak);
        breaksByTool.set(toolId, breaks);
      }
      return rows.map((row) => toToolDto(row, breaksByTool.get(row.id) ?? []));
    },

    /**
     * POST /tool (Add Product): names are unique among tools on sale. The tool and its price
     * breaks (checked against it by CreateToolSchema) are written in one transaction. The new
     * tool is on sale, and in GET /parts, once this resolves.
     */
    async addTool(input: CreateTool): Promise<CreateToolResponse> {
      const breaks = toPriceBreakRows(input.priceBreaks);
      let row: ToolRow;
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await insertTool(tx, {
            name: input.name,
            description: input.desc,
            image: input.img,
            priceCents: dollarsToCents(input.price),
            minOrderQuantity: input.minOrderQuantity,
            availableQuantity: input.availableQuantity,
          });
          await replacePriceBreaks(tx, inserted.id, breaks);
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.adminErrors.toolNameTaken(input.name));
        throw error;
      }
      await catalog.invalidate();
      const tool = toToolDto(row, breaks);
      return { acknowledged: true, insertedId: tool._id, tool };
    },

    /**
     * PUT /tool/{id}/priceBreaks (Manage Tools): replaces the whole set of a tool on sale (an
     * empty list removes them all), checked against its list price and minimum as they are
     * now. The tool's row is locked first, so an order being placed on it is priced either
     * before the edit or after it, never from half of it. In GET /parts once this resolves.
     */
    async setPriceBreaks(id: string, input: UpdatePriceBreaks): Promise<Tool> {
      if (!IdSchema.safeParse(id).success) throw notFound(serverTexts.apiErrors.toolNotFound);
      const breaks = toPriceBreakRows(input.priceBreaks);
      const row = await db.transaction(async (tx) => {
        const locked = await lockLiveTool(tx, id.toLowerCase());
        if (!locked) throw notFound(serverTexts.apiErrors.toolNotFound);
        const problem = priceBreaksProblem(input.priceBreaks, {
          price: centsToDollars(locked.priceCents),
          minOrderQuantity: locked.minOrderQuantity,
        });
        if (problem) throw badRequest(problem);
        await replacePriceBreaks(tx, locked.id, breaks);
        return locked;
      });
      await catalog.invalidate();
      return toToolDto(row, breaks);
    },

    /**
     * DELETE /deleteTols/{id} (Manage Tools): archives the tool (its orders keep their snapshot).
     * The spec's `deletedCount`: 1 when a tool on sale was removed, 0 otherwise (malformed ids
     * too).
     */
    async removeTool(id: string): Promise<{ deletedCount: number }> {
      if (!IdSchema.safeParse(id).success) return { deletedCount: 0 };
      const archived = await archiveToolById(db, id);
      if (archived > 0) await catalog.invalidate();
      return { deletedCount: archived };
    },

    /** For the orders module: a tool on sale, by id or by exact name in any case. */
    findOrderable(tool: ToolReference): Promise<OrderableTool | undefined> {
      return selectLiveTool(db, tool);
    },

    /**
     * For the orders module, in the order's own transaction (the stock moves with the order):
     * takes the stock out in one conditional UPDATE (no oversell); undefined when nothing was
     * reserved.
     */
    reserveStock(
      tx: Transaction,
      request: { tool: ToolReference; quantity: number },
    ): Promise<OrderableTool | undefined> {
      return reserveStock(tx, request);
    },

    /**
     * For the orders module: the unit price, in cents, of `quantity` of this tool: the price of
     * the largest break the quantity reaches, else the list price. Given the order's
     * transaction after reserveStock, it reads the breaks while the tool's row is locked.
     */
    async unitPriceCents(
      executor: Executor,
      tool: { id: string; priceCents: number },
      quantity: number,
    ): Promise<number> {
      const breaks = await selectPriceBreaks(executor, tool.id);
      return reachedPriceBreak(breaks, quantity)?.priceCents ?? tool.priceCents;
    },

    /** For the orders module, in its transaction: puts stock back (archived tools too). */
    returnStock(tx: Transaction, toolId: string, quantity: number): Promise<void> {
      return returnStock(tx, toolId, quantity);
    },

    /**
     * For the orders module, placing the order of an accepted quote in its transaction: takes
     * the whole quantity when the tool is on sale and at least that much is available; false
     * (nothing taken) otherwise.
     */
    reserveQuotedStock(tx: Transaction, toolId: string, quantity: number): Promise<boolean> {
      return reserveQuotedStock(tx, toolId, quantity);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;

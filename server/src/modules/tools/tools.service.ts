import {
  centsToDollars,
  dollarsToCents,
  IdSchema,
  texts,
  type CreateTool,
  type CreateToolResponse,
  type Tool,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../http-errors.ts';
import {
  archiveToolById,
  insertTool,
  reserveStock,
  returnStock,
  selectLiveTool,
  selectLiveTools,
  type OrderableTool,
  type ToolReference,
  type ToolRow,
} from './tools.repository.ts';

export type { OrderableTool, ToolReference } from './tools.repository.ts';

function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.image,
    price: centsToDollars(row.priceCents),
    desc: row.description,
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
    priceBreaks: [],
  };
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
      return (await selectLiveTools(db)).map(toToolDto);
    },

    /**
     * POST /tool (Add Product): names are unique among tools on sale. The new tool is on sale,
     * and in GET /parts, once this resolves.
     */
    async addTool(input: CreateTool): Promise<CreateToolResponse> {
      let row: ToolRow;
      try {
        row = await insertTool(db, {
          name: input.name,
          description: input.desc,
          image: input.img,
          priceCents: dollarsToCents(input.price),
          minOrderQuantity: input.minOrderQuantity,
          availableQuantity: input.availableQuantity,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.adminErrors.toolNameTaken(input.name));
        throw error;
      }
      await catalog.invalidate();
      const tool = toToolDto(row);
      return { acknowledged: true, insertedId: tool._id, tool };
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
      request: { tool: ToolReference; quantity: number; priceCents: number | undefined },
    ): Promise<OrderableTool | undefined> {
      return reserveStock(tx, request);
    },

    /** For the orders module, in its transaction: puts stock back (archived tools too). */
    returnStock(tx: Transaction, toolId: string, quantity: number): Promise<void> {
      return returnStock(tx, toolId, quantity);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;

import {
  centsToDollars,
  dollarsToCents,
  IdSchema,
  texts,
  type CreateTool,
  type CreateToolResponse,
  type Tool,
} from '@tools-factory/contract';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../http-errors.ts';
import type { CatalogInvalidator } from '../catalog/catalog.service.ts';
import {
  archiveToolById,
  insertTool,
  reserveStock,
  returnStock,
  selectLiveTool,
  selectLiveTools,
  type ToolRow,
} from './tools.repository.ts';

export type { OrderableTool, ToolReference } from './tools.repository.ts';

/**
 * Stock, for the orders module: a tool on sale by id or exact name, taking stock out in one
 * conditional UPDATE (no oversell), putting it back. Each takes the caller's transaction, so the
 * stock moves together with the order it belongs to.
 */
export const findOrderableTool = selectLiveTool;
export { reserveStock, returnStock };

/**
 * What a write to the catalog needs: the database (the write commits on its own, then the catalog
 * snapshot is told), and the snapshot to tell.
 */
export type CatalogWriteContext = { db: Database; catalog: CatalogInvalidator };

export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.image,
    price: centsToDollars(row.priceCents),
    desc: row.description,
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
  };
}

/** The tools on sale, as GET /parts shows them. */
export async function listCatalogTools(executor: Executor): Promise<Tool[]> {
  return (await selectLiveTools(executor)).map(toToolDto);
}

/** Adds a tool to the catalog (Add Product). Names are unique among tools on sale. */
export async function createTool(context: CatalogWriteContext, input: CreateTool): Promise<Tool> {
  let row: ToolRow;
  try {
    row = await insertTool(context.db, {
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
  await context.catalog.invalidate();
  return toToolDto(row);
}

/**
 * Removes a tool from the catalog by archiving it (its orders keep their snapshot). Resolves to
 * the spec's `deletedCount`: 1 when a tool on sale was removed, 0 otherwise (malformed ids too).
 */
export async function archiveTool(context: CatalogWriteContext, id: string): Promise<number> {
  if (!IdSchema.safeParse(id).success) return 0;
  const archived = await archiveToolById(context.db, id);
  if (archived > 0) await context.catalog.invalidate();
  return archived;
}

/** The catalog's write side, for the admin routes (Add Product, Manage Tools). */
export function createToolsService(context: CatalogWriteContext) {
  return {
    /** POST /tool: the new tool is on sale, and in GET /parts, once this resolves. */
    async addTool(input: CreateTool): Promise<CreateToolResponse> {
      const tool = await createTool(context, input);
      return { acknowledged: true, insertedId: tool._id, tool };
    },
    /** DELETE /deleteTols/{id}: the spec's `deletedCount` (0 for an unknown id). */
    async removeTool(id: string): Promise<{ deletedCount: number }> {
      return { deletedCount: await archiveTool(context, id) };
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;

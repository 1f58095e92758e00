import {
  centsToDollars,
  defaultLowStockThreshold,
  dollarsToCents,
  MAX_WHOLE_NUMBER,
  priceBreaksProblems,
  reachedPriceBreak,
  serverTexts,
  sortPriceBreaks,
  texts,
  type CreateTool,
  type CreateToolResponse,
  type ArchivedTool,
  type StockAdjusted,
  type StockAdjustment,
  type StockMovement,
  type UpdateTool,
  type PriceBreak,
  type Tool,
  type ToolStock,
  type UpdateLowStockThreshold,
  type UpdatePriceBreaks,
} from '@tools-factory/contract';
import { randomUUID } from 'node:crypto';
import type { CatalogChanged, StockChange, VersionedTool } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation, violatedUniqueConstraint } from '../../db/errors.ts';
import { badRequest, badRequestOfFields, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { lowStockMail } from '../../mail/templates/stock.ts';
import {
  adjustStock,
  archiveToolById,
  insertStockMovement,
  insertTool,
  selectArchivedTools,
  selectArchivedToolsNamed,
  selectStockMovements,
  selectToolById,
  unarchiveTool,
  updateToolFields,
  type StockMovementRow,
  lockLiveTool,
  replacePriceBreaks,
  reserveQuotedStock,
  reserveStock,
  returnStock,
  selectLivePriceBreaks,
  selectLiveTool,
  selectLiveTools,
  selectPriceBreaks,
  updateLowStockThreshold,
  type MovedStock,
  type OrderableTool,
  type PriceBreakRow,
  type PricedReservation,
  reserveStockOfLines,
  orderedToolAlongside,
  selectPriceBreaksOfTools,
  selectToolSku,
  type ReservedTool,
  type ToolReference,
  type ToolRow,
} from './tools.repository.ts';

export type {
  OrderableTool,
  PricedReservation,
  PricedTool,
  ReservedTool,
  ToolReference,
} from './tools.repository.ts';

/** A tool no longer on sale, as a cart line that still names it shows it. */
export type WithdrawnTool = Pick<Tool, '_id' | 'name' | 'sku' | 'img' | 'minOrderQuantity'>;

/** An order took this tool's stock below its low-stock threshold: the admins hear of it once. */
export type LowStockCrossing = {
  toolId: string;
  toolName: string;
  /** What the order left available. */
  availableQuantity: number;
  lowStockThreshold: number;
};

/** A tool's stock as Manage Tools shows it: its threshold (its own or the default), low or not. */
function toToolStock(row: ToolRow): ToolStock {
  const custom = row.lowStockThreshold !== null;
  const lowStockThreshold = row.lowStockThreshold ?? defaultLowStockThreshold(row.minOrderQuantity);
  return {
    toolId: row.id,
    availableQuantity: row.availableQuantity,
    lowStockThreshold,
    custom,
    low: row.availableQuantity < lowStockThreshold,
  };
}

/**
 * The SKU of a tool added without one (a client that sends only the spec's fields): 'TL-' and the
 * first eight characters of its id, in capitals.
 */
function madeUpSku(id: string): string {
  return `TL-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * The 409 for a tool that Add Product or Edit Tool could not write because another tool holds
 * its SKU (any case, removed tools too) or, on sale, its name: the index that refused it says
 * which. Any other error is handed back as it is.
 */
function toolTakenConflict(error: unknown, tool: { name: string; sku: string }): unknown {
  if (!isUniqueViolation(error)) return error;
  if (violatedUniqueConstraint(error) === 'tools_sku_unique') {
    return conflict(texts.sku.errors.taken(tool.sku));
  }
  return conflict(texts.adminErrors.toolNameTaken(tool.name));
}

function toToolDto(row: ToolRow, breaks: readonly PriceBreakRow[]): Tool {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
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

/** A movement by hand as GET /manageTools/{id}/stock lists it. */
function toStockMovementDto(row: StockMovementRow, by: string | null) {
  const movement: StockMovement = {
    _id: row.id,
    toolId: row.toolId,
    delta: row.delta,
    reason: row.reason,
    note: row.note,
    stockAfter: row.stockAfter,
    by,
    createdAt: row.createdAt.toISOString(),
  };
  return movement;
}

/** What the catalog snapshot is patched with: the stock an UPDATE that moved it returned. */
function toStockChange(moved: MovedStock): StockChange {
  return {
    toolId: moved.id,
    availableQuantity: moved.availableQuantity,
    stockVersion: moved.stockVersion,
    onSale: moved.onSale,
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
  /** Takes the low-stock e-mails in the transaction of the order that crossed. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** The accounts, to name who moved stock by hand (the identity module's). */
  accounts: { findById(id: string): Promise<{ email: string } | undefined> };
};

/** The catalog's tools: what is on sale, the admins' writes, and the stock orders move. */
export function createToolsService(options: ToolsServiceOptions) {
  const { db, catalog, outbox, publicUrl, accounts } = options;

  async function listVersionedCatalog(): Promise<VersionedTool[]> {
    const rows = await selectLiveTools(db);
    const breaksByTool = new Map<string, PriceBreakRow[]>();
    for (const { toolId, ...priceBreak } of await selectLivePriceBreaks(db)) {
      const breaks = breaksByTool.get(toolId) ?? [];
      breaks.push(priceBreak);
      breaksByTool.set(toolId, breaks);
    }
    return rows.map((row) => ({
      tool: toToolDto(row, breaksByTool.get(row.id) ?? []),
      stockVersion: row.stockVersion,
    }));
  }

  return {
    /** The tools on sale, as GET /parts shows them. */
    async listCatalog(): Promise<Tool[]> {
      return (await listVersionedCatalog()).map(({ tool }) => tool);
    },

    /**
     * The tools on sale with their stock versions: what the catalog snapshot reads, so that it
     * can tell a stock patch older than what it read from a newer one.
     */
    listVersionedCatalog,

    /**
     * POST /tool (Add Product): names are unique among tools on sale. The tool and its price
     * breaks (checked against it by CreateToolSchema) are written in one transaction. The new
     * tool is on sale, and in GET /parts, once this resolves.
     */
    async addTool(input: CreateTool): Promise<CreateToolResponse> {
      const breaks = toPriceBreakRows(input.priceBreaks);
      let row: ToolRow;
      const id = randomUUID();
      const sku = input.sku ?? madeUpSku(id);
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await insertTool(tx, {
            id,
            name: input.name,
            sku,
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
        throw toolTakenConflict(error, { name: input.name, sku });
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
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      const breaks = toPriceBreakRows(input.priceBreaks);
      const row = await db.transaction(async (tx) => {
        const locked = await lockLiveTool(tx, toolId);
        if (!locked) throw notFound(serverTexts.apiErrors.toolNotFound);
        const problems = priceBreaksProblems(input.priceBreaks, {
          price: centsToDollars(locked.priceCents),
          minOrderQuantity: locked.minOrderQuantity,
        });
        if (problems.length > 0) {
          throw badRequestOfFields(problems.map((message) => ({ field: 'priceBreaks', message })));
        }
        await replacePriceBreaks(tx, locked.id, breaks);
        return locked;
      });
      await catalog.invalidate();
      return toToolDto(row, breaks);
    },

    /**
     * PUT /manageTools/{id} (Edit Tool): the five fields of a tool on sale and its SKU (kept
     * when not sent), by Add Product's rules (the schema) and with its price breaks still
     * fitting the new list price and minimum (400 naming every problem otherwise). The row is
     * locked first, as setPriceBreaks does, so an order is priced from the tool before the edit
     * or after it. Names stay unique among the tools on sale, SKUs among all tools (409). In
     * GET /parts once this resolves; orders keep their snapshot (their SKU included).
     */
    async updateTool(id: string, input: UpdateTool): Promise<Tool> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      let updated: { row: ToolRow; breaks: PriceBreakRow[] };
      try {
        updated = await db.transaction(async (tx) => {
          const locked = await lockLiveTool(tx, toolId);
          if (!locked) throw notFound(serverTexts.apiErrors.toolNotFound);
          const breaks = await selectPriceBreaks(tx, toolId);
          const problems = priceBreaksProblems(
            breaks.map((priceBreak) => ({
              minQuantity: priceBreak.minQuantity,
              price: centsToDollars(priceBreak.priceCents),
            })),
            input,
          );
          if (problems.length > 0) {
            throw badRequestOfFields(
              problems.map((problem) => ({
                field: 'priceBreaks',
                message: texts.adminErrors.editBreaksNoLongerFit(problem),
              })),
            );
          }
          const row = await updateToolFields(tx, toolId, {
            name: input.name,
            description: input.desc,
            image: input.img,
            priceCents: dollarsToCents(input.price),
            minOrderQuantity: input.minOrderQuantity,
            sku: input.sku,
          });
          if (!row) throw notFound(serverTexts.apiErrors.toolNotFound);
          return { row, breaks };
        });
      } catch (error) {
        throw toolTakenConflict(error, { name: input.name, sku: input.sku ?? '' });
      }
      await catalog.invalidate();
      return toToolDto(updated.row, updated.breaks);
    },

    /**
     * POST /manageTools/{id}/stock: moves a tool on sale's stock by hand in one conditional
     * UPDATE (never below zero nor past the database's integer: 400 in words) and records the movement in its transaction; the
     * catalog is patched as orders patch it once committed.
     */
    async adjustStock(
      id: string,
      input: StockAdjustment,
      actor: { id: string; email: string },
    ): Promise<StockAdjusted> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      const { row, movement } = await db.transaction(async (tx) => {
        const moved = await adjustStock(tx, toolId, input.delta, MAX_WHOLE_NUMBER);
        if (!moved) {
          const tool = await selectToolById(tx, toolId);
          if (!tool || tool.archivedAt) throw notFound(serverTexts.apiErrors.toolNotFound);
          throw badRequest(
            input.delta > 0
              ? texts.adminErrors.stockAboveMaximum(
                  tool.availableQuantity,
                  input.delta,
                  MAX_WHOLE_NUMBER,
                )
              : texts.adminErrors.stockBelowZero(tool.availableQuantity, -input.delta),
          );
        }
        const inserted = await insertStockMovement(tx, {
          toolId,
          actorId: actor.id,
          delta: input.delta,
          reason: input.reason,
          note: input.note,
          stockAfter: moved.availableQuantity,
        });
        // Units taken out by hand (damaged, a count) cross the threshold as an order would.
        const threshold =
          moved.lowStockThreshold ?? defaultLowStockThreshold(moved.minOrderQuantity);
        const after = moved.availableQuantity;
        if (input.delta < 0 && after - input.delta >= threshold && after < threshold) {
          await outbox.enqueueForStaff(
            tx,
            (to) =>
              lowStockMail(
                { toolName: moved.name, availableQuantity: after, lowStockThreshold: threshold },
                { publicUrl, to },
              ),
            { toolId, mail: 'low stock, to staff' },
          );
        }
        return { row: moved, movement: inserted };
      });
      await catalog.stockMoved([toStockChange({ ...row, onSale: true })]);
      return { movement: toStockMovementDto(movement, actor.email), stock: toToolStock(row) };
    },

    /** GET /manageTools/{id}/stock: a tool's movements by hand, newest first (archived too). */
    async listStockMovements(id: string): Promise<StockMovement[]> {
      const toolId = parseId(id);
      if (!toolId || !(await selectToolById(db, toolId))) {
        throw notFound(serverTexts.apiErrors.toolNotFound);
      }
      const rows = await selectStockMovements(db, toolId);
      // The admins who moved it: a handful, looked up once each through their module.
      const emails = new Map<string, string | null>();
      for (const actorId of new Set(rows.map((row) => row.actorId))) {
        if (actorId) emails.set(actorId, (await accounts.findById(actorId))?.email ?? null);
      }
      return rows.map((row) => toStockMovementDto(row, emails.get(row.actorId ?? '') ?? null));
    },

    /**
     * For the cart: the tools no longer on sale that these ids or SKU keys (skuKey) name, as a
     * line shows them (the catalog snapshot holds only the tools on sale). One query.
     */
    async findWithdrawn(named: {
      ids: readonly string[];
      skuKeys: readonly string[];
    }): Promise<WithdrawnTool[]> {
      return (await selectArchivedToolsNamed(db, named)).map((row) => ({
        _id: row.id,
        name: row.name,
        sku: row.sku,
        img: row.image,
        minOrderQuantity: row.minOrderQuantity,
      }));
    },

    /** GET /manageTools/archived: the removed tools, the most recently removed first. */
    async listArchived(): Promise<ArchivedTool[]> {
      const rows = await selectArchivedTools(db);
      return Promise.all(
        rows.map(async (row) => ({
          ...toToolDto(row, await selectPriceBreaks(db, row.id)),
          archivedAt: (row.archivedAt ?? new Date()).toISOString(),
        })),
      );
    },

    /**
     * POST /manageTools/{id}/restore: a removed tool on sale again, with its stock, breaks and
     * threshold as they were. 404 for an unknown tool or one on sale; 409 when another tool on
     * sale took its name meanwhile.
     */
    async restoreTool(id: string): Promise<Tool> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      let row: ToolRow | undefined;
      try {
        row = await unarchiveTool(db, toolId);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const tool = await selectToolById(db, toolId);
        throw conflict(texts.adminErrors.restoreNameTaken(tool?.name ?? ''));
      }
      if (!row) throw notFound(serverTexts.apiErrors.toolNotFound);
      await catalog.invalidate();
      return toToolDto(row, await selectPriceBreaks(db, row.id));
    },

    /** GET /manageTools/stock (admins): every tool on sale, its threshold, low or not. */
    async listStock(): Promise<ToolStock[]> {
      return (await selectLiveTools(db)).map(toToolStock);
    },

    /**
     * PUT /tool/{id}/lowStockThreshold (Manage Tools): a tool on sale's own threshold, or null
     * for the default again. Only the next crossing reads it: setting a threshold above what is
     * available sends nothing now; the next order that finds the stock at or above it and takes
     * it below does. Unknown, archived and malformed ids alike are not found.
     */
    async setLowStockThreshold(id: string, input: UpdateLowStockThreshold): Promise<ToolStock> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      const row = await updateLowStockThreshold(db, toolId, input.lowStockThreshold);
      if (!row) throw notFound(serverTexts.apiErrors.toolNotFound);
      return toToolStock(row);
    },

    /**
     * DELETE /deleteTols/{id} (Manage Tools): archives the tool (its orders keep their snapshot).
     * The spec's `deletedCount`: 1 when a tool on sale was removed, 0 otherwise (malformed ids
     * too).
     */
    async removeTool(id: string): Promise<{ deletedCount: number }> {
      const toolId = parseId(id);
      if (!toolId) return { deletedCount: 0 };
      const archived = await archiveToolById(db, toolId);
      if (archived > 0) await catalog.invalidate();
      return { deletedCount: archived };
    },

    /** For the orders module: a tool on sale, by id or by exact name in any case. */
    findOrderable(tool: ToolReference): Promise<OrderableTool | undefined> {
      return selectLiveTool(db, tool);
    },

    /**
     * For the orders module: the tool on sale that `tool` names and the unit price of `quantity`
     * of it, read as a column of the order's first statement (before the tool's row is locked).
     * What it reads may have changed by the reservation: reserveStock's answer is the word.
     */
    orderedToolAlongside(tool: ToolReference, quantity: number) {
      return orderedToolAlongside(tool, quantity);
    },

    /**
     * For the orders module, in the order's own transaction (the stock moves with the order):
     * takes the stock out in one conditional UPDATE (no oversell); the tool after it, with its
     * low-stock threshold (see lowStockCrossing) and the unit price of the quantity reserved;
     * undefined when nothing was reserved.
     */
    reserveStock(
      tx: Transaction,
      request: { tool: ToolReference; quantity: number },
    ): Promise<PricedReservation | undefined> {
      return reserveStock(tx, request);
    },

    /**
     * The low-stock rule, for the orders that reserve stock: the reservation of `quantity` that
     * left `reserved` crossed its threshold when the stock was at or above it before
     * (`after + quantity`) and is below it after. No state is kept: the tool's row lock makes
     * reservations take turns, so exactly one sees each crossing, and once stock comes back at or
     * above the threshold (an unpaid order removed or expired) the next crossing counts again.
     * A threshold of 0 never crosses. Undefined when this reservation did not cross.
     */
    /** A tool's SKU, archived or not, for an order that snapshots it without reserving. */
    skuOf(executor: Executor, toolId: string): Promise<string> {
      return selectToolSku(executor, toolId);
    },

    lowStockCrossing(reserved: ReservedTool, quantity: number): LowStockCrossing | undefined {
      const after = reserved.availableQuantity;
      const before = after + quantity;
      const threshold = reserved.lowStockThreshold;
      if (!(before >= threshold && after < threshold)) return undefined;
      return {
        toolId: reserved.id,
        toolName: reserved.name,
        availableQuantity: after,
        lowStockThreshold: threshold,
      };
    },

    /**
     * Tells the staff (ADMIN_EMAILS and the admins who turned the staff e-mails on) of a
     * crossing, in the transaction of the order that crossed: a rolled-back order sends nothing.
     */
    announceLowStock(tx: Transaction, crossing: LowStockCrossing): Promise<void> {
      return outbox.enqueueForStaff(tx, (to) => lowStockMail(crossing, { publicUrl, to }), {
        toolId: crossing.toolId,
        mail: 'low stock, to staff',
      });
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

    /**
     * For the checkout, in its transaction: every line's stock reserved by the purchase rule in
     * two statements, the tools locked in the order of their ids (reserveStockOfLines). The
     * tools reserved; a line whose tool is not among them could not be.
     */
    reserveStockOfLines(
      tx: Transaction,
      lines: readonly { toolId: string; quantity: number }[],
    ): Promise<ReservedTool[]> {
      return reserveStockOfLines(tx, lines);
    },

    /**
     * unitPriceCents for many tools in one query (a checkout's lines, their rows locked by their
     * reservations): each tool's unit price for its quantity, by tool id.
     */
    async unitPricesCents(
      executor: Executor,
      lines: readonly { tool: { id: string; priceCents: number }; quantity: number }[],
    ): Promise<Map<string, number>> {
      const breaks = await selectPriceBreaksOfTools(
        executor,
        lines.map(({ tool }) => tool.id),
      );
      return new Map(
        lines.map(({ tool, quantity }) => [
          tool.id,
          reachedPriceBreak(breaks.get(tool.id) ?? [], quantity)?.priceCents ?? tool.priceCents,
        ]),
      );
    },

    /**
     * For the orders module, in its transaction: puts stock back (archived tools too); the
     * change to hand to the catalog once committed (undefined for an unknown tool).
     */
    async returnStock(
      tx: Transaction,
      toolId: string,
      quantity: number,
    ): Promise<StockChange | undefined> {
      const moved = await returnStock(tx, toolId, quantity);
      return moved && toStockChange(moved);
    },

    /** The change a reservation made, to hand to the catalog once its order has committed. */
    reservedStockChange(reserved: ReservedTool): StockChange {
      return toStockChange({ ...reserved, onSale: true });
    },

    /**
     * For the orders module, placing the order of an accepted quote in its transaction: takes
     * the whole quantity when the tool is on sale and at least that much is available, and
     * answers the tool after it (see lowStockCrossing); undefined (nothing taken) otherwise.
     */
    reserveQuotedStock(
      tx: Transaction,
      toolId: string,
      quantity: number,
    ): Promise<ReservedTool | undefined> {
      return reserveQuotedStock(tx, toolId, quantity);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;

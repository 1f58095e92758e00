import {
  defaultLowStockThreshold,
  MAX_WHOLE_NUMBER,
  serverTexts,
  texts,
  type StockAdjusted,
  type StockAdjustment,
  type StockMovement,
  type ToolStock,
  type UpdateLowStockThreshold,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { lowStockMail } from '../../mail/templates/stock.ts';
import {
  adjustStock,
  insertStockMovement,
  reserveQuotedStock,
  reservationOf,
  reserveAlone,
  reserveStockOfLines,
  returnStock,
  selectLiveTool,
  selectStockMovements,
  updateLowStockThreshold,
  type MovedStock,
  type PricedReservation,
  type OrderableTool,
  type ReservationStatement,
  type ReservedTool,
  type StockMovementRow,
  type ToolReference,
} from './tool-stock.repository.ts';
import { selectLiveTools, selectToolById, selectToolSku } from './tools.repository.ts';
import { toToolStock } from './tool-dto.ts';

/** An order took this tool's stock below its low-stock threshold: the admins hear of it once. */
export type LowStockCrossing = {
  toolId: string;
  toolName: string;
  /** What the order left available. */
  availableQuantity: number;
  lowStockThreshold: number;
};

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

export type ToolStockServiceOptions = {
  /** Movements by hand commit on their own; the orders' moves take their transaction instead. */
  db: Database;
  /** Patched with every committed stock movement, so GET /parts shows it at once. */
  catalog: CatalogChanged;
  /** Takes the low-stock e-mails in the transaction of the movement that crossed. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** The accounts, to name who moved stock by hand (the identity module's). */
  accounts: { findById(id: string): Promise<{ email: string } | undefined> };
};

/**
 * A tool's stock: what orders read of a tool and take from it (reserve, return), the admins'
 * movements by hand, and the low-stock threshold and its e-mail.
 */
export function createToolStockService(options: ToolStockServiceOptions) {
  const { db, catalog, outbox, publicUrl, accounts } = options;

  return {
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

    /** For the orders module: a tool on sale, by id or by exact name in any case. */
    findOrderable(tool: ToolReference): Promise<OrderableTool | undefined> {
      return selectLiveTool(db, tool);
    },

    /**
     * For the orders module, in the order's own transaction (the stock moves with the order):
     * POST /order's reservation by the purchase rule, priced under the tool's row lock, unrun:
     * the orders module runs it as a part of the statement that writes the order
     * (orders.repository.ts, insertOrderReservingStock).
     */
    reservationOf(
      tx: Transaction,
      request: { tool: ToolReference; quantity: number },
    ): ReservationStatement {
      return reservationOf(tx, request);
    },

    /** A tool's SKU, archived or not, for an order that snapshots it without reserving. */
    skuOf(executor: Executor, toolId: string): Promise<string> {
      return selectToolSku(executor, toolId);
    },

    /**
     * The low-stock rule, for the orders that reserve stock: the reservation of `quantity` that
     * left `reserved` crossed its threshold when the stock was at or above it before
     * (`after + quantity`) and is below it after. No state is kept: the tool's row lock makes
     * reservations take turns, so exactly one sees each crossing, and once stock comes back at or
     * above the threshold (an unpaid order removed or expired) the next crossing counts again.
     * A threshold of 0 never crosses. Undefined when this reservation did not cross.
     */
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
     * POST /order's reservation (reservationOf) run on its own, in the order's transaction: for a
     * company buyer with a monthly limit, whose order is written once its total is judged.
     */
    reserveAlone(
      tx: Transaction,
      request: { tool: ToolReference; quantity: number },
    ): Promise<PricedReservation | undefined> {
      return reserveAlone(tx, request);
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

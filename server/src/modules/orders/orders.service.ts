import {
  apiMessages,
  centsToDollars,
  dollarsToCents,
  IdSchema,
  orderMessages,
  texts,
  type Order,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import type { CatalogInvalidator } from '../catalog/catalog.service.ts';
import type { Account } from '../identity/identity.service.ts';
import {
  findOrderableTool,
  reserveStock,
  returnStock,
  type ToolReference,
} from '../tools/tools.service.ts';
import {
  deleteOrderById,
  deleteUnpaidOrdersCreatedBefore,
  insertOrder,
  selectOrderByIdForUpdate,
  selectOrdersOfUser,
  type OrderRow,
} from './orders.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Stock is a PostgreSQL integer: no quantity above this can be available. */
const MAX_STOCK = 2_147_483_647;
/** Orders the expiry sweep deletes per transaction (keeps each transaction and its locks short). */
const SWEEP_BATCH_SIZE = 500;

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    name: row.toolName,
    img: row.toolImage,
    address: row.address,
    phone: row.phone,
    quantity: row.quantity,
    email: row.email,
    price: centsToDollars(row.unitPriceCents),
    paid: row.status !== 'unpaid',
    status: row.status,
    transectionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SweepResult = { expiredOrders: number; returnedUnits: number };

export type OrdersServiceOptions = {
  db: Database;
  /** Told after every committed stock change, so the catalog shows the new quantity at once. */
  catalog: CatalogInvalidator;
  /** Unpaid orders older than this expire (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
};

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, catalog, orderHoldHours } = options;

  function ensureOwnEmail(caller: Account, email: string): void {
    if (email.trim().toLowerCase() !== caller.email) {
      throw forbidden(texts.identityErrors.otherUsersEmail);
    }
  }

  /**
   * Why nothing was reserved, in the order a customer should hear it: the tool is not on sale
   * (404), its price is not the one the client sent (409), or the quantity is not strictly
   * between its minimum and what is available now (400; under concurrency, the stock moved).
   */
  async function refusal(tool: ToolReference, input: PlaceOrderInput): Promise<Error> {
    const current = await findOrderableTool(db, tool);
    if (!current) return notFound(apiMessages.toolNotFound);
    if (input.price !== undefined && dollarsToCents(input.price) !== current.priceCents) {
      return conflict(orderMessages.priceChanged(centsToDollars(current.priceCents)));
    }
    return badRequest(orderMessages.quantityOutOfRange);
  }

  return {
    /**
     * POST /order (DESIGN.md section 4): the caller's own e-mail; the tool by id, else by exact
     * name; the catalog's price; the quantity rule; the stock reserved in the order's transaction
     * by one conditional UPDATE, which checks all of it at once (the tool is only read again to
     * explain a refusal).
     */
    async placeOrder(caller: Account, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
      ensureOwnEmail(caller, input.email);
      // No stock is below 1 or above the database's integer range: refused without a query.
      if (input.quantity < 1 || input.quantity > MAX_STOCK) {
        throw badRequest(orderMessages.quantityOutOfRange);
      }
      const tool: ToolReference = input.toolId ? { id: input.toolId } : { name: input.name };
      const placed = await db.transaction(async (tx) => {
        const reserved = await reserveStock(tx, {
          tool,
          quantity: input.quantity,
          priceCents: input.price === undefined ? undefined : dollarsToCents(input.price),
        });
        if (!reserved) return undefined;
        return insertOrder(tx, {
          userId: caller.id,
          email: caller.email,
          toolId: reserved.id,
          toolName: reserved.name,
          toolImage: reserved.image,
          unitPriceCents: reserved.priceCents,
          quantity: input.quantity,
          address: input.address,
          phone: input.phone,
        });
      });
      if (!placed) throw await refusal(tool, input);

      await catalog.invalidate();
      return { acknowledged: true, insertedId: placed.id, order: toOrderDto(placed) };
    },

    /** GET /orders?email=: the caller's own orders, newest first. */
    async listOwnOrders(caller: Account, email: string): Promise<Order[]> {
      ensureOwnEmail(caller, email);
      return (await selectOrdersOfUser(db, caller.id)).map(toOrderDto);
    },

    /**
     * DELETE /deleteOrder/{id}: the owner while unpaid, or an admin (any order). An unpaid
     * order's stock goes back in the same transaction. Someone else's order is answered as not
     * found, so its existence is not revealed.
     */
    async removeOrder(caller: Account, id: string): Promise<{ deletedCount: number }> {
      if (!IdSchema.safeParse(id).success) throw notFound(orderMessages.orderNotFound);
      const isAdmin = caller.role === 'admin';
      const stockReturned = await db.transaction(async (tx) => {
        const order = await selectOrderByIdForUpdate(tx, id.toLowerCase());
        if (!order || (!isAdmin && order.userId !== caller.id)) {
          throw notFound(orderMessages.orderNotFound);
        }
        if (order.status !== 'unpaid' && !isAdmin) {
          throw conflict(orderMessages.paidOrderCannotBeRemoved);
        }
        await deleteOrderById(tx, order.id);
        if (order.status !== 'unpaid') return false;
        await returnStock(tx, order.toolId, order.quantity);
        return true;
      });
      if (stockReturned) await catalog.invalidate();
      return { deletedCount: 1 };
    },

    /**
     * Deletes the unpaid orders placed more than ORDER_HOLD_HOURS before `now` and returns their
     * stock, batch by batch, each batch one transaction. Safe to run on several instances at
     * once: a batch skips the orders another transaction holds, so each order's stock comes back
     * once. `now` is the caller's clock (tests move it); the database's clock is not read.
     */
    async sweepExpiredOrders(now: Date): Promise<SweepResult> {
      const cutoff = new Date(now.getTime() - orderHoldHours * HOUR_MS);
      const result: SweepResult = { expiredOrders: 0, returnedUnits: 0 };
      for (;;) {
        const expired = await db.transaction(async (tx) => {
          const deleted = await deleteUnpaidOrdersCreatedBefore(tx, cutoff, SWEEP_BATCH_SIZE);
          const byTool = new Map<string, number>();
          for (const { toolId, quantity } of deleted) {
            byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
          }
          // Tools in one order on every instance: two sweeps never wait on each other in a cycle.
          for (const toolId of [...byTool.keys()].sort()) {
            await returnStock(tx, toolId, byTool.get(toolId) ?? 0);
          }
          return deleted;
        });
        result.expiredOrders += expired.length;
        result.returnedUnits += expired.reduce((sum, order) => sum + order.quantity, 0);
        if (expired.length < SWEEP_BATCH_SIZE) break;
      }
      if (result.expiredOrders > 0) await catalog.invalidate();
      return result;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

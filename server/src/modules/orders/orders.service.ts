import {
  centsToDollars,
  dollarsToCents,
  IdSchema,
  type ManagedOrder,
  type Order,
  orderTotal,
  type PlaceOrderInput,
  type PlaceOrderResponse,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http-errors.ts';
import type { Account } from '../identity/identity.service.ts';
import type { ToolReference, ToolsService } from '../tools/tools.service.ts';
import {
  deleteOrderById,
  deleteUnpaidOrdersCreatedBefore,
  extendHold,
  insertOrder,
  lockAndCountUnpaidOrders,
  markOrderPaid,
  markOrderShipped,
  selectAllOrders,
  selectOrderById,
  selectOrderByIdForUpdate,
  selectOrdersOfUser,
  type OrderRow,
} from './orders.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Stock is a PostgreSQL integer: no quantity above this can be available. */
const MAX_STOCK = 2_147_483_647;
/** Orders the expiry sweep deletes per transaction (keeps each transaction and its locks short). */
const SWEEP_BATCH_SIZE = 500;

function toOrderDto(row: OrderRow): Order {
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

/** An order for Manage Orders: with its total and the time it was shipped. */
function toManagedOrderDto(row: OrderRow): ManagedOrder {
  const order = toOrderDto(row);
  return {
    ...order,
    total: orderTotal(order.price, order.quantity),
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

export type SweepResult = { expiredOrders: number; returnedUnits: number };

/** An order as the payments module sees it: whose it is, what it costs, where it stands. */
export type PayableOrder = {
  order: Order;
  /** Null once the customer's account was removed: the order stays, owned by nobody. */
  userId: string | null;
  /** Unit price times quantity, in cents. */
  totalCents: number;
};

function toPayableOrder(row: OrderRow): PayableOrder {
  return {
    order: toOrderDto(row),
    userId: row.userId,
    totalCents: row.unitPriceCents * row.quantity,
  };
}

export type OrdersServiceOptions = {
  db: Database;
  /** Told after every committed stock change, so the catalog shows the new quantity at once. */
  catalog: CatalogChanged;
  /** Reserves and returns stock in the order's own transaction. */
  tools: ToolsService;
  /** Unpaid orders older than this expire (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
  /** Unpaid orders one account may hold at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
};

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, catalog, tools, orderHoldHours, maxUnpaidOrders } = options;

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
    const current = await tools.findOrderable(tool);
    if (!current) return notFound(serverTexts.apiErrors.toolNotFound);
    if (input.price !== undefined && dollarsToCents(input.price) !== current.priceCents) {
      return conflict(serverTexts.orderErrors.priceChanged(centsToDollars(current.priceCents)));
    }
    return badRequest(texts.purchase.quantityOutOfRange);
  }

  return {
    /**
     * POST /order (DESIGN.md section 4): the caller's own e-mail; at most MAX_UNPAID_ORDERS
     * unpaid orders per account; the tool by id, else by exact name; the catalog's price; the
     * quantity rule; the stock reserved in the order's transaction by one conditional UPDATE,
     * which checks all of it at once (the tool is only read again to explain a refusal).
     */
    async placeOrder(caller: Account, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
      ensureOwnEmail(caller, input.email);
      // No stock is below 1 or above the database's integer range: refused without a query.
      if (input.quantity < 1 || input.quantity > MAX_STOCK) {
        throw badRequest(texts.purchase.quantityOutOfRange);
      }
      const tool: ToolReference = input.toolId ? { id: input.toolId } : { name: input.name };
      const placed = await db
        .transaction(async (tx) => {
          if ((await lockAndCountUnpaidOrders(tx, caller.id)) >= maxUnpaidOrders) {
            throw conflict(texts.orders.tooManyUnpaidOrders(maxUnpaidOrders));
          }
          const reserved = await tools.reserveStock(tx, {
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
        })
        .catch((error: unknown) => {
          // Tools are archived, never deleted: the account was removed after the guard read it.
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          throw error;
        });
      if (!placed) throw await refusal(tool, input);

      await catalog.invalidate();
      return { acknowledged: true, insertedId: placed.id, order: toOrderDto(placed) };
    },

    /**
     * GET /payorder/{id}: the caller's own order. Someone else's, an unknown or a malformed id
     * is answered as not found (as DELETE does), so no order's existence is revealed.
     */
    async findOwnOrder(caller: Account, id: string): Promise<PayableOrder> {
      const row = IdSchema.safeParse(id).success
        ? await selectOrderById(db, id.toLowerCase())
        : undefined;
      if (!row || row.userId !== caller.id) throw notFound(serverTexts.orderErrors.orderNotFound);
      return toPayableOrder(row);
    },

    /**
     * Keeps an unpaid order from expiring until `until` (a payment is under way). False when it
     * is not unpaid any more.
     */
    holdForPayment(id: string, until: Date): Promise<boolean> {
      return extendHold(db, id, until);
    },

    /**
     * The order, locked until `tx` ends (the expiry sweep skips it, a removal waits): the
     * payment decided on it stays true. Undefined when it is gone.
     */
    async lockForPayment(tx: Transaction, id: string): Promise<PayableOrder | undefined> {
      const row = await selectOrderByIdForUpdate(tx, id);
      return row && toPayableOrder(row);
    },

    /** Marks an order locked by lockForPayment, and still unpaid, paid with its transaction. */
    async markPaid(
      tx: Transaction,
      id: string,
      transactionId: string,
      paidAt: Date,
    ): Promise<PayableOrder> {
      return toPayableOrder(await markOrderPaid(tx, id, transactionId, paidAt));
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
      if (!IdSchema.safeParse(id).success) throw notFound(serverTexts.orderErrors.orderNotFound);
      const isAdmin = caller.role === 'admin';
      const stockReturned = await db.transaction(async (tx) => {
        const order = await selectOrderByIdForUpdate(tx, id.toLowerCase());
        if (!order || (!isAdmin && order.userId !== caller.id)) {
          throw notFound(serverTexts.orderErrors.orderNotFound);
        }
        if (order.status !== 'unpaid' && !isAdmin) {
          throw conflict(serverTexts.orderErrors.paidOrderCannotBeRemoved);
        }
        await deleteOrderById(tx, order.id);
        if (order.status !== 'unpaid') return false;
        await tools.returnStock(tx, order.toolId, order.quantity);
        return true;
      });
      if (stockReturned) await catalog.invalidate();
      return { deletedCount: 1 };
    },

    /** GET /manageOrders (admin): every order, newest first, those of removed accounts too. */
    async listAllOrders(): Promise<ManagedOrder[]> {
      return (await selectAllOrders(db)).map(toManagedOrderDto);
    },

    /**
     * PATCH /manageOrders/{id}/ship (admin): a paid order becomes shipped, and its customer sees
     * 'shipped' in My Orders. Idempotent: an order shipped already is answered as it is (a
     * double click, a retried request). An unpaid order cannot be shipped (409).
     */
    async shipOrder(id: string): Promise<ManagedOrder> {
      if (!IdSchema.safeParse(id).success) throw notFound(serverTexts.orderErrors.orderNotFound);
      const shipped = await markOrderShipped(db, id.toLowerCase(), new Date());
      if (shipped) return toManagedOrderDto(shipped);
      const order = await selectOrderById(db, id.toLowerCase());
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      if (order.status === 'shipped') return toManagedOrderDto(order);
      throw conflict(texts.adminErrors.unpaidOrderCannotBeShipped);
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
          const deleted = await deleteUnpaidOrdersCreatedBefore(tx, cutoff, now, SWEEP_BATCH_SIZE);
          const byTool = new Map<string, number>();
          for (const { toolId, quantity } of deleted) {
            byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
          }
          // Tools in one order on every instance: two sweeps never wait on each other in a cycle.
          for (const toolId of [...byTool.keys()].sort()) {
            await tools.returnStock(tx, toolId, byTool.get(toolId) ?? 0);
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

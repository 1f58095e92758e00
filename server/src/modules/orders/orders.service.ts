import { createHash } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  IdSchema,
  isPayableTotal,
  type ManagedOrder,
  type Order,
  orderReference,
  orderTotal,
  PAYABLE_LIMIT_TEXT,
  type PlaceOrderInput,
  type PlaceOrderResponse,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  unauthorized,
} from '../../http-errors.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { orderPaidMail, orderPlacedMail, orderShippedMail } from '../../mail/templates/orders.ts';
import type { Account } from '../identity/identity.service.ts';
import type { ToolReference, ToolsService } from '../tools/tools.service.ts';
import {
  deleteOrderById,
  deleteUnpaidOrdersCreatedBefore,
  deleteUnpaidOrdersOfUser,
  extendHold,
  countUnpaidOrders,
  insertOrder,
  lockOrderPlacements,
  markOrderPaid,
  markOrderShipped,
  selectAllOrders,
  selectOrderById,
  selectOrderByIdForUpdate,
  selectOrderByIdempotencyKey,
  selectOrderIdsOfQuotes,
  selectHeldOrders,
  selectOrdersOfUser,
  sumUnpaidOrderCents,
  type OrderRow,
} from './orders.repository.ts';
import { ensureRemovable, ensureShippable } from './order-preconditions.ts';
import { isHeld, isShipped, wasPaid } from './order-status.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Stock is a PostgreSQL integer: no quantity above this can be available. */
const MAX_STOCK = 2_147_483_647;
/** Orders the expiry sweep deletes per transaction (keeps each transaction and its locks short). */
const SWEEP_BATCH_SIZE = 500;

/**
 * The hold's ceiling (DESIGN.md section 4): a payment under way extends a hold once, to an hour
 * ahead at most, and never past ORDER_HOLD_HOURS + 1 h after the order was placed.
 */
export function holdCeilingMs(holdHours: number): number {
  return (holdHours + 1) * HOUR_MS;
}

/**
 * When an unpaid order expires and its stock goes back: ORDER_HOLD_HOURS after it was placed, or
 * later while a payment holds it, never past the ceiling (the expiry sweep deletes on the same
 * terms). Null once paid.
 */
function holdUntilOf(row: OrderRow, holdHours: number): Date | null {
  if (!isHeld(row.status)) return null;
  const placed = row.createdAt.getTime();
  const held = placed + holdHours * HOUR_MS;
  const extended = row.holdUntil ? Math.max(held, row.holdUntil.getTime()) : held;
  return new Date(Math.min(extended, placed + holdCeilingMs(holdHours)));
}

function toOrderDto(row: OrderRow, holdHours: number): Order {
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
    paid: wasPaid(row.status),
    status: row.status,
    transectionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    reference: orderReference(row.id),
    holdUntil: holdUntilOf(row, holdHours)?.toISOString() ?? null,
    madeToOrder: row.madeToOrder,
    quoteId: row.quoteId,
  };
}

/** An order for Manage Orders: with its total and the times it was shipped and cancelled. */
export function toManagedOrderDto(row: OrderRow, holdHours: number): ManagedOrder {
  const order = toOrderDto(row, holdHours);
  return {
    ...order,
    total: orderTotal(order.price, order.quantity),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The invoice the paid e-mail carries: its id (its PDF is drawn when the e-mail leaves), its number. */
export type PaidOrderInvoice = { id: string; number: string };

export type SweepResult = { expiredOrders: number; returnedUnits: number };

/** What accepting a quote orders: its tool as the quote snapshot it, quantity and agreed price. */
export type QuotedOrderRequest = {
  quoteId: string;
  toolId: string;
  toolName: string;
  toolImage: string;
  quantity: number;
  unitPriceCents: number;
  /** Where the order goes, as the customer gave it when accepting. */
  address: string;
  phone: string;
};

/**
 * What POST /order's transaction committed: the order, whether an earlier request with the same
 * Idempotency-Key placed it, and the stock its reservation left (for the catalog).
 */
type PlacedOrder = {
  row: OrderRow;
  replayed: boolean;
  stock?: StockChange;
};

/**
 * The order an accepted quote placed; the stock its reservation left (none when made to order),
 * for the caller to hand to the catalog after its commit.
 */
export type QuotedOrderPlaced = {
  order: Order;
  stock: StockChange | undefined;
};

/** An order as the payments module sees it: whose it is, what it costs, where it stands. */
export type PayableOrder = {
  order: Order;
  /** Null once the customer's account was removed: the order stays, owned by nobody. */
  userId: string | null;
  /** Unit price times quantity, in cents. */
  totalCents: number;
};

function toPayableOrder(row: OrderRow, holdHours: number): PayableOrder {
  return {
    order: toOrderDto(row, holdHours),
    userId: row.userId,
    totalCents: row.unitPriceCents * row.quantity,
  };
}

export type OrdersServiceOptions = {
  db: Database;
  /**
   * Told after every committed stock change, with the stock the UPDATE returned, so the catalog
   * shows the new quantity at once.
   */
  catalog: CatalogChanged;
  /** Reserves and returns stock in the order's own transaction. */
  tools: ToolsService;
  /** Unpaid orders older than this expire (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
  /** Unpaid orders one account may hold at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /**
   * What the unpaid orders of an account whose e-mail is not verified may come to, in cents
   * (UNVERIFIED_HOLD_LIMIT).
   */
  unverifiedHoldLimitCents: number;
  /** Takes the e-mail of each step (placed, paid, shipped) in that step's transaction. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
};

/**
 * What an Idempotency-Key stands for: the order's details as the server read them (trimmed,
 * e-mail in lower case), so a retry of the same order matches whatever its JSON's key order.
 */
function requestDigest(input: PlaceOrderInput): string {
  const details = [
    input.toolId?.toLowerCase() ?? null,
    input.name,
    input.quantity,
    input.address,
    input.phone,
    input.email.trim().toLowerCase(),
    input.price ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(details)).digest('base64url');
}

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, catalog, tools, orderHoldHours, maxUnpaidOrders, outbox, publicUrl } = options;
  const { unverifiedHoldLimitCents } = options;
  const orderDto = (row: OrderRow) => toOrderDto(row, orderHoldHours);
  const managedOrderDto = (row: OrderRow) => toManagedOrderDto(row, orderHoldHours);
  const payableOrder = (row: OrderRow) => toPayableOrder(row, orderHoldHours);
  const placedResponse = (row: OrderRow): PlaceOrderResponse => ({
    acknowledged: true,
    insertedId: row.id,
    order: orderDto(row),
  });

  /**
   * The answer to a request whose Idempotency-Key placed `earlier`: that order again, as it
   * stands now; or 422 when this request's details are not the ones that key was used for.
   */
  function replay(earlier: OrderRow, digest: string): PlaceOrderResponse {
    if (earlier.requestDigest !== digest) {
      throw new HttpError(422, serverTexts.orderErrors.idempotencyKeyReused);
    }
    return placedResponse(earlier);
  }

  /**
   * MAX_UNPAID_ORDERS, checked under the account's placement lock (lockOrderPlacements): 409
   * when the account holds as many unpaid orders already.
   */
  async function ensureRoomForUnpaidOrder(tx: Transaction, caller: Account): Promise<void> {
    if ((await countUnpaidOrders(tx, caller.id)) >= maxUnpaidOrders) {
      throw conflict(texts.orders.tooManyUnpaidOrders(maxUnpaidOrders));
    }
  }

  /**
   * What an account whose e-mail is not verified holds unpaid (null for a verified one, which
   * UNVERIFIED_HOLD_LIMIT does not bound). Read under the account's placement lock, before the
   * tool's row is locked: the fewer round trips while that lock is held, the better.
   */
  async function unverifiedUnpaidCents(tx: Transaction, caller: Account): Promise<number | null> {
    return caller.emailVerified ? null : sumUnpaidOrderCents(tx, caller.id);
  }

  /** UNVERIFIED_HOLD_LIMIT: 403 when an unverified account would hold more with this order. */
  function ensureWithinUnverifiedLimit(unpaidCents: number | null, addedCents: number): void {
    if (unpaidCents !== null && unpaidCents + addedCents > unverifiedHoldLimitCents) {
      throw forbidden(
        texts.orders.unverifiedHoldLimit(formatMoney(centsToDollars(unverifiedHoldLimitCents))),
      );
    }
  }

  function ensureOwnEmail(caller: Account, email: string): void {
    if (email.trim().toLowerCase() !== caller.email) {
      throw forbidden(texts.identityErrors.otherUsersEmail);
    }
  }

  /**
   * The refusal of a client `price` (when sent) that is not `unitPriceCents`, the unit price the
   * server takes for the order's quantity (409, with the right price); undefined when it is.
   */
  function staleClientPrice(input: PlaceOrderInput, unitPriceCents: number): Error | undefined {
    if (input.price === undefined || dollarsToCents(input.price) === unitPriceCents) return;
    return conflict(serverTexts.orderErrors.priceChanged(centsToDollars(unitPriceCents)));
  }

  /**
   * Why nothing was reserved, in the order a customer should hear it: the tool is not on sale
   * (404), the client's price is not the unit price of that quantity (409), or the quantity is
   * not strictly between its minimum and what is available now (400; under concurrency, the
   * stock moved).
   */
  async function refusal(tool: ToolReference, input: PlaceOrderInput): Promise<Error> {
    const current = await tools.findOrderable(tool);
    if (!current) return notFound(serverTexts.apiErrors.toolNotFound);
    const unitPriceCents = await tools.unitPriceCents(db, current, input.quantity);
    return staleClientPrice(input, unitPriceCents) ?? badRequest(texts.purchase.quantityOutOfRange);
  }

  return {
    /**
     * POST /order (DESIGN.md sections 4 and 11): the caller's own e-mail; at most
     * MAX_UNPAID_ORDERS unpaid orders per account; the tool by id, else by exact name; the
     * quantity rule and the stock reserved in the order's transaction by one conditional
     * UPDATE (the tool is only read again to explain a refusal); then, under that row lock, the
     * unit price of the largest price break the quantity reaches (else the list price), which
     * a client `price` must equal (409, and nothing reserved).
     * With an Idempotency-Key, the order that key placed already is answered again (nothing
     * reserved or counted twice), and the same key with other details is refused (422).
     * The order-placed e-mail (and a low-stock one, when the order crossed the threshold) is
     * written to the outbox in the order's transaction: it leaves if and only if the order does.
     */
    async placeOrder(
      caller: Account,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<PlaceOrderResponse> {
      ensureOwnEmail(caller, input.email);
      // No stock is below 1 or above the database's integer range: refused without a query.
      if (input.quantity < 1 || input.quantity > MAX_STOCK) {
        throw badRequest(texts.purchase.quantityOutOfRange);
      }
      const key =
        idempotencyKey === undefined ? undefined : { idempotencyKey, digest: requestDigest(input) };
      // A retry whose order is placed already: answered without the lock, the cap or the stock.
      if (key) {
        const earlier = await selectOrderByIdempotencyKey(db, caller.id, key.idempotencyKey);
        if (earlier) return replay(earlier, key.digest);
      }
      const tool: ToolReference = input.toolId ? { id: input.toolId } : { name: input.name };
      const placed = await db
        .transaction(async (tx): Promise<PlacedOrder | undefined> => {
          await lockOrderPlacements(tx, caller.id);
          // After the lock, a request with the same key that was placing its order has
          // committed it: this one answers with it instead of placing another.
          if (key) {
            const earlier = await selectOrderByIdempotencyKey(tx, caller.id, key.idempotencyKey);
            if (earlier) return { row: earlier, replayed: true };
          }
          await ensureRoomForUnpaidOrder(tx, caller);
          const unpaidCents = await unverifiedUnpaidCents(tx, caller);
          const reserved = await tools.reserveStock(tx, { tool, quantity: input.quantity });
          if (!reserved) return undefined;
          // The tool's row stays locked by the reservation: no break edit lands in between.
          const unitPriceCents = await tools.unitPriceCents(tx, reserved, input.quantity);
          // Thrown, it rolls the reservation back.
          const stale = staleClientPrice(input, unitPriceCents);
          if (stale) throw stale;
          // An order that could never be paid is refused now, not at the payment page.
          const totalCents = unitPriceCents * input.quantity;
          if (!isPayableTotal(totalCents)) {
            throw badRequest(texts.orders.totalTooLarge(PAYABLE_LIMIT_TEXT));
          }
          ensureWithinUnverifiedLimit(unpaidCents, totalCents);
          const row = await insertOrder(tx, {
            userId: caller.id,
            email: caller.email,
            toolId: reserved.id,
            toolName: reserved.name,
            toolImage: reserved.image,
            unitPriceCents,
            quantity: input.quantity,
            address: input.address,
            phone: input.phone,
            idempotencyKey: key?.idempotencyKey ?? null,
            requestDigest: key?.digest ?? null,
          });
          // The e-mails leave if and only if the order commits.
          await outbox.enqueue(tx, orderPlacedMail(orderDto(row), { publicUrl }), {
            orderId: row.id,
            mail: 'order placed',
          });
          const lowStock = tools.lowStockCrossing(reserved, input.quantity);
          if (lowStock) await tools.announceLowStock(tx, lowStock);
          return { row, replayed: false, stock: tools.reservedStockChange(reserved) };
        })
        .catch(async (error: unknown): Promise<PlacedOrder> => {
          // Tools are archived, never deleted: the account was removed after the guard read it.
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          // The lock makes this rare (another instance's clock, say): the key's order won.
          if (key && isUniqueViolation(error)) {
            const winner = await selectOrderByIdempotencyKey(db, caller.id, key.idempotencyKey);
            if (winner) return { row: winner, replayed: true };
          }
          throw error;
        });
      if (!placed) throw await refusal(tool, input);
      if (placed.replayed && key) return replay(placed.row, key.digest);

      // Patched, not rebuilt: GET /parts shows the stock this order left once this resolves.
      if (placed.stock) await catalog.stockMoved([placed.stock]);
      const order = orderDto(placed.row);
      return { acknowledged: true, insertedId: order._id, order };
    },

    /**
     * True when this account placed an order with this Idempotency-Key already: its retry does
     * not count towards ORDER_RATE_LIMIT.
     */
    async isRetryOfPlacedOrder(caller: Account, idempotencyKey: string): Promise<boolean> {
      return (await selectOrderByIdempotencyKey(db, caller.id, idempotencyKey)) !== undefined;
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
      return payableOrder(row);
    },

    /**
     * GET /orders/{id}/invoice.pdf: an order its owner or an admin may see. Someone else's, an
     * unknown or a malformed id is answered as not found, as findOwnOrder does.
     */
    async findOrderForOwnerOrAdmin(caller: Account, id: string): Promise<PayableOrder> {
      const row = IdSchema.safeParse(id).success
        ? await selectOrderById(db, id.toLowerCase())
        : undefined;
      if (!row || (row.userId !== caller.id && caller.role !== 'admin')) {
        throw notFound(serverTexts.orderErrors.orderNotFound);
      }
      return payableOrder(row);
    },

    /**
     * Keeps an unpaid order from expiring until `until` (a payment is under way): once per
     * order, and never past ORDER_HOLD_HOURS + 1 h after it was placed, so asking for intents
     * again and again holds nothing longer. False when it is not unpaid any more.
     */
    holdForPayment(id: string, until: Date): Promise<boolean> {
      return extendHold(db, id, until, { afterPlacingMs: holdCeilingMs(orderHoldHours) });
    },

    /**
     * The order, locked until `tx` ends (the expiry sweep skips it, a removal waits): the
     * payment decided on it stays true. Undefined when it is gone.
     */
    async lockForPayment(tx: Transaction, id: string): Promise<PayableOrder | undefined> {
      const row = await selectOrderByIdForUpdate(tx, id);
      return row && payableOrder(row);
    },

    /** Marks an order locked by lockForPayment, and still unpaid, paid with its transaction. */
    async markPaid(
      tx: Transaction,
      id: string,
      transactionId: string,
      paidAt: Date,
    ): Promise<PayableOrder> {
      return payableOrder(await markOrderPaid(tx, id, transactionId, paidAt));
    },

    /**
     * Tells the customer their order is paid, its invoice attached: the payments service calls
     * it in the payment's transaction, wherever the payment was confirmed (the browser, a
     * webhook). The e-mail names the invoice; its PDF is drawn when the e-mail leaves.
     */
    announcePaid(tx: Transaction, order: Order, invoice: PaidOrderInvoice): Promise<void> {
      return outbox.enqueue(tx, orderPaidMail(order, { publicUrl, invoice }), {
        orderId: order._id,
        invoiceId: invoice.id,
        mail: 'order paid',
      });
    },

    /** GET /orders?email=: the caller's own orders, newest first. */
    async listOwnOrders(caller: Account, email: string): Promise<Order[]> {
      ensureOwnEmail(caller, email);
      return (await selectOrdersOfUser(db, caller.id)).map(orderDto);
    },

    /**
     * DELETE /deleteOrder/{id}: an unpaid order, by its owner or an admin; its stock goes back
     * in the same transaction (a made-to-order one took none). A paid (or shipped, refunded,
     * disputed, cancelled) order is never deleted (409): an admin cancels it (cancelPaidOrder).
     * Someone else's order is answered as not found, so its existence is not revealed.
     */
    async removeOrder(caller: Account, id: string): Promise<{ deletedCount: number }> {
      if (!IdSchema.safeParse(id).success) throw notFound(serverTexts.orderErrors.orderNotFound);
      const isAdmin = caller.role === 'admin';
      const stockReturned = await db.transaction(async (tx) => {
        const order = await selectOrderByIdForUpdate(tx, id.toLowerCase());
        if (!order || (!isAdmin && order.userId !== caller.id)) {
          throw notFound(serverTexts.orderErrors.orderNotFound);
        }
        ensureRemovable(order.status, { admin: isAdmin });
        await deleteOrderById(tx, order.id);
        // A made-to-order order never took any stock.
        if (order.madeToOrder) return undefined;
        return tools.returnStock(tx, order.toolId, order.quantity);
      });
      if (stockReturned) await catalog.stockMoved([stockReturned]);
      return { deletedCount: 1 };
    },

    /**
     * For the quotes module, in the transaction that accepts the quote (its row locked there):
     * an unpaid order at the agreed unit price, to the address the customer gave, under the
     * same per-account lock and MAX_UNPAID_ORDERS cap as POST /order. The stock is reserved
     * when the tool is on sale and at least the quantity is available; otherwise the order is
     * made to order and takes none. The orders' unique quote_id makes it one order per quote,
     * whatever races. The low-stock e-mails of a crossing it makes are written with `tx`. The
     * caller hands `stock` (when the stock moved) to the catalog after its commit
     * (catalog.stockMoved).
     */
    async placeQuotedOrder(
      tx: Transaction,
      caller: Account,
      request: QuotedOrderRequest,
    ): Promise<QuotedOrderPlaced> {
      await lockOrderPlacements(tx, caller.id);
      await ensureRoomForUnpaidOrder(tx, caller);
      const reserved = await tools.reserveQuotedStock(tx, request.toolId, request.quantity);
      const row = await insertOrder(tx, {
        userId: caller.id,
        email: caller.email,
        toolId: request.toolId,
        toolName: request.toolName,
        toolImage: request.toolImage,
        unitPriceCents: request.unitPriceCents,
        quantity: request.quantity,
        address: request.address,
        phone: request.phone,
        madeToOrder: !reserved,
        quoteId: request.quoteId,
      });
      const lowStock = reserved && tools.lowStockCrossing(reserved, request.quantity);
      if (lowStock) await tools.announceLowStock(tx, lowStock);
      return { order: orderDto(row), stock: reserved && tools.reservedStockChange(reserved) };
    },

    /** For the quotes module: the order each of these quotes placed, by quote id (if any). */
    orderIdsOfQuotes(quoteIds: readonly string[]): Promise<Map<string, string>> {
      return selectOrderIdsOfQuotes(db, quoteIds);
    },

    /** GET /manageOrders (admin): every order, newest first, those of removed accounts too. */
    async listAllOrders(): Promise<ManagedOrder[]> {
      return (await selectAllOrders(db)).map(managedOrderDto);
    },

    /**
     * PATCH /manageOrders/{id}/ship (admin): a paid order becomes shipped, and its customer sees
     * 'shipped' in My Orders. Idempotent: an order shipped already is answered as it is (a
     * double click, a retried request). An unpaid, disputed, cancelled or refunded order cannot
     * be shipped (409, each in its words).
     */
    async shipOrder(id: string): Promise<ManagedOrder> {
      if (!IdSchema.safeParse(id).success) throw notFound(serverTexts.orderErrors.orderNotFound);
      const shipped = await db.transaction(async (tx) => {
        const row = await markOrderShipped(tx, id.toLowerCase(), new Date());
        // Only the request that shipped it: a repeated click sends no second e-mail.
        if (row) {
          await outbox.enqueue(tx, orderShippedMail(managedOrderDto(row), { publicUrl }), {
            orderId: row.id,
            mail: 'order shipped',
          });
        }
        return row;
      });
      if (shipped) return managedOrderDto(shipped);
      const order = await selectOrderById(db, id.toLowerCase());
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      // Shipped already (a double click, a retried request): answered as it is.
      if (isShipped(order.status)) return managedOrderDto(order);
      ensureShippable(order.status);
      // Paid between the UPDATE and this read: it was not paid when the admin asked.
      throw conflict(texts.adminErrors.unpaidOrderCannotBeShipped);
    },

    /**
     * GET /manageHolds (admin): every unpaid order an account holds, oldest first, with the
     * time it expires; the caller groups them by account.
     */
    async listHeldOrders(): Promise<
      { userId: string; order: Order; totalCents: number; holdUntil: Date }[]
    > {
      return (await selectHeldOrders(db)).flatMap((row) => {
        const holdUntil = holdUntilOf(row, orderHoldHours);
        return row.userId && holdUntil
          ? [
              {
                userId: row.userId,
                order: orderDto(row),
                totalCents: row.unitPriceCents * row.quantity,
                holdUntil,
              },
            ]
          : [];
      });
    },

    /**
     * POST /manageHolds/{userId}/release (admin): removes every unpaid order of the account in
     * one transaction and returns their stock (tools in one fixed order, as the sweep does); an
     * order being paid at that moment is waited for and kept once paid.
     */
    async releaseHoldsOf(userId: string): Promise<{ deletedCount: number; returnedUnits: number }> {
      const released = await db.transaction(async (tx) => {
        const deleted = await deleteUnpaidOrdersOfUser(tx, userId);
        const byTool = new Map<string, number>();
        for (const { toolId, quantity } of deleted.filter((order) => !order.madeToOrder)) {
          byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
        }
        const changes: StockChange[] = [];
        for (const toolId of [...byTool.keys()].sort()) {
          const change = await tools.returnStock(tx, toolId, byTool.get(toolId) ?? 0);
          if (change) changes.push(change);
        }
        return { deleted, changes, returnedUnits: [...byTool.values()].reduce((a, b) => a + b, 0) };
      });
      if (released.changes.length > 0) await catalog.stockMoved(released.changes);
      return { deletedCount: released.deleted.length, returnedUnits: released.returnedUnits };
    },

    /**
     * Deletes the unpaid orders placed more than ORDER_HOLD_HOURS before `now` and returns their
     * stock, batch by batch, each batch one transaction. Safe to run on several instances at
     * once: a batch skips the orders another transaction holds, so each order's stock comes back
     * once. `now` is the caller's clock (tests move it); the database's clock is not read.
     */
    async sweepExpiredOrders(now: Date): Promise<SweepResult> {
      const cutoffs = {
        cutoff: new Date(now.getTime() - orderHoldHours * HOUR_MS),
        // Whatever its hold says, no order is kept past the ceiling.
        ceilingCutoff: new Date(now.getTime() - holdCeilingMs(orderHoldHours)),
      };
      const result: SweepResult = { expiredOrders: 0, returnedUnits: 0 };
      const returned: StockChange[] = [];
      for (;;) {
        const expired = await db.transaction(async (tx) => {
          const deleted = await deleteUnpaidOrdersCreatedBefore(tx, cutoffs, now, SWEEP_BATCH_SIZE);
          const byTool = new Map<string, number>();
          // A made-to-order order took no stock: it gives none back.
          for (const { toolId, quantity } of deleted.filter((order) => !order.madeToOrder)) {
            byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
          }
          // Tools in one order on every instance: two sweeps never wait on each other in a cycle.
          const changes: StockChange[] = [];
          for (const toolId of [...byTool.keys()].sort()) {
            const change = await tools.returnStock(tx, toolId, byTool.get(toolId) ?? 0);
            if (change) changes.push(change);
          }
          return { deleted, changes };
        });
        returned.push(...expired.changes);
        result.expiredOrders += expired.deleted.length;
        result.returnedUnits += expired.deleted.reduce(
          (sum, order) => sum + (order.madeToOrder ? 0 : order.quantity),
          0,
        );
        if (expired.deleted.length < SWEEP_BATCH_SIZE) break;
      }
      if (returned.length > 0) await catalog.stockMoved(returned);
      return result;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

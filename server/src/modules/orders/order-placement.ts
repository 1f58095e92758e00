import { randomUUID } from 'node:crypto';
import {
  isQuantityAllowed,
  serverTexts,
  texts,
  type Order,
  type PlaceOrderInput,
  type PlaceOrderResponse,
  PLACED_STATUS,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../http-errors.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { orderPlacedMail } from '../../mail/templates/orders.ts';
import { newOrderForStaffMail } from '../../mail/templates/staff.ts';
import type { Account } from '../identity/identity.service.ts';
import type {
  PricedReservation,
  PricedTool,
  ReservedTool,
  ToolReference,
  ToolsService,
} from '../tools/tools.service.ts';
import { placeOrderAnswer, type OrderDtos } from './order-dto.ts';
import { emailEvent, eventRows, insertOrderEvents } from './order-events.repository.ts';
import { insertCheckout } from './checkouts.repository.ts';
import { idempotentRequest, replayOf } from './order-idempotency.ts';
import {
  ensureOwnEmail,
  ensurePayableTotal,
  ensureQuantityCouldBeInStock,
  ensureRoomForUnpaidCheckouts,
  ensureWithinHoldLimit,
  holdLimitOf,
  linesOverToolShare,
  reservedLineForShare,
  staleClientPrice,
  type HoldLimitDefaults,
} from './order-rules.ts';
import {
  insertOrder,
  insertPlacedOrder,
  lockOrderPlacements,
  selectOrderByIdempotencyKey,
  selectUnpaidHoldings,
  type NewOrderRow,
  type OrderRow,
} from './orders.repository.ts';

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
 * The order an accepted quote placed; the stock its reservation left (none when made to order),
 * for the caller to hand to the catalog after its commit.
 */
export type QuotedOrderPlaced = {
  order: Order;
  stock: StockChange | undefined;
};

/**
 * What POST /order's transaction committed: the order, whether an earlier request with the same
 * Idempotency-Key placed it, and the stock its reservation left (for the catalog).
 */
/** A new order (with the answer its e-mails were written from), or the key's earlier one. */
type PlacedOrder =
  | { replayed: false; row: OrderRow; order: Order; stock?: StockChange }
  | { replayed: true; row: OrderRow };

export type OrderPlacementOptions = {
  db: Database;
  catalog: CatalogChanged;
  tools: ToolsService;
  dtos: OrderDtos;
  maxUnpaidOrders: number;
  /** The default hold limits (UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT), in cents. */
  holdLimits: HoldLimitDefaults;
  /** UNPAID_TOOL_SHARE: the percentage of a tool's stock one account may hold unpaid. */
  toolSharePercent: number;
  outbox: OutboxWriter;
  publicUrl: string;
  /** TAX_RATE_PERCENT in basis points, kept on each order as it is placed (issue 25). */
  taxRateBasisPoints?: number;
  /** One transaction at a time on this engine (PGlite): the account's lock is the engine's own. */
  transactionsRunAlone?: boolean;
};

/**
 * The row an INSERT of `values` at `createdAt` (the transaction's now(), the column's default)
 * makes: every other column its default. POST /order writes its e-mails and its answer from it,
 * and reads nothing back (orders.routes.test.ts checks it against the row the database keeps).
 */
function asInserted(values: NewOrderRow & { id: string }, createdAt: Date): OrderRow {
  return {
    toolSku: '',
    poNumber: '',
    phone: '',
    quoteId: null,
    idempotencyKey: null,
    requestDigest: null,
    taxRateBasisPoints: 0,
    ...values,
    userId: values.userId ?? null,
    status: PLACED_STATUS,
    transactionId: null,
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    cancelledAt: null,
    refundedAt: null,
    disputedAt: null,
    createdAt,
    holdUntil: null,
    holdExtended: false,
    madeToOrder: false,
  };
}

/** Thrown in POST /order's transaction to roll it back: its reservation took nothing. */
const NOTHING_RESERVED = new Error('the reservation took nothing');
/** Thrown in POST /order's transaction to roll it back: the tool changed since it was read. */
const TOOL_CHANGED_MEANWHILE = new Error('the tool changed between its read and its reservation');
/** What a placement rolled back by TOOL_CHANGED_MEANWHILE answers: place it again. */
const TOOL_CHANGED = 'tool changed';
/**
 * How many times POST /order is placed before it gives up on a tool edited under it every time
 * (then refused as the tool is: an edit between two statements of an order is rare already).
 */
const PLACEMENT_ATTEMPTS = 3;

/** Whether the reservation found the tool as the order read it: what the order row copies. */
function isAsRead(reserved: PricedReservation, read: PricedTool): boolean {
  return (
    reserved.id === read.id &&
    reserved.name === read.name &&
    reserved.sku === read.sku &&
    reserved.image === read.image &&
    reserved.unitPriceCents === read.unitPriceCents
  );
}

/** Placing orders: POST /order, and the order an accepted quote places. */
export function createOrderPlacement(options: OrderPlacementOptions) {
  const { db, catalog, tools, dtos, maxUnpaidOrders, holdLimits, toolSharePercent } = options;
  const { outbox, publicUrl } = options;

  /**
   * UNPAID_TOOL_SHARE for one order, its tool's row locked by its reservation (`reserved`, the
   * tool as the reservation left it): 409, in words, when the account would hold more than its
   * share of the tool's stock. `heldUnits`: every unit the account holds (selectUnpaidHoldings);
   * `orderId`: the order, written already (not held before it).
   */
  async function ensureWithinToolShare(
    tx: Transaction,
    caller: Account,
    reserved: { id: string; name: string; availableQuantity: number; minOrderQuantity: number },
    order: { id: string; quantity: number },
    heldUnits: number,
  ): Promise<void> {
    const [over] = await linesOverToolShare(
      tx,
      caller.id,
      [reservedLineForShare(reserved, order.quantity)],
      { unitsBound: heldUnits, sharePercent: toolSharePercent, placedOrderId: order.id },
    );
    if (over) {
      throw conflict(texts.orders.toolShareLimit(reserved.name, over.maxUnits, over.heldUnits));
    }
  }

  /**
   * Why nothing was reserved, in the order a customer should hear it: the tool is not on sale
   * (404: no unit price), the client's price is not the unit price of that quantity (409), or the
   * quantity is not strictly between its minimum and what is available now (400; under
   * concurrency, the stock moved).
   */
  function refusalAt(input: PlaceOrderInput, unitPriceCents: number | undefined): Error {
    if (unitPriceCents === undefined) return notFound(serverTexts.apiErrors.toolNotFound);
    return staleClientPrice(input, unitPriceCents) ?? badRequest(texts.purchase.quantityOutOfRange);
  }

  /** refusalAt for the tool as it is now, read again: its reservation found less than its read. */
  async function refusal(tool: ToolReference, input: PlaceOrderInput): Promise<Error> {
    const current = await tools.findOrderable(tool);
    return refusalAt(input, current && (await tools.unitPriceCents(db, current, input.quantity)));
  }

  /**
   * POST /order's transaction. The tool's row is locked by its reservation, the last statement
   * before the commit (every other buyer of the tool waits on that lock), so the order, its
   * events and its e-mails are written before it, from the tool as the first statement read it;
   * the reservation's own answer is then the word: nothing reserved rolls everything back
   * (undefined: refusal says why), and a tool that changed in between rolls it back too
   * (TOOL_CHANGED: placed again from the tool as it is).
   */
  async function placeOnce(
    caller: Account,
    input: PlaceOrderInput,
    tool: ToolReference,
    key: ReturnType<typeof idempotentRequest>,
  ): Promise<PlacedOrder | typeof TOOL_CHANGED | undefined> {
    return db
      .transaction(async (tx): Promise<PlacedOrder> => {
        // PGlite runs each transaction alone (db/transactions-run-alone.test.ts): there the
        // lock would always be free, a statement for nothing on the engine's one thread.
        if (!options.transactionsRunAlone) await lockOrderPlacements(tx, caller.id);
        // After the lock, a request with the same key that was placing its order has
        // committed it: this one answers with it instead of placing another.
        if (key) {
          const earlier = await selectOrderByIdempotencyKey(tx, caller.id, key.idempotencyKey);
          if (earlier) return { row: earlier, replayed: true };
        }
        // Everything the order reads, in one query and with no row locked: the caps' figures,
        // the e-mails' readers (the staff, the names to greet), and the tool on sale with the
        // unit price of the quantity.
        const readers = outbox.readersAlongside([caller.email]);
        const ordered = tools.orderedToolAlongside(tool, input.quantity);
        const holdings = await selectUnpaidHoldings(tx, caller.id, { readers, tool: ordered });
        ensureRoomForUnpaidCheckouts(holdings.checkouts, maxUnpaidOrders);
        const read = ordered.parse(holdings.alongside.tool);
        // Not on sale, or the quantity outside its rule, as this read found it: nothing written.
        if (!read || !isQuantityAllowed(input.quantity, read)) {
          throw refusalAt(input, read?.unitPriceCents);
        }
        const { unitPriceCents } = read;
        const stale = staleClientPrice(input, unitPriceCents);
        if (stale) throw stale;
        const totalCents = unitPriceCents * input.quantity;
        ensurePayableTotal(totalCents);
        ensureWithinHoldLimit(holdings.cents, totalCents, holdLimitOf(caller, holdLimits));
        const mailRows = readers.prepared(holdings.alongside.readers);
        // Well-formed texts already (json-body.ts makes a lone surrogate U+FFFD): the e-mails,
        // written before the INSERT, say what the database keeps.
        const { address, phone } = input;
        // The purchase page's Place Order is a one-line checkout
        // (docs/architecture.md#business-buyers).
        const checkout = {
          id: randomUUID(),
          userId: caller.id,
          email: caller.email,
          address,
          phone,
        };
        const order = {
          id: randomUUID(),
          userId: caller.id,
          email: caller.email,
          checkoutId: checkout.id,
          toolId: read.id,
          toolSku: read.sku,
          toolName: read.name,
          toolImage: read.image,
          unitPriceCents,
          quantity: input.quantity,
          address,
          phone,
          idempotencyKey: key?.idempotencyKey ?? null,
          requestDigest: key?.digest ?? null,
          taxRateBasisPoints: options.taxRateBasisPoints ?? 0,
        };
        // The e-mails leave if and only if the order commits; they and its timeline's first
        // two lines are written with it, in one statement: written from the order as it will
        // be (the transaction's time is its created_at).
        const row = asInserted(order, holdings.now);
        const expected = dtos.orderDto(row);
        const placedMail = orderPlacedMail(expected, { publicUrl });
        await insertPlacedOrder(tx, {
          checkout,
          order,
          events: eventRows([
            { orderId: order.id, kind: 'placed', actorId: caller.id, at: holdings.now },
            emailEvent(order.id, placedMail, holdings.now),
          ]),
          mails: mailRows.rows(tx, [
            { message: placedMail, about: { orderId: order.id, mail: 'order placed' } },
            ...mailRows.staff.map((to) => ({
              message: newOrderForStaffMail(expected, { publicUrl, to }),
              about: { orderId: order.id, mail: 'new order, to staff' },
            })),
          ]),
        });
        const reserved = await tools.reserveStock(tx, {
          tool: { id: read.id },
          quantity: input.quantity,
        });
        // Thrown, they roll the order, its events and its e-mails back.
        if (!reserved) throw NOTHING_RESERVED;
        if (!isAsRead(reserved, read)) throw TOOL_CHANGED_MEANWHILE;
        await ensureWithinToolShare(tx, caller, reserved, order, holdings.units);
        const lowStock = tools.lowStockCrossing(reserved, input.quantity);
        if (lowStock) await tools.announceLowStock(tx, lowStock);
        const stock = tools.reservedStockChange(reserved);
        return { replayed: false, row, order: expected, stock };
      })
      .catch(async (error: unknown): Promise<PlacedOrder | typeof TOOL_CHANGED | undefined> => {
        if (error === NOTHING_RESERVED) return undefined;
        if (error === TOOL_CHANGED_MEANWHILE) return TOOL_CHANGED;
        // Tools are archived, never deleted: the account was removed after the guard read it.
        if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
        // The lock makes this rare (another instance's clock, say): the key's order won.
        if (key && isUniqueViolation(error)) {
          const winner = await selectOrderByIdempotencyKey(db, caller.id, key.idempotencyKey);
          if (winner) return { row: winner, replayed: true };
        }
        throw error;
      });
  }

  /**
   * An accepted quote's stock: reserved when that much is on sale and the account stays within
   * its share of the tool's stock (UNPAID_TOOL_SHARE); otherwise none is taken (a savepoint
   * rolls the reservation back) and the order is made to order, as when the stock is short.
   */
  async function reserveQuotedWithinShare(
    tx: Transaction,
    caller: Account,
    request: QuotedOrderRequest,
    heldUnits: number,
  ): Promise<ReservedTool | undefined> {
    return tx
      .transaction(async (savepoint) => {
        const reserved = await tools.reserveQuotedStock(
          savepoint,
          request.toolId,
          request.quantity,
        );
        if (!reserved) return undefined;
        const line = reservedLineForShare(reserved, request.quantity);
        const over = await linesOverToolShare(savepoint, caller.id, [line], {
          unitsBound: heldUnits,
          sharePercent: toolSharePercent,
        });
        if (over.length > 0) throw BEYOND_SHARE;
        return reserved;
      })
      .catch((error: unknown) => {
        if (error === BEYOND_SHARE) return undefined;
        throw error;
      });
  }

  return {
    /**
     * POST /order (docs/architecture.md#orders): the caller's own e-mail; at most
     * MAX_UNPAID_ORDERS unpaid orders per account; the tool by id, else by exact name; the unit
     * price of the largest price break the quantity reaches (else the list price), which a
     * client `price` must equal (409, and nothing reserved); the quantity rule and the stock
     * reserved in the order's transaction by one conditional UPDATE, its last statement, which
     * prices the quantity again under the tool's row lock (placeOnce: the tool is read again
     * only to explain a refusal).
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
      ensureQuantityCouldBeInStock(input.quantity);
      const key = idempotentRequest(input, idempotencyKey);
      // A retry whose order is placed already: answered without the lock, the cap or the stock.
      if (key) {
        const earlier = await selectOrderByIdempotencyKey(db, caller.id, key.idempotencyKey);
        if (earlier) return dtos.placeOrderResponse(replayOf(earlier, key));
      }
      const tool: ToolReference = input.toolId ? { id: input.toolId } : { name: input.name };
      let outcome = await placeOnce(caller, input, tool, key);
      // The tool was edited between the order's read of it and its reservation (its price, name,
      // SKU or picture): everything was rolled back; placed again, reading the tool as it is.
      for (let attempt = 2; outcome === TOOL_CHANGED && attempt <= PLACEMENT_ATTEMPTS; attempt++) {
        outcome = await placeOnce(caller, input, tool, key);
      }
      const placed = outcome === TOOL_CHANGED ? undefined : outcome;
      if (!placed) throw await refusal(tool, input);
      if (placed.replayed) {
        return dtos.placeOrderResponse(key ? replayOf(placed.row, key) : placed.row);
      }

      // Patched, not rebuilt: GET /parts shows the stock this order left once this resolves.
      if (placed.stock) await catalog.stockMoved([placed.stock]);
      return placeOrderAnswer(placed.order);
    },

    /**
     * For the quotes module, in the transaction that accepts the quote (its row locked there):
     * an unpaid order at the agreed unit price, to the address the customer gave, under the
     * same per-account lock, MAX_UNPAID_ORDERS cap and hold limit as POST /order (counted by
     * the same statement and check). The stock is reserved when the tool is on sale, at least
     * the quantity is available and the account stays within its share of the tool's stock;
     * otherwise the order is made to order and takes none. The orders' unique quote_id makes it one order per quote,
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
      // The same figures and checks as POST /order's and the checkout's: an accepted quote is
      // an unpaid order like theirs, made to order or not.
      const holdings = await selectUnpaidHoldings(tx, caller.id, {});
      ensureRoomForUnpaidCheckouts(holdings.checkouts, maxUnpaidOrders);
      const totalCents = request.unitPriceCents * request.quantity;
      ensureWithinHoldLimit(holdings.cents, totalCents, holdLimitOf(caller, holdLimits));
      const reserved = await reserveQuotedWithinShare(tx, caller, request, holdings.units);
      const checkout = await insertCheckout(tx, {
        userId: caller.id,
        email: caller.email,
        address: request.address,
        phone: request.phone,
      });
      const row = await insertOrder(tx, {
        userId: caller.id,
        email: caller.email,
        checkoutId: checkout.id,
        toolId: request.toolId,
        toolSku: reserved?.sku ?? (await tools.skuOf(tx, request.toolId)),
        toolName: request.toolName,
        toolImage: request.toolImage,
        unitPriceCents: request.unitPriceCents,
        quantity: request.quantity,
        address: request.address,
        phone: request.phone,
        madeToOrder: !reserved,
        quoteId: request.quoteId,
        taxRateBasisPoints: options.taxRateBasisPoints ?? 0,
      });
      await insertOrderEvents(tx, [
        {
          orderId: row.id,
          kind: 'placed',
          actorId: caller.id,
          detail: { quoteId: request.quoteId },
        },
      ]);
      const lowStock = reserved && tools.lowStockCrossing(reserved, request.quantity);
      if (lowStock) await tools.announceLowStock(tx, lowStock);
      return { order: dtos.orderDto(row), stock: reserved && tools.reservedStockChange(reserved) };
    },
  };
}

/** Thrown in an accepted quote's savepoint: its reservation would pass the account's share. */
const BEYOND_SHARE = new Error("the quote's reservation would pass the account's share");

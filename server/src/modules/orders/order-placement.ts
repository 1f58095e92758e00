import {
  orderReference,
  serverTexts,
  texts,
  type Order,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../http-errors.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { orderPlacedMail, orderPlacedSubject } from '../../mail/templates/orders.ts';
import { newOrderForStaffMail } from '../../mail/templates/staff.ts';
import type { Account } from '../identity/identity.service.ts';
import type { ReservedTool, ToolReference, ToolsService } from '../tools/tools.service.ts';
import { placeOrderAnswer, type OrderDtos } from './order-dto.ts';
import { idempotentRequest, replayOf } from './order-idempotency.ts';
import {
  NOTHING_RESERVED,
  type OrderMailRecipes,
  type PlacementPipeline,
} from './order-pipeline.ts';
import {
  ensureOwnEmail,
  ensureQuantityCouldBeInStock,
  linesOverToolShare,
  reservedLineForShare,
  staleClientPrice,
} from './order-rules.ts';
import { orderRowOfJson, selectOrderByIdempotencyKey, type OrderRow } from './orders.repository.ts';

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
  /** The buyer's PO number given when accepting ('' when none), kept on the checkout. */
  poNumber: string;
};

/** A line of an accepted quote or request: its tool as the quote kept it, how many, at what. */
export type QuotedLine = Omit<QuotedOrderRequest, 'address' | 'phone' | 'poNumber'>;

/** What accepting a quote request orders: its lines, in its order, and where they go. */
export type QuotedCheckoutRequest = Pick<QuotedOrderRequest, 'address' | 'phone' | 'poNumber'> & {
  lines: readonly QuotedLine[];
  /** The 'placed' event's detail of each order (the quote's id, or the request's). */
  eventDetail: Record<string, string>;
};

/** The checkout an accepted request placed, its orders, and the stock each reservation left. */
export type QuotedCheckoutPlaced = {
  checkoutId: string;
  orders: Order[];
  stock: StockChange[];
};

/**
 * The order an accepted quote placed; the stock its reservation left (none when made to order),
 * for the caller to hand to the catalog after its commit.
 */
export type QuotedOrderPlaced = {
  order: Order;
  stock: StockChange | undefined;
};

export type OrderPlacementOptions = {
  db: Database;
  catalog: CatalogChanged;
  tools: ToolsService;
  dtos: OrderDtos;
  pipeline: PlacementPipeline;
  /** Renders POST /order's e-mails, written as recipes, as they leave. */
  outbox: Pick<OutboxWriter, 'defineRecipe'>;
  /** UNPAID_TOOL_SHARE: the percentage of a tool's stock one account may hold unpaid. */
  toolSharePercent: number;
  publicUrl: string;
};

/** Thrown in an accepted quote's savepoint: its reservation would pass the account's share. */
const BEYOND_SHARE = new Error("the quote's reservation would pass the account's share");

/**
 * POST /order's e-mails, written as recipes of the placed order's row by the statement that
 * places it (order-pipeline.ts) and rendered as they leave, from that row as written.
 */
const ORDER_PLACED_RECIPES: OrderMailRecipes = {
  buyer: {
    kind: 'order placed',
    subject: (orderId) => orderPlacedSubject(orderReference(orderId)),
  },
  staff: { kind: 'new order, to staff' },
};

/** The row of a placed order, out of the data of its e-mails' recipes ({ order: its row }). */
function placedOrderOf(data: unknown): OrderRow {
  const order: unknown = typeof data === 'object' && data !== null && 'order' in data && data.order;
  if (typeof order !== 'object' || order === null) {
    throw new Error("an order e-mail's recipe holds no order");
  }
  return orderRowOfJson(order as Record<string, unknown>);
}

/** Placing orders through the pipeline (order-pipeline.ts): POST /order, and an accepted quote. */
export function createOrderPlacement(options: OrderPlacementOptions) {
  const { db, catalog, tools, dtos, pipeline, toolSharePercent, publicUrl, outbox } = options;
  outbox.defineRecipe(ORDER_PLACED_RECIPES.buyer.kind, (data) =>
    orderPlacedMail(dtos.orderDto(placedOrderOf(data)), { publicUrl }),
  );
  outbox.defineRecipe(ORDER_PLACED_RECIPES.staff.kind, (data, to) =>
    newOrderForStaffMail(dtos.orderDto(placedOrderOf(data)), { publicUrl, to }),
  );

  /**
   * Why nothing was reserved, as the tool is now (read again), in the order a customer should
   * hear it: the tool is not on sale (404: no unit price), the client's price is not the unit
   * price of that quantity (409), or the quantity is not strictly between its minimum and what
   * is available now (400; under concurrency, the stock moved).
   */
  async function refusal(tool: ToolReference, input: PlaceOrderInput): Promise<Error> {
    const current = await tools.findOrderable(tool);
    const unitPriceCents = current && (await tools.unitPriceCents(db, current, input.quantity));
    if (unitPriceCents === undefined) return notFound(serverTexts.apiErrors.toolNotFound);
    return staleClientPrice(input, unitPriceCents) ?? badRequest(texts.purchase.quantityOutOfRange);
  }

  /**
   * An accepted quote's stock: reserved when that much is on sale and the account stays within
   * its share of the tool's stock (UNPAID_TOOL_SHARE); otherwise none is taken (a savepoint
   * rolls the reservation back) and the order is made to order, as when the stock is short.
   */
  async function reserveQuotedWithinShare(
    tx: Transaction,
    caller: Account,
    request: Pick<QuotedLine, 'toolId' | 'quantity'>,
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

  /**
   * For the quotes module, in the transaction that accepts a quote or a request of several lines
   * (its row locked there): ONE unpaid checkout with an order per line at its agreed unit price,
   * to the address the customer gave, through the pipeline (its lock, MAX_UNPAID_ORDERS cap and
   * hold limit on the whole total). Each line's stock is reserved when its tool is on sale, at
   * least its quantity is available and the account stays within its share of the tool's stock;
   * otherwise that order is made to order and takes none. The tools are reserved in the order of
   * their ids (as a cart's checkout locks them), the orders numbered in the lines' order.
   */
  async function placeQuotedCheckout(
    tx: Transaction,
    caller: Account,
    request: QuotedCheckoutRequest,
  ): Promise<QuotedCheckoutPlaced> {
    const outcome = await pipeline.place<never>(tx, {
      caller,
      async reserve(tx, rules) {
        // Before any stock is taken, as for POST /order: a refused quote takes no tool's row.
        rules.ensurePayableWithinHoldLimit(
          request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
        );
        const byToolId = [...request.lines].sort((a, b) => a.toolId.localeCompare(b.toolId));
        const reserved = new Map<string, ReservedTool | undefined>();
        for (const line of byToolId) {
          reserved.set(
            line.quoteId,
            await reserveQuotedWithinShare(tx, caller, line, rules.holdings.units),
          );
        }
        return Promise.all(
          request.lines.map(async (line, index) => {
            const tool = reserved.get(line.quoteId);
            return {
              quoteId: line.quoteId,
              lineNumber: index + 1,
              toolId: line.toolId,
              toolSku: tool?.sku ?? (await tools.skuOf(tx, line.toolId)),
              toolName: line.toolName,
              toolImage: line.toolImage,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              reserved: tool,
            };
          }),
        );
      },
      // The share was each reservation's condition; the hold limit was checked before them.
      check: () => {},
      checkout: { address: request.address, phone: request.phone, poNumber: request.poNumber },
      eventDetail: () => request.eventDetail,
    });
    if (!('placed' in outcome)) throw new Error('an accepted quote has no earlier placement');
    const { checkout, orders, stock } = outcome.placed;
    return { checkoutId: checkout.id, orders: orders.map((row) => dtos.orderDto(row)), stock };
  }

  return {
    /**
     * POST /order (docs/architecture.md#orders), a one-line checkout: the caller's own e-mail; at
     * most MAX_UNPAID_ORDERS unpaid checkouts per account; the tool by id, else by exact name,
     * reserved by one conditional UPDATE that prices the quantity (the unit price of the largest
     * price break it reaches, else the list price) under the tool's row lock; a client `price`
     * must equal that (409, nothing kept); then a total one payment can pay, the hold limit and
     * the account's share of the tool. Nothing reserved: the tool is read again to say why.
     * With an Idempotency-Key, the order that key placed already is answered again (nothing
     * reserved or counted twice), and the same key with other details is refused (422).
     * The order-placed e-mails are written to the outbox in the order's transaction: they leave
     * if and only if the order does.
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
      const outcome = await db
        .transaction((tx) =>
          pipeline.place(tx, {
            caller,
            underLock: key
              ? (tx) => selectOrderByIdempotencyKey(tx, caller.id, key.idempotencyKey)
              : undefined,
            reserveWithOrder: { tool, quantity: input.quantity },
            async check(lines, rules) {
              for (const line of lines) {
                const stale = staleClientPrice(input, line.unitPriceCents);
                if (stale) throw stale;
                rules.ensurePayableWithinHoldLimit(line.unitPriceCents * line.quantity);
                const [over] = await rules.overShare([line]);
                if (over) {
                  throw conflict(
                    texts.orders.toolShareLimit(line.toolName, over.maxUnits, over.heldUnits),
                  );
                }
              }
            },
            // Well-formed texts already (json-body.ts makes a lone surrogate U+FFFD).
            checkout: { address: input.address, phone: input.phone },
            orderColumns: {
              idempotencyKey: key?.idempotencyKey ?? null,
              requestDigest: key?.digest ?? null,
            },
            recipes: ORDER_PLACED_RECIPES,
            // The same e-mails composed at once, for a buyer whose limit the total is judged by.
            mails: ({ orders }, staff) => {
              const order = dtos.orderDto(orders[0]!);
              const about = { orderId: order._id };
              return [
                {
                  message: orderPlacedMail(order, { publicUrl }),
                  about: { ...about, mail: ORDER_PLACED_RECIPES.buyer.kind },
                },
                ...staff.map((to) => ({
                  message: newOrderForStaffMail(order, { publicUrl, to }),
                  about: { ...about, mail: ORDER_PLACED_RECIPES.staff.kind },
                })),
              ];
            },
          }),
        )
        .catch(async (error: unknown) => {
          if (error === NOTHING_RESERVED) throw await refusal(tool, input);
          // Tools are archived, never deleted: the account was removed after the guard read it.
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          // The lock makes this rare (another instance's clock, say): the key's order won.
          if (key && isUniqueViolation(error)) {
            const winner = await selectOrderByIdempotencyKey(db, caller.id, key.idempotencyKey);
            if (winner) return { earlier: winner };
          }
          throw error;
        });
      if ('earlier' in outcome) {
        return dtos.placeOrderResponse(key ? replayOf(outcome.earlier, key) : outcome.earlier);
      }
      const { orders, stock } = outcome.placed;
      // Patched, not rebuilt: GET /parts shows the stock this order left once this resolves.
      if (stock.length > 0) await catalog.stockMoved(stock);
      return placeOrderAnswer(dtos.orderDto(orders[0]!));
    },

    /**
     * For the quotes module, in the transaction that accepts the quote (its row locked there):
     * an unpaid order at the agreed unit price, to the address the customer gave, through the
     * same pipeline as POST /order (its lock, MAX_UNPAID_ORDERS cap and hold limit): the one-line
     * case of placeQuotedCheckout. The orders' unique quote_id makes it one order per quote,
     * whatever races. The caller writes the quote's e-mails, and hands `stock` (when the stock
     * moved) to the catalog after its commit (catalog.stockMoved).
     */
    async placeQuotedOrder(
      tx: Transaction,
      caller: Account,
      request: QuotedOrderRequest,
    ): Promise<QuotedOrderPlaced> {
      const { quoteId, address, phone, poNumber, ...line } = request;
      const placed = await placeQuotedCheckout(tx, caller, {
        lines: [{ quoteId, ...line }],
        address,
        phone,
        poNumber,
        eventDetail: { quoteId },
      });
      return { order: placed.orders[0]!, stock: placed.stock[0] };
    },

    placeQuotedCheckout,
  };
}

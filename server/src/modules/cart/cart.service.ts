import {
  blocksCheckout,
  chargedTotalOf,
  taxSummaryOf,
  type TaxTerms,
  cartQuantitySchema,
  cheaperShippingAbove,
  centsToDollars,
  dollarsToCents,
  isQuantityAllowed,
  MAX_CART_LINES,
  skuKey,
  SKU_MAX_LENGTH,
  shippingChargeOf,
  texts,
  unitPriceFor,
  type AddCartLines,
  type AddCartLinesResponse,
  type Cart,
  type CartLine,
  type CartLineProblem,
  type CartLineResult,
  type Order,
  type Reorder,
  type ShippingRates,
  type Tool,
} from '@tools-factory/contract';
import type { CatalogReader } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account } from '../identity/identity.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ToolsService, WithdrawnTool } from '../tools/tools.service.ts';
import {
  clearCart,
  deleteCartLine,
  lockCartWrites,
  selectCartLines,
  selectCartLinesForCheckout,
  selectCartLinesOldestFirst,
  upsertCartLines,
  type CartLineRow,
  type CartLineWrite,
} from './cart.repository.ts';

const cartTexts = texts.cart;

/** A tool as the cart reads it: on sale (from the catalog snapshot) or withdrawn (archived). */
type KnownTool = { onSale: true; tool: Tool } | { onSale: false; tool: WithdrawnTool };

/** The withdrawn tools a request names, by id and by SKU key. */
type WithdrawnIndex = { byId: Map<string, WithdrawnTool>; bySku: Map<string, WithdrawnTool> };

/** The tools on sale by id and by SKU key, made once per catalog build (the snapshot's list). */
type CatalogIndex = { byId: Map<string, Tool>; bySku: Map<string, Tool> };
const INDEXES = new WeakMap<readonly Tool[], CatalogIndex>();

function indexOf(tools: readonly Tool[]): CatalogIndex {
  let index = INDEXES.get(tools);
  if (!index) {
    index = {
      byId: new Map(tools.map((tool) => [tool._id, tool])),
      bySku: new Map(tools.map((tool) => [skuKey(tool.sku), tool])),
    };
    INDEXES.set(tools, index);
  }
  return index;
}

/** Today's unit price of `quantity` of a tool on sale, in cents (the break the quantity reaches). */
function unitPriceCentsOf(tool: Tool, quantity: number): number {
  return dollarsToCents(unitPriceFor(tool, quantity));
}

/** Why `quantity` of a tool on sale cannot be checked out, in words; undefined when it can. */
function purchaseRuleProblem(tool: Tool, quantity: number): CartLineProblem | undefined {
  if (isQuantityAllowed(quantity, tool)) return undefined;
  return quantity <= tool.minOrderQuantity
    ? { code: 'belowMinimum', message: cartTexts.problems.belowMinimum(tool.minOrderQuantity) }
    : {
        code: 'aboveAvailable',
        message: cartTexts.problems.aboveAvailable(tool.availableQuantity),
      };
}

/** A SKU as an answer repeats it: never more than a few times the longest a SKU may be. */
function shownSku(sku: string): string {
  return sku.length > 2 * SKU_MAX_LENGTH ? `${sku.slice(0, 2 * SKU_MAX_LENGTH)}…` : sku;
}

/** One line of a request to add (POST /cart/lines, Order again), once its tool is known. */
type Wanted = { index: number; tool: KnownTool; quantity: number; pricedThen?: number };

/**
 * What a checkout (the checkouts module) reads and empties of the cart, in the checkout's own
 * transaction: the account's lines ordered by tool id (the order the tools are locked in), read
 * under the cart's lock, which holds until the lines are emptied (cart.repository.ts). It needs
 * no cart service, so the checkouts module, built before the cart's, can take it.
 */
export const cartForCheckout = {
  linesOf: selectCartLinesForCheckout,
  clear: clearCart,
};

export type CartServiceOptions = {
  db: Database;
  /** The tools on sale with their breaks and stock, in memory: reading them costs no query. */
  catalog: CatalogReader;
  /** For the tools no longer on sale (a withdrawn line's name and SKU). */
  tools: Pick<ToolsService, 'findWithdrawn'>;
  /** For Order again: the caller's own orders. */
  orders: Pick<OrdersService, 'findOwnOrder' | 'listOwnOrders' | 'taxTermsOf'>;
  /** What shipping costs (SHIPPING_RATES): the cart shows what its checkout would be charged. */
  shippingRates: ShippingRates;
};

/**
 * The cart (docs/architecture.md#business-buyers): one per customer account, on the server. Every
 * read prices and checks each line again from the catalog as it is now; every write takes the
 * account's cart lock first, so two devices writing at once take turns.
 */
export function createCartService(options: CartServiceOptions) {
  const { db, catalog, tools, orders } = options;

  function onSale(): CatalogIndex {
    return indexOf(catalog.current().tools);
  }

  /**
   * The tools no longer on sale among these ids and SKU keys (one query, none when there is
   * nothing to look for: the catalog snapshot answered for every tool on sale).
   */
  async function withdrawnTools(named: {
    ids: readonly string[];
    skuKeys: readonly string[];
  }): Promise<WithdrawnIndex> {
    const found =
      named.ids.length + named.skuKeys.length > 0 ? await tools.findWithdrawn(named) : [];
    return {
      byId: new Map(found.map((tool) => [tool._id, tool])),
      bySku: new Map(found.map((tool) => [skuKey(tool.sku), tool])),
    };
  }

  async function toCart(rows: readonly CartLineRow[], tax: TaxTerms): Promise<Cart> {
    const { byId } = onSale();
    const { byId: withdrawn } = await withdrawnTools({
      ids: rows.filter((row) => !byId.has(row.toolId)).map((row) => row.toolId),
      skuKeys: [],
    });
    let totalCents = 0;
    const lines = rows.map((row): CartLine => {
      const tool = byId.get(row.toolId);
      const addedUnitPrice = centsToDollars(row.unitPriceCents);
      if (!tool) {
        const gone = withdrawn.get(row.toolId);
        return {
          toolId: row.toolId,
          sku: gone?.sku ?? '',
          name: gone?.name ?? '',
          img: gone?.img ?? '',
          quantity: row.quantity,
          unitPrice: null,
          lineTotal: null,
          addedUnitPrice,
          minOrderQuantity: gone?.minOrderQuantity ?? 0,
          availableQuantity: 0,
          problems: [{ code: 'withdrawn', message: cartTexts.problems.withdrawn }],
        };
      }
      const unitCents = unitPriceCentsOf(tool, row.quantity);
      const lineCents = unitCents * row.quantity;
      totalCents += lineCents;
      const problems: CartLineProblem[] = [];
      const rule = purchaseRuleProblem(tool, row.quantity);
      if (rule) problems.push(rule);
      if (unitCents !== row.unitPriceCents) {
        problems.push({
          code: 'priceChanged',
          message: cartTexts.problems.priceChanged(addedUnitPrice, centsToDollars(unitCents)),
        });
      }
      return {
        toolId: tool._id,
        sku: tool.sku,
        name: tool.name,
        img: tool.img,
        quantity: row.quantity,
        unitPrice: centsToDollars(unitCents),
        lineTotal: centsToDollars(lineCents),
        addedUnitPrice,
        minOrderQuantity: tool.minOrderQuantity,
        availableQuantity: tool.availableQuantity,
        problems,
      };
    });
    // The checkout charges shipping on what it places: the lines that can be checked out.
    const shippingCents = shippingChargeOf(options.shippingRates, totalCents);
    const cheaper = cheaperShippingAbove(options.shippingRates, totalCents);
    // Issue 45: what the checkout would be charged, with the tax added on top when it is.
    const netCents = totalCents + (shippingCents ?? 0);
    const chargedCents = chargedTotalOf(tax, netCents);
    return {
      lines,
      subtotal: centsToDollars(totalCents),
      shipping: shippingCents === null ? null : centsToDollars(shippingCents),
      cheaperShipping: cheaper && {
        more: centsToDollars(cheaper.moreCents),
        charge: centsToDollars(cheaper.chargeCents),
      },
      total: centsToDollars(chargedCents),
      tax: taxSummaryOf(tax, chargedCents, chargedCents - netCents),
      canCheckout: lines.length > 0 && lines.every((line) => !line.problems.some(blocksCheckout)),
    };
  }

  async function readCart(userId: string): Promise<Cart> {
    const [rows, tax] = await Promise.all([
      selectCartLinesOldestFirst(db, userId),
      orders.taxTermsOf(userId),
    ]);
    return toCart(rows, tax);
  }

  /**
   * Adds the wanted lines to the caller's cart, each answered on its own: lines of one tool are
   * merged and checked together with what the cart holds of it already (the sum must pass the
   * purchase rule), or, with `replace`, instead of it; a tool no longer sold and a cart that is
   * full refuse theirs. Only the lines
   * answered 'added' are written, in one transaction under the cart's lock.
   */
  async function addWanted(
    userId: string,
    wanted: readonly Wanted[],
    refusedEarlier: readonly CartLineResult[],
    describeAdded: (line: Wanted, unitCents: number) => string | null,
    { replace }: { replace: boolean },
  ): Promise<AddCartLinesResponse> {
    const results: CartLineResult[] = [...refusedEarlier];
    await db.transaction(async (tx) => {
      await lockCartWrites(tx, userId);
      const held = new Map(
        (await selectCartLines(tx, userId)).map((row) => [row.toolId, row.quantity]),
      );
      let lineCount = held.size;
      const byTool = new Map<string, Wanted[]>();
      for (const line of wanted) {
        const same = byTool.get(line.tool.tool._id) ?? [];
        same.push(line);
        byTool.set(line.tool.tool._id, same);
      }
      const writes: CartLineWrite[] = [];
      for (const [toolId, lines] of byTool) {
        const { tool, onSale: sold } = lines[0]!.tool;
        const refuse = (message: string) => {
          for (const line of lines) {
            results.push({
              index: line.index,
              sku: tool.sku,
              toolId,
              outcome: 'refused',
              heldBefore: null,
              quantity: line.quantity,
              message,
            });
          }
        };
        if (!sold) {
          refuse(cartTexts.problems.withdrawn);
          continue;
        }
        const heldBefore = held.get(toolId) ?? null;
        const quantity =
          (replace ? 0 : (heldBefore ?? 0)) + lines.reduce((sum, line) => sum + line.quantity, 0);
        const problem = purchaseRuleProblem(tool, quantity);
        if (problem) {
          refuse(problem.message);
          continue;
        }
        if (!held.has(toolId)) {
          if (lineCount >= MAX_CART_LINES) {
            refuse(cartTexts.refusals.full(MAX_CART_LINES));
            continue;
          }
          lineCount += 1;
        }
        const unitPriceCents = unitPriceCentsOf(tool, quantity);
        writes.push({ toolId, quantity, unitPriceCents });
        for (const line of lines) {
          results.push({
            index: line.index,
            sku: tool.sku,
            toolId,
            outcome: 'added',
            quantity,
            message: describeAdded(line, unitPriceCents),
            heldBefore,
          });
        }
      }
      await upsertCartLines(tx, userId, writes);
    });
    results.sort((a, b) => a.index - b.index);
    return { results, cart: await readCart(userId) };
  }

  return {
    /** SHIPPING_RATES, as GET /shipping-rates answers them. */
    shippingRates: options.shippingRates,
    /** GET /cart: the caller's cart, each line priced and checked as it stands now. */
    async readCart(caller: Account): Promise<Cart> {
      return readCart(caller.id);
    },

    /**
     * For the quotes module (a quote request of every line, issue 42): the caller's lines as
     * the cart page lists them, oldest first, the tool and how many; the cart is left as it is.
     */
    async linesToQuote(caller: Account): Promise<{ toolId: string; quantity: number }[]> {
      const rows = await selectCartLinesOldestFirst(db, caller.id);
      return rows.map(({ toolId, quantity }) => ({ toolId, quantity }));
    },

    /**
     * PUT /cart/lines/{toolId}: sets a tool's quantity in the cart (the line added when absent)
     * and records today's unit price for it as the one shown. The purchase rule is not refused
     * here: a quantity that breaks it shows as the line's problem. 404 for a tool not on sale;
     * 409 for a new line in a cart that holds MAX_CART_LINES already.
     */
    async setLine(caller: Account, toolIdParam: string, quantity: number): Promise<Cart> {
      const toolId = parseId(toolIdParam);
      const tool = toolId ? onSale().byId.get(toolId) : undefined;
      if (!tool) throw notFound(cartTexts.refusals.unknownTool);
      await db.transaction(async (tx) => {
        await lockCartWrites(tx, caller.id);
        const held = await selectCartLines(tx, caller.id);
        if (!held.some((line) => line.toolId === tool._id) && held.length >= MAX_CART_LINES) {
          throw conflict(cartTexts.refusals.full(MAX_CART_LINES));
        }
        await upsertCartLines(tx, caller.id, [
          { toolId: tool._id, quantity, unitPriceCents: unitPriceCentsOf(tool, quantity) },
        ]);
      });
      return readCart(caller.id);
    },

    /** DELETE /cart/lines/{toolId}: the line gone (nothing changes when there was none). */
    async removeLine(caller: Account, toolIdParam: string): Promise<Cart> {
      const toolId = parseId(toolIdParam);
      if (toolId) await deleteCartLine(db, caller.id, toolId);
      return readCart(caller.id);
    },

    /** DELETE /cart: every line gone. */
    async emptyCart(caller: Account): Promise<Cart> {
      await clearCart(db, caller.id);
      return readCart(caller.id);
    },

    /**
     * POST /cart/lines: many lines at once, by SKU (any case) or tool id, each answered on its
     * own (see addWanted); a line whose tool or quantity cannot be read is refused in words.
     */
    async addLines(caller: Account, input: AddCartLines): Promise<AddCartLinesResponse> {
      const catalogIndex = onSale();
      const refused: CartLineResult[] = [];
      // First each line's tool as named (by SKU key or id), the tools on sale found at once...
      const named: { index: number; by: 'sku' | 'id'; key: string; sold?: Tool }[] = [];
      for (const [index, line] of input.lines.entries()) {
        const refuse = (message: string) =>
          refused.push({
            index,
            sku: line.sku === undefined ? null : shownSku(line.sku),
            toolId: (line.toolId !== undefined && parseId(line.toolId)) || null,
            outcome: 'refused',
            heldBefore: null,
            quantity: null,
            message,
          });
        const hasSku = line.sku !== undefined && line.sku.trim() !== '';
        const hasId = line.toolId !== undefined && line.toolId.trim() !== '';
        if (hasSku && hasId) {
          refuse(cartTexts.refusals.bothTool);
        } else if (!hasSku && !hasId) {
          refuse(cartTexts.refusals.noTool);
        } else if (hasSku) {
          const key = skuKey(line.sku!);
          if (key.length > SKU_MAX_LENGTH) {
            refuse(cartTexts.refusals.unknownSku(shownSku(line.sku!.trim())));
          } else {
            named.push({ index, by: 'sku', key, sold: catalogIndex.bySku.get(key) });
          }
        } else {
          const id = parseId(line.toolId!.trim());
          if (!id) refuse(cartTexts.refusals.unknownTool);
          else named.push({ index, by: 'id', key: id, sold: catalogIndex.byId.get(id) });
        }
      }
      // ...then, in one query, those no longer on sale, to say so rather than 'unknown'.
      const missing = named.filter((line) => !line.sold);
      const withdrawn = await withdrawnTools({
        ids: missing.filter((line) => line.by === 'id').map((line) => line.key),
        skuKeys: missing.filter((line) => line.by === 'sku').map((line) => line.key),
      });
      const wanted: Wanted[] = [];
      for (const { index, by, key, sold } of named) {
        const line = input.lines[index]!;
        const gone = sold ? undefined : (by === 'sku' ? withdrawn.bySku : withdrawn.byId).get(key);
        const tool: KnownTool | undefined = sold
          ? { onSale: true, tool: sold }
          : gone && { onSale: false, tool: gone };
        const quantity = cartQuantitySchema().safeParse(line.quantity);
        const refusal = !tool
          ? by === 'sku'
            ? cartTexts.refusals.unknownSku(shownSku(line.sku!.trim()))
            : cartTexts.refusals.unknownTool
          : !quantity.success
            ? (quantity.error.issues[0]?.message ?? texts.fieldErrors.notANumber('quantity'))
            : undefined;
        if (tool && quantity.success) {
          wanted.push({ index, tool, quantity: quantity.data });
          continue;
        }
        refused.push({
          index,
          sku: tool?.tool.sku ?? (line.sku === undefined ? null : shownSku(line.sku)),
          toolId:
            tool?.tool._id ?? (line.toolId !== undefined ? parseId(line.toolId) : null) ?? null,
          outcome: 'refused',
          heldBefore: null,
          quantity: null,
          message: refusal ?? texts.fieldErrors.notANumber('quantity'),
        });
      }
      return addWanted(caller.id, wanted, refused, () => null, { replace: input.replace === true });
    },

    /**
     * POST /cart/reorder: the lines of one of the caller's checkouts (or one order's line) into
     * the cart at today's prices, through the checks of addLines; each line says what changed
     * since (its unit price then and now) or why it was not added (no longer sold, not enough
     * in stock, below the minimum now). Someone else's checkout or order is not found.
     */
    async reorder(caller: Account, input: Reorder): Promise<AddCartLinesResponse> {
      const hasCheckout = input.checkoutId !== undefined;
      if (hasCheckout === (input.orderId !== undefined)) {
        throw badRequest(cartTexts.errors.orderAgainWhich);
      }
      let past: Order[];
      if (hasCheckout) {
        const checkoutId = parseId(input.checkoutId!);
        past = checkoutId
          ? (await orders.listOwnOrders(caller, caller.email)).filter(
              (order) => order.checkoutId === checkoutId,
            )
          : [];
        if (past.length === 0) throw notFound(cartTexts.errors.checkoutNotFound);
        // As they were placed: the checkout's lines, oldest first.
        past.reverse();
      } else {
        past = [(await orders.findOwnOrder(caller, input.orderId!)).order];
      }
      const { byId } = onSale();
      const { byId: withdrawn } = await withdrawnTools({
        ids: past.filter((order) => !byId.has(order.toolId)).map((order) => order.toolId),
        skuKeys: [],
      });
      const wanted: Wanted[] = [];
      const refused: CartLineResult[] = [];
      for (const [index, order] of past.entries()) {
        const sold = byId.get(order.toolId);
        const gone = sold ? undefined : withdrawn.get(order.toolId);
        if (sold || gone) {
          const tool: KnownTool = sold
            ? { onSale: true, tool: sold }
            : { onSale: false, tool: gone! };
          wanted.push({ index, tool, quantity: order.quantity, pricedThen: order.price });
          continue;
        }
        refused.push({
          index,
          sku: order.sku,
          toolId: order.toolId,
          outcome: 'refused',
          heldBefore: null,
          quantity: order.quantity,
          message: cartTexts.problems.withdrawn,
        });
      }
      return addWanted(
        caller.id,
        wanted,
        refused,
        (line, unitCents) => {
          const now = centsToDollars(unitCents);
          if (line.pricedThen === undefined) return null;
          return dollarsToCents(line.pricedThen) === unitCents
            ? cartTexts.orderAgain.samePrice(now)
            : cartTexts.orderAgain.priceChanged(line.pricedThen, now);
        },
        { replace: input.replace === true },
      );
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

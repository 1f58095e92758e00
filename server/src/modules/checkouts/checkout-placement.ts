import { createHash } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  serverTexts,
  texts,
  type CheckoutRequest,
  type CheckoutResponse,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import {
  badRequest,
  conflict,
  HttpError,
  LinesError,
  notFound,
  unauthorized,
  type LineProblem,
} from '../../http-errors.ts';
import { checkoutInvoicedMail, checkoutPlacedMail } from '../../mail/templates/orders.ts';
import { checkoutPlacedForStaffMail, newOrderForStaffMail } from '../../mail/templates/staff.ts';
import { selectShipToOfMember } from '../companies/companies-of-orders.ts';
import type { Account } from '../identity/identity.service.ts';
import type { ReservedTool, ToolsService } from '../tools/tools.service.ts';
import type { CheckoutDtos } from './checkout-dto.ts';
import type { CheckoutsOnAccount } from './checkout-on-account.ts';
import { selectCheckoutByIdempotencyKey, type CheckoutRow } from './checkouts.repository.ts';
import type { PlacementPipeline } from '../orders/order-pipeline.ts';
import type { OrderRow } from '../orders/orders-of-checkouts.ts';

/** A cart line as the checkout reads it: the tool, how many, the unit price shown when added. */
export type CartLineRow = {
  toolId: string;
  quantity: number;
  unitPriceCents: number;
  /** Where it stands in the cart, from 1: the cart lists its lines oldest first (the buyer's order). */
  placeInCart: number;
};

/** What the checkout needs of the cart module, in the checkout's own transaction. */
export type CartForCheckout = {
  /** The account's lines ordered by tool id: the order the tools are locked in. */
  linesOf(executor: Executor, userId: string): Promise<CartLineRow[]>;
  clear(executor: Executor, userId: string): Promise<void>;
};

export type CheckoutPlacementOptions = {
  db: Database;
  cart: CartForCheckout;
  catalog: CatalogChanged;
  tools: ToolsService;
  dtos: CheckoutDtos;
  pipeline: PlacementPipeline;
  publicUrl: string;
  /** A checkout on account's terms, credit and invoice (issue 45). */
  onAccount: CheckoutsOnAccount;
};

/** A cart line reserved in the checkout's transaction, with the unit price it is placed at. */
type ReservedLine = { line: CartLineRow; tool: ReservedTool; unitPriceCents: number };

/**
 * Thrown inside the checkout's transaction when some lines could not be reserved, so that the
 * lines reserved before them are rolled back with it; told in words once the transaction ended.
 */
class LinesNotReserved extends Error {
  readonly lines: readonly CartLineRow[];
  constructor(lines: readonly CartLineRow[]) {
    super('some lines of the checkout could not be reserved');
    this.lines = lines;
  }
}

/** What the checkout's transaction committed (or found committed under the same key). */
type PlacedCheckout = {
  checkout: CheckoutRow;
  lines: OrderRow[];
  replayed: boolean;
  stock: StockChange[];
  priceChanges: CheckoutResponse['priceChanges'];
};

/**
 * What an Idempotency-Key of POST /checkout stands for: the details the buyer gave (the cart is
 * what it was then, and is empty once the checkout is placed, so it is not part of it).
 */
function checkoutDigest(input: CheckoutRequest): string {
  const details = [
    input.address,
    input.phone,
    input.poNumber,
    input.expectedTotal ?? null,
    // Issue 42: given only when typed, so a key from before them stands for the same details.
    ...(input.companyName || input.taxNumber ? [input.companyName, input.taxNumber] : []),
    // Issue 44: the same, for a company's ship-to address.
    ...(input.shipToId ? [input.shipToId] : []),
    // Issue 45: and for a checkout on account.
    ...(input.payment === 'account' ? [input.payment] : []),
  ];
  return createHash('sha256').update(JSON.stringify(details)).digest('base64url');
}

function replayedCheckout(earlier: CheckoutRow, digest: string): CheckoutRow {
  if (earlier.requestDigest !== digest) {
    throw new HttpError(422, serverTexts.orderErrors.idempotencyKeyReused);
  }
  return earlier;
}

/**
 * The checkout (docs/architecture.md#business-buyers, issue 26): every line of the caller's cart
 * placed as one of the spec's orders, all in ONE transaction, all reserved or none.
 */
export function createCheckoutPlacement(options: CheckoutPlacementOptions) {
  const { db, catalog, tools, dtos, pipeline, publicUrl } = options;

  /**
   * Why a line could not be reserved, as it stands now: the tool is gone, or the quantity is not
   * strictly between its minimum and what is available (read after the failed UPDATE: under
   * concurrency, what another checkout left).
   */
  async function lineProblem(line: CartLineRow): Promise<LineProblem> {
    const tool = await tools.findOrderable({ id: line.toolId });
    const sku = tool?.sku ?? (await tools.skuOf(db, line.toolId));
    if (!tool) return { toolId: line.toolId, sku, message: texts.cart.problems.withdrawn };
    const message =
      line.quantity <= tool.minOrderQuantity
        ? texts.cart.problems.belowMinimum(tool.minOrderQuantity)
        : texts.cart.problems.aboveAvailable(tool.availableQuantity);
    return { toolId: line.toolId, sku, message };
  }

  /**
   * Reserves every line at once: the tools locked in the order of their ids, so two checkouts
   * sharing tools never deadlock, then one conditional UPDATE (tools.reserveStockOfLines). The
   * lines it could not reserve are all named by the refusal, which rolls back the rest.
   */
  async function reserveLines(
    tx: Transaction,
    cart: readonly CartLineRow[],
  ): Promise<{ reserved: ReservedLine[]; failed: CartLineRow[] }> {
    const taken = new Map(
      (await tools.reserveStockOfLines(tx, cart)).map((tool) => [tool.id, tool]),
    );
    const reserved: ReservedLine[] = [];
    const failed: CartLineRow[] = [];
    for (const line of cart) {
      const tool = taken.get(line.toolId);
      if (tool) reserved.push({ line, tool, unitPriceCents: 0 });
      else failed.push(line);
    }
    if (failed.length > 0) return { reserved, failed };
    // Every row is locked now: the breaks read here are the ones the lines are placed at.
    const prices = await tools.unitPricesCents(
      tx,
      reserved.map(({ tool, line }) => ({ tool, quantity: line.quantity })),
    );
    for (const entry of reserved) entry.unitPriceCents = prices.get(entry.tool.id) ?? 0;
    return { reserved, failed };
  }

  return {
    /**
     * POST /checkout: the caller's cart, read in the transaction, placed as one checkout with
     * one order per line (the pipeline of order-pipeline.ts). Refused whole (nothing reserved,
     * the cart kept) when the cart is empty (400), when any line cannot be reserved (409, each
     * failing line and why), or by the rules of POST /order: MAX_UNPAID_ORDERS counting
     * checkouts, the account's share of each tool's stock (UNPAID_TOOL_SHARE: 409 naming each
     * line past it), the client's expected total if it is not today's (409), a total one payment
     * can pay, the account's hold limit. Prices are today's; lines whose price moved since they
     * were added are told in the answer.
     * The Idempotency-Key (required) answers a retry with the checkout it placed.
     */
    async placeCheckout(
      caller: Account,
      input: CheckoutRequest,
      idempotencyKey: string,
    ): Promise<{ response: CheckoutResponse; replayed: boolean }> {
      const digest = checkoutDigest(input);
      const earlier = await selectCheckoutByIdempotencyKey(db, caller.id, idempotencyKey);
      if (earlier) {
        const lines = await dtos.linesOf(db, replayedCheckout(earlier, digest).id);
        return { response: dtos.checkoutResponse(earlier, lines, []), replayed: true };
      }
      // Issue 45: the company's terms checked before any stock is taken.
      const onAccount = input.payment === 'account';
      if (onAccount) await options.onAccount.ensureMayPlace(caller);
      /** The invoice a checkout on account was issued, for its e-mail. */
      let invoice: { number: string; dueAt: Date } | undefined;
      /** Each reserved line's unit price when it was added to the cart, by tool id. */
      const priceWhenAdded = new Map<string, number>();
      const placed = await db
        .transaction(async (tx): Promise<PlacedCheckout> => {
          // Issue 44: the company's ship-to address the buyer chose, kept from removal until the
          // commit; where the checkout goes is its copy, whatever was typed.
          const shipTo = input.shipToId
            ? await selectShipToOfMember(tx, caller.id, input.shipToId)
            : undefined;
          if (input.shipToId && !shipTo) throw notFound(texts.companyErrors.addressNotFound);
          let cart: CartLineRow[] = [];
          const outcome = await pipeline.place(tx, {
            caller,
            async underLock(tx) {
              const again = await selectCheckoutByIdempotencyKey(tx, caller.id, idempotencyKey);
              if (again) {
                const checkout = replayedCheckout(again, digest);
                return { checkout, lines: await dtos.linesOf(tx, checkout.id) };
              }
              cart = await options.cart.linesOf(tx, caller.id);
              if (cart.length === 0) throw badRequest(texts.checkout.errors.emptyCart);
              // Emptied before the tools' rows are locked (every buyer of them waits on those
              // locks); a refusal rolls it back, the cart kept.
              await options.cart.clear(tx, caller.id);
              return undefined;
            },
            async reserve(tx) {
              const { reserved, failed } = await reserveLines(tx, cart);
              // Thrown, not returned: the reservations made before the failing lines roll back.
              if (failed.length > 0) throw new LinesNotReserved(failed);
              for (const { line } of reserved) priceWhenAdded.set(line.toolId, line.unitPriceCents);
              // The cart's order (oldest line first, as its page lists them) is the buyer's: the
              // invoice keeps it. The cart was read in tool order, the order the tools are locked in.
              const lineNumbers = new Map(cart.map((line) => [line.toolId, line.placeInCart]));
              return reserved.map(({ line, tool, unitPriceCents }) => ({
                lineNumber: lineNumbers.get(line.toolId),
                toolId: tool.id,
                toolSku: tool.sku,
                toolName: tool.name,
                toolImage: tool.image,
                quantity: line.quantity,
                unitPriceCents,
                reserved: tool,
              }));
            },
            async check(lines, rules) {
              // Each tool's row is locked until the commit: the share is checked against the
              // stock its reservation found.
              const overShare = await rules.overShare(lines);
              if (overShare.length > 0) {
                const skus = new Map(lines.map((line) => [line.toolId, line.toolSku]));
                throw new LinesError(
                  409,
                  texts.checkout.errors.linesRefused,
                  overShare.map(({ line, maxUnits, heldUnits }) => ({
                    toolId: line.toolId,
                    sku: skus.get(line.toolId) ?? '',
                    message: texts.cart.problems.aboveShare(maxUnits, heldUnits),
                  })),
                );
              }
              const goodsCents = lines.reduce(
                (sum, { quantity, unitPriceCents }) => sum + unitPriceCents * quantity,
                0,
              );
              // The total the cart showed: the goods, their shipping (issue 42) and the tax added
              // on top of both (issue 45).
              const totalCents = rules.chargedTotalOf(goodsCents);
              if (
                input.expectedTotal !== undefined &&
                dollarsToCents(input.expectedTotal) !== totalCents
              ) {
                throw conflict(
                  texts.checkout.errors.totalChanged(
                    input.expectedTotal,
                    centsToDollars(totalCents),
                  ),
                );
              }
              // On account, nothing is held: its invoice is due by the company's terms.
              if (!onAccount) rules.ensurePayableWithinHoldLimit(goodsCents);
            },
            async onAccount(tx, written) {
              invoice = await options.onAccount.invoice(tx, written);
              return { invoice: invoice.number, due: invoice.dueAt.toISOString() };
            },
            checkout: {
              address: shipTo ? `${shipTo.name}\n${shipTo.address}` : input.address,
              phone: shipTo ? shipTo.phone || input.phone : input.phone,
              ...(shipTo ? { shipToId: shipTo.id } : {}),
              poNumber: input.poNumber,
              companyName: input.companyName,
              taxNumber: input.taxNumber,
              idempotencyKey,
              requestDigest: digest,
              payment: input.payment,
            },
            eventDetail: (checkout) => ({ checkoutId: checkout.id }),
            // One e-mail for the whole checkout, to the buyer and to staff.
            mails({ checkout, orders }, staff) {
              const lineDtos = orders.map((row) => dtos.orderDto(row));
              const checkoutDto = dtos.checkoutDto(checkout, orders);
              const about = { orderId: orders[0]!.id };
              return [
                invoice
                  ? {
                      message: checkoutInvoicedMail(checkoutDto, lineDtos, invoice, { publicUrl }),
                      about: { ...about, mail: 'checkout invoiced' },
                    }
                  : {
                      message: checkoutPlacedMail(checkoutDto, lineDtos, { publicUrl }),
                      about: { ...about, mail: 'checkout placed' },
                    },
                // One staff e-mail for the checkout too (a line alone: the order's own).
                ...staff.map((to) => ({
                  message:
                    lineDtos.length === 1
                      ? newOrderForStaffMail(lineDtos[0]!, { publicUrl, to })
                      : checkoutPlacedForStaffMail(checkoutDto, lineDtos, { publicUrl, to }),
                  about: { ...about, mail: 'new checkout, to staff' },
                })),
              ];
            },
          });
          if ('earlier' in outcome) {
            const { checkout, lines } = outcome.earlier;
            return { checkout, lines, replayed: true, stock: [], priceChanges: [] };
          }
          const { checkout, orders, stock } = outcome.placed;
          const priceChanges = orders
            .filter((row) => priceWhenAdded.get(row.toolId) !== row.unitPriceCents)
            .map((row) => ({
              toolId: row.toolId,
              sku: row.toolSku,
              before: centsToDollars(priceWhenAdded.get(row.toolId) ?? 0),
              now: centsToDollars(row.unitPriceCents),
            }));
          return { checkout, lines: orders, replayed: false, stock, priceChanges };
        })
        .catch(async (error: unknown): Promise<PlacedCheckout> => {
          if (error instanceof LinesNotReserved) {
            const problems = await Promise.all(error.lines.map(lineProblem));
            throw new LinesError(409, texts.checkout.errors.linesRefused, problems);
          }
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          // Another instance placed this key's checkout between our read and our insert.
          if (isUniqueViolation(error)) {
            const winner = await selectCheckoutByIdempotencyKey(db, caller.id, idempotencyKey);
            if (winner) {
              const checkout = replayedCheckout(winner, digest);
              const lines = await dtos.linesOf(db, checkout.id);
              return { checkout, lines, replayed: true, stock: [], priceChanges: [] };
            }
          }
          throw error;
        });
      if (placed.stock.length > 0) await catalog.stockMoved(placed.stock);
      const response = dtos.checkoutResponse(placed.checkout, placed.lines, placed.priceChanges);
      return { response, replayed: placed.replayed };
    },
  };
}

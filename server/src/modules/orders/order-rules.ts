import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  isPayableTotal,
  PAYABLE_LIMIT_TEXT,
  serverTexts,
  texts,
  type HoldLimitSource,
  type PlaceOrderInput,
} from '@tools-factory/contract';
import type { Transaction } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../http-errors.ts';
import type { Account } from '../identity/identity.service.ts';
import { selectHeldUnitsOfTools } from './orders.repository.ts';

/*
 * The rules an order is placed under (docs/architecture.md#orders), each one named check that
 * refuses in the customer's words. The stock itself is checked by the conditional UPDATE that
 * reserves it.
 */

/** Stock is a PostgreSQL integer: no quantity above this can be available. */
const MAX_STOCK = 2_147_483_647;

/** No stock is below 1 or above the database's integer range: refused without a query. */
export function ensureQuantityCouldBeInStock(quantity: number): void {
  if (quantity < 1 || quantity > MAX_STOCK) throw badRequest(texts.purchase.quantityOutOfRange);
}

/** A customer orders for their own e-mail only (403). */
export function ensureOwnEmail(caller: Account, email: string): void {
  if (email.trim().toLowerCase() !== caller.email) {
    throw forbidden(texts.identityErrors.otherUsersEmail);
  }
}

/**
 * MAX_UNPAID_ORDERS, with the count selectHoldingsAndReaders read under the account's placement
 * lock (lockOrderPlacements): 409 when the account holds as many unpaid checkouts already (a
 * one-line checkout per POST /order, one per accepted quote).
 */
export function ensureRoomForUnpaidCheckouts(
  unpaidCheckouts: number,
  maxUnpaidOrders: number,
): void {
  if (unpaidCheckouts >= maxUnpaidOrders) {
    throw conflict(texts.orders.tooManyUnpaidOrders(maxUnpaidOrders));
  }
}

/** The default hold limits, in cents: a verified account's, and one's whose e-mail is not. */
export type HoldLimitDefaults = { verifiedCents: number; unverifiedCents: number };

/** What an account's unpaid orders may come to, in cents, and where that limit comes from. */
export type HoldLimit = { cents: number; source: HoldLimitSource };

/**
 * An account's hold limit: its own when a shop admin set one (Stock holds), else the default of
 * its kind (UNPAID_HOLD_LIMIT when its e-mail is verified, UNVERIFIED_HOLD_LIMIT until then).
 */
export function holdLimitOf(
  account: Pick<Account, 'emailVerified' | 'unpaidHoldLimitCents'>,
  defaults: HoldLimitDefaults,
): HoldLimit {
  if (account.unpaidHoldLimitCents !== null) {
    return { cents: account.unpaidHoldLimitCents, source: 'account' };
  }
  return account.emailVerified
    ? { cents: defaults.verifiedCents, source: 'verified' }
    : { cents: defaults.unverifiedCents, source: 'unverified' };
}

/**
 * The one check of the value an account holds unpaid (docs/architecture.md#orders), for POST
 * /order, POST /checkout and an accepted quote alike, under the account's placement lock: 403, in
 * words, when its unpaid orders (`heldCents`, as selectHoldingsAndReaders sums them: made to order ones
 * included) and the `addedCents` of this placement would come to more than `limit`. Company
 * credit will call it with the company's limit.
 */
export function ensureWithinHoldLimit(
  heldCents: number,
  addedCents: number,
  limit: HoldLimit,
): void {
  if (heldCents + addedCents <= limit.cents) return;
  const words = formatMoney(centsToDollars(limit.cents));
  throw forbidden(
    limit.source === 'unverified'
      ? texts.orders.unverifiedHoldLimit(words)
      : texts.orders.unpaidHoldLimit(words),
  );
}

/**
 * The most units of a tool one account may hold unpaid (UNPAID_TOOL_SHARE): `sharePercent` of the
 * tool's stock as the account finds it (what is on sale and what it holds of the tool already),
 * and never less than one order of the tool's minimum needs (the purchase rule's minimum + 1).
 */
export function toolShareUnits(
  stockUnits: number,
  minOrderQuantity: number,
  sharePercent: number,
): number {
  return Math.max(Math.floor((stockUnits * sharePercent) / 100), minOrderQuantity + 1);
}

/** A line of a placement, its tool reserved: what was on sale before it, and its minimum. */
export type ReservedLineForShare = {
  toolId: string;
  quantity: number;
  availableBefore: number;
  minOrderQuantity: number;
};

/**
 * The line for the share check of `quantity` units of a tool its reservation just left as
 * `reserved` (what is on sale now): what was on sale before it is that plus the line's units.
 */
export function reservedLineForShare(
  reserved: { id: string; availableQuantity: number; minOrderQuantity: number },
  quantity: number,
): ReservedLineForShare {
  return {
    toolId: reserved.id,
    quantity,
    availableBefore: reserved.availableQuantity + quantity,
    minOrderQuantity: reserved.minOrderQuantity,
  };
}

/** Whether holding `heldUnits` of the line's tool with the line's units passes the share. */
function isOverShare(line: ReservedLineForShare, heldUnits: number, sharePercent: number) {
  const stockUnits = line.availableBefore + heldUnits;
  return (
    heldUnits + line.quantity > toolShareUnits(stockUnits, line.minOrderQuantity, sharePercent)
  );
}

/**
 * UNPAID_TOOL_SHARE, in the placement's transaction after its reservation (the tools' rows are
 * locked until the commit, and the account's placement lock is held: two placements of one
 * account are counted one after the other): the lines that would leave the account holding
 * more than its share of their tool, each with the most it may hold and what it holds already.
 * `held.unitsBound` is every unit the account holds unpaid (selectHoldingsAndReaders): a line within
 * the share with that many held is within it with fewer (the bound grows by at most one unit for
 * each unit held), so the account's units of each tool are read only for a line near its bound.
 * `held.exceptCheckoutId`: the placement's own checkout, when its lines are written already
 * (POST /order writes as it reserves): what it holds is the lines', not the account's before.
 */
export async function linesOverToolShare(
  tx: Transaction,
  userId: string,
  lines: readonly ReservedLineForShare[],
  held: { unitsBound: number; sharePercent: number; exceptCheckoutId?: string },
): Promise<{ line: ReservedLineForShare; maxUnits: number; heldUnits: number }[]> {
  const { unitsBound, sharePercent, exceptCheckoutId } = held;
  const near = lines.filter((line) => isOverShare(line, unitsBound, sharePercent));
  if (near.length === 0) return [];
  const unitsByTool =
    unitsBound === 0
      ? new Map<string, number>()
      : await selectHeldUnitsOfTools(
          tx,
          userId,
          near.map((line) => line.toolId),
          exceptCheckoutId,
        );
  return near.flatMap((line) => {
    const heldUnits = unitsByTool.get(line.toolId) ?? 0;
    if (!isOverShare(line, heldUnits, sharePercent)) return [];
    const stockUnits = line.availableBefore + heldUnits;
    return [
      {
        line,
        maxUnits: toolShareUnits(stockUnits, line.minOrderQuantity, sharePercent),
        heldUnits,
      },
    ];
  });
}

/** An order that could never be paid is refused now, not at the payment page (400). */
export function ensurePayableTotal(totalCents: number): void {
  if (!isPayableTotal(totalCents)) {
    throw badRequest(texts.orders.totalTooLarge(PAYABLE_LIMIT_TEXT));
  }
}

/**
 * The refusal of a client `price` (when sent) that is not `unitPriceCents`, the unit price the
 * server takes for the order's quantity (409, with the right price); undefined when it is.
 */
export function staleClientPrice(
  input: PlaceOrderInput,
  unitPriceCents: number,
): Error | undefined {
  if (input.price === undefined || dollarsToCents(input.price) === unitPriceCents) return;
  return conflict(serverTexts.orderErrors.priceChanged(centsToDollars(unitPriceCents)));
}

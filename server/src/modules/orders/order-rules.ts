import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  isPayableTotal,
  PAYABLE_LIMIT_TEXT,
  serverTexts,
  texts,
  type PlaceOrderInput,
} from '@tools-factory/contract';
import type { Transaction } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../http-errors.ts';
import type { Account } from '../identity/identity.service.ts';
import { countUnpaidCheckouts } from './orders.repository.ts';

/*
 * The rules an order is placed under (DESIGN.md section 4), each one named check that refuses in
 * the customer's words. The stock itself is checked by the conditional UPDATE that reserves it.
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
 * MAX_UNPAID_ORDERS, checked under the account's placement lock (lockOrderPlacements): 409
 * when the account holds as many unpaid checkouts already (a one-line checkout per POST /order).
 */
export async function ensureRoomForUnpaidOrder(
  tx: Transaction,
  caller: Account,
  maxUnpaidOrders: number,
): Promise<void> {
  ensureRoomForUnpaidCheckouts(await countUnpaidCheckouts(tx, caller.id), maxUnpaidOrders);
}

/** ensureRoomForUnpaidOrder with the count read already (selectUnpaidHoldings). */
export function ensureRoomForUnpaidCheckouts(
  unpaidCheckouts: number,
  maxUnpaidOrders: number,
): void {
  if (unpaidCheckouts >= maxUnpaidOrders) {
    throw conflict(texts.orders.tooManyUnpaidOrders(maxUnpaidOrders));
  }
}

/** UNVERIFIED_HOLD_LIMIT: 403 when an unverified account would hold more with this order. */
export function ensureWithinUnverifiedLimit(
  unpaidCents: number | null,
  addedCents: number,
  limitCents: number,
): void {
  if (unpaidCents !== null && unpaidCents + addedCents > limitCents) {
    throw forbidden(texts.orders.unverifiedHoldLimit(formatMoney(centsToDollars(limitCents))));
  }
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

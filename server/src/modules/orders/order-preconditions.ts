import {
  serverTexts,
  texts,
  type OrderStatus,
  canCancel,
  canRefundPart,
  canRemove,
  canShip,
  canUndoShip,
  isCancelled,
  isDisputed,
  isRefunded,
} from '@tools-factory/contract';
import { conflict } from '../../http-errors.ts';
import { formatMailDateTime } from '../../mail/templates/layout.ts';

/*
 * Each transition's precondition as one named step that refuses in words a person understands
 * (409), read from the guards of contract/src/order-status.ts. They explain; the conditional
 * UPDATE or DELETE that follows stays the enforcement under concurrency.
 */

/**
 * Remove: only an unpaid order. A paid one is in the books (its payment, its invoice): an admin
 * cancels it instead, and is told so in an admin's words.
 */
export function ensureRemovable(status: OrderStatus, by: { admin: boolean }): void {
  if (canRemove(status)) return;
  throw conflict(
    by.admin
      ? serverTexts.orderErrors.paidOrderCannotBeDeleted
      : serverTexts.orderErrors.paidOrderCannotBeRemoved,
  );
}

/**
 * Ship: only a paid order, or one invoiced on account (issue 45). (One shipped already is answered as it is, before this step.) A
 * disputed order waits for the card issuer; a cancelled or refunded one never leaves.
 */
export function ensureShippable(status: OrderStatus): void {
  if (canShip(status)) return;
  // The card issuer may yet take the money back: nothing leaves before it decides.
  if (isDisputed(status)) throw conflict(texts.adminErrors.disputedOrderCannotBeShipped);
  if (isCancelled(status) || isRefunded(status)) {
    throw conflict(texts.adminErrors.cancelledOrderCannotBeShipped);
  }
  throw conflict(texts.adminErrors.unpaidOrderCannotBeShipped);
}

/**
 * Cancel: a paid, shipped or refunded order. (One cancelled already is answered as it is, before
 * this step.) An unpaid order is removed instead; a disputed one is the card issuer's to decide.
 */
export function ensureCancellable(status: OrderStatus): void {
  if (canCancel(status)) return;
  if (isDisputed(status)) throw conflict(texts.adminErrors.disputedOrderCannotBeCancelled);
  throw conflict(texts.adminErrors.unpaidOrderCannotBeCancelled);
}

/**
 * A partial refund (issue 42): a paid, shipped or cancelled line with something of its amount
 * left. Unpaid, disputed or refunded-in-full lines answer 409 naming their state.
 */
export function ensurePartRefundable(status: OrderStatus): void {
  if (canRefundPart(status)) return;
  const named = isDisputed(status) ? 'disputed' : isRefunded(status) ? 'refunded' : 'not paid';
  throw conflict(texts.adminErrors.orderCannotBeRefunded(named));
}

/**
 * Undo ship, once its conditional UPDATE changed nothing: why, in words (409). Not shipped
 * (paid, unpaid, cancelled, ...), or shipped more than 24 hours ago. Never returns.
 */
export function ensureUnshippable(status: OrderStatus, shippedAt: Date | null): never {
  if (!canUndoShip(status) || !shippedAt) {
    throw conflict(texts.adminErrors.notShippedCannotUnship);
  }
  throw conflict(texts.adminErrors.unshipWindowOver(formatMailDateTime(shippedAt.toISOString())));
}

import type { OrderStatus } from '@tools-factory/contract';

/*
 * The life of an order, written down once (DESIGN.md sections 4 and 6, STYLE.md "a state machine
 * is written down once"): its states, the transitions between them and, for each transition, the
 * states it may start from. The services ask the guards below before they act; the repositories'
 * conditional UPDATEs and DELETEs build their WHERE from the same `from` lists
 * (order-status-conditions.ts), and stay the enforcement when two requests race.
 */

/**
 * unpaid -> paid -> shipped is the spec's life of an order. A paid (or shipped) order is never
 * deleted: an admin cancels it (refunded through the gateway, a credit note issued), or the
 * gateway reports it refunded or disputed. The list itself is the contract's.
 */
export { ORDER_STATUSES } from '@tools-factory/contract';

/** Where every order starts: placed, its stock held, not paid yet. */
export const PLACED_STATUS = 'unpaid' satisfies OrderStatus;

/** A transition's start states and where it leads (null: the order is deleted). */
type Transition = { readonly from: readonly OrderStatus[]; readonly to: OrderStatus | null };

export const ORDER_TRANSITIONS = {
  /** The gateway says its intent succeeded: only an unpaid order is paid (once). */
  pay: { from: ['unpaid'], to: 'paid' },
  /** An admin ships it: only a paid one (a disputed one waits for the card issuer). */
  ship: { from: ['paid'], to: 'shipped' },
  /**
   * An admin undoes a shipment made by mistake (issue 25): a shipped order goes back to paid,
   * within UNSHIP_WINDOW_MS of shipping (the repository's UPDATE checks the window too).
   */
  undoShip: { from: ['shipped'], to: 'paid' },
  /**
   * An admin cancels a paid order (refunded through the gateway, a credit note issued). Not an
   * unpaid one (it is removed instead), nor a disputed one (the card issuer decides).
   */
  cancel: { from: ['paid', 'shipped', 'refunded'], to: 'cancelled' },
  /**
   * The second half of a cancellation, once its refund went through: recorded from any state a
   * paid order may reach meanwhile, a dispute reported between the refund and the transaction
   * included (its money went back already).
   */
  recordCancellation: { from: ['paid', 'shipped', 'refunded', 'disputed'], to: 'cancelled' },
  /** The gateway reports the payment given back in full (a cancelled order stays cancelled). */
  refund: { from: ['paid', 'shipped', 'disputed'], to: 'refunded' },
  /** The gateway reports a dispute with the card issuer. */
  dispute: { from: ['paid', 'shipped'], to: 'disputed' },
  /** Its owner or an admin removes it (its stock goes back); a paid order stays in the books. */
  remove: { from: ['unpaid'], to: null },
  /** The expiry sweep deletes it once its hold is over (its stock goes back). */
  expire: { from: ['unpaid'], to: null },
} as const satisfies Record<string, Transition>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Whether `transition` may start from `status`. */
export function allows(transition: OrderTransition, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** Unpaid: a payment may mark it paid (and a payment under way extends its hold). */
export const isPayable = (status: OrderStatus): boolean => allows('pay', status);
export const canShip = (status: OrderStatus): boolean => allows('ship', status);
export const canUndoShip = (status: OrderStatus): boolean => allows('undoShip', status);
export const canCancel = (status: OrderStatus): boolean => allows('cancel', status);
export const canRemove = (status: OrderStatus): boolean => allows('remove', status);
export const canExpire = (status: OrderStatus): boolean => allows('expire', status);
export const canRefund = (status: OrderStatus): boolean => allows('refund', status);
export const canDispute = (status: OrderStatus): boolean => allows('dispute', status);

/**
 * The states that hold stock for the customer until paid, removed or expired: these count
 * against MAX_UNPAID_ORDERS and UNVERIFIED_HOLD_LIMIT, and admins see and release them.
 */
export const HELD_STATUSES = ['unpaid'] as const satisfies readonly OrderStatus[];
export const isHeld = (status: OrderStatus): boolean =>
  (HELD_STATUSES as readonly OrderStatus[]).includes(status);

/** Paid at some point (its payment and invoice are in the books), whatever came after. */
export const wasPaid = (status: OrderStatus): boolean => !isHeld(status);

/** Shipped: a repeated ship answers it as it is. */
export const isShipped = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.ship.to;

/** Cancelled: it has its credit note; a repeated cancel answers it as it is. */
export const isCancelled = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.cancel.to;

/** Refunded by the gateway (not by a cancellation, whose order stays cancelled). */
export const isRefunded = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.refund.to;

/** Disputed: the card issuer decides; it is neither shipped nor cancelled meanwhile. */
export const isDisputed = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.dispute.to;

/** The orders that make their customer a buyer (the reviews' 'verified buyer'). */
export const BOUGHT_STATUSES = ['paid', 'shipped'] as const satisfies readonly OrderStatus[];

/**
 * The states whose payment the shop keeps, for the Sales page: paid, shipped, and disputed (the
 * money is the shop's until the card issuer decides). A cancelled or refunded order's money went
 * back: it counts as no revenue.
 */
export const REVENUE_STATUSES = [
  'paid',
  'shipped',
  'disputed',
] as const satisfies readonly OrderStatus[];

/*
 * The life of an order, written down once for the server and the web (docs/architecture.md, "the
 * order's life"): its states, the transitions between them and, for each, the states it may start
 * from; the named guards read from them, and `orderActions` tells a page what a given order
 * allows. The server's services ask the guards before they act, and its conditional UPDATEs and
 * DELETEs build their WHERE from the same `from` lists (server order-status-conditions.ts): they
 * stay the enforcement when two requests race. The web asks the same guards which buttons to
 * show, so it never compares a status itself. The rules travel as code rather than as a field of
 * every order in the API: the JSON stays as the spec has it, every answer that carries an order
 * (lists, ship, cancel, payment, checkout) needs nothing added, and Undo ship's window is judged
 * at the moment the page is shown. No zod here: a page that only asks what an order allows loads
 * no schema.
 */

/**
 * The statuses of an order the spec's calls show, in the order of its life (ORDER_STATUSES below
 * adds the ended ones: the database's orders.status takes that list). unpaid -> paid -> shipped is the spec's life of an order; between the last two,
 * partly shipped while a shipment took part of its quantity (issue 42: admins ship a checkout's
 * lines, or part of a line, in shipments). A paid (or shipped) order is never removed: an admin
 * cancels it (refunded through the gateway, a credit note issued), or the gateway reports it
 * refunded or disputed. No order is ever deleted (issue 44): an unpaid one that its buyer or an
 * admin removes, or whose hold runs out, ends as removed or expired, and keeps its row and
 * timeline for the company's history, the stock's movements and a dispute's audit.
 */
export const LIVE_STATUSES = [
  'unpaid',
  'awaiting_approval',
  'invoiced',
  'paid',
  'partly_shipped',
  'shipped',
  'cancelled',
  'refunded',
  'disputed',
] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/**
 * The ends of an order that never was paid: removed (by its buyer or an admin), expired (its
 * hold ran out) and rejected (its company's admin did not approve it, issue 44). The spec's calls answer as if such an order were gone (My Orders, the spec's
 * lists, the order by id); Manage Orders shows them when asked to (its status filter).
 */
export const ENDED_STATUSES = ['removed', 'expired', 'rejected'] as const;
export type EndedStatus = (typeof ENDED_STATUSES)[number];

export const ORDER_STATUSES = [...LIVE_STATUSES, ...ENDED_STATUSES] as const;
export type OrderStatus = LiveStatus | EndedStatus;

export const isEnded = (status: OrderStatus): status is EndedStatus =>
  (ENDED_STATUSES as readonly OrderStatus[]).includes(status);

/** Where every order starts: placed, its stock held, not paid yet. */
export const PLACED_STATUS = 'unpaid' satisfies OrderStatus;

/**
 * Where a company buyer's order starts instead when its checkout takes their spending this month
 * past the monthly limit their company set (issue 44): its stock held as an unpaid order's, not
 * payable until one of the company's admins approves it.
 */
export const AWAITING_APPROVAL_STATUS = 'awaiting_approval' satisfies OrderStatus;

/**
 * Where a company buyer's order starts when its checkout is placed on account (issue 45): its
 * invoice issued with it, due within the company's payment terms, nothing received yet. Not held:
 * its stock is the buyer's for good, as a paid order's is, and it never expires.
 */
export const INVOICED_STATUS = 'invoiced' satisfies OrderStatus;

/** A shipment can be undone (its quantities back to ship) this long after it left: a mistake's window. */
export const UNSHIP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A transition's start states and where it leads. */
type Transition = { readonly from: readonly OrderStatus[]; readonly to: OrderStatus };

export const ORDER_TRANSITIONS = {
  /** The gateway says its intent succeeded: only an unpaid order is paid (once). */
  pay: { from: ['unpaid'], to: 'paid' },
  /**
   * An admin ships what is left of it, in a shipment (a disputed one waits for the card issuer).
   * One invoiced on account ships before its money comes (issue 45): whether its invoice is
   * settled is its `paid_at`, not its status.
   */
  ship: { from: ['paid', 'invoiced', 'partly_shipped'], to: 'shipped' },
  /** An admin ships part of what is left of it: the rest follows in a later shipment. */
  shipPart: { from: ['paid', 'invoiced', 'partly_shipped'], to: 'partly_shipped' },
  /**
   * An admin undoes a shipment made by mistake (issue 25), within UNSHIP_WINDOW_MS of it (the
   * server's UPDATE checks the window too): its quantities are to ship again, so the order is
   * paid again, or partly shipped while another of its shipments stands.
   */
  undoShip: { from: ['shipped', 'partly_shipped'], to: 'paid' },
  /**
   * The same undo of a line on account whose invoice is still open (issue 45): nothing left
   * shipped, it is invoiced again. The server's UPDATE chooses between the two by `paid_at`.
   */
  undoShipOnAccount: { from: ['shipped', 'partly_shipped'], to: 'invoiced' },
  /**
   * The payment that settles its invoice on account arrived (issue 45, Receivables): a line not
   * shipped yet is paid; one shipped keeps its status, its `paid_at` set.
   */
  settle: { from: ['invoiced'], to: 'paid' },
  /**
   * An admin cancels a paid order (refunded through the gateway, a credit note issued), or one
   * invoiced on account (its credit note taken off the open invoice, issue 45). Not an unpaid
   * one (it is removed instead), nor a disputed one (the card issuer decides).
   */
  cancel: { from: ['paid', 'invoiced', 'partly_shipped', 'shipped', 'refunded'], to: 'cancelled' },
  /**
   * The second half of a cancellation, once its refund went through: recorded from any state a
   * paid order may reach meanwhile, a dispute reported between the refund and the transaction
   * included (its money went back already).
   */
  recordCancellation: {
    from: ['paid', 'invoiced', 'partly_shipped', 'shipped', 'refunded', 'disputed'],
    to: 'cancelled',
  },
  /** The gateway reports the payment given back in full (a cancelled order stays cancelled). */
  refund: { from: ['paid', 'partly_shipped', 'shipped', 'disputed'], to: 'refunded' },
  /** The gateway reports a dispute with the card issuer. */
  dispute: { from: ['paid', 'partly_shipped', 'shipped'], to: 'disputed' },
  /**
   * Its owner or an admin removes it (its stock goes back); a paid order stays in the books. One
   * awaiting its company's approval may be withdrawn the same way.
   */
  remove: { from: ['unpaid', 'awaiting_approval'], to: 'removed' },
  /** The expiry sweep ends it once its hold is over (its stock goes back). */
  expire: { from: ['unpaid', 'awaiting_approval'], to: 'expired' },
  /** A company admin approves a buyer's checkout past their limit: its buyer may pay it now. */
  approve: { from: ['awaiting_approval'], to: 'unpaid' },
  /**
   * The same approval of a checkout placed on account (issue 45): its invoice is issued then,
   * if the company's credit still has room for it.
   */
  approveOnAccount: { from: ['awaiting_approval'], to: 'invoiced' },
  /** A company admin rejects it, with a reason: its stock goes back. */
  reject: { from: ['awaiting_approval'], to: 'rejected' },
} as const satisfies Record<string, Transition>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Whether `transition` may start from `status`. */
export function allows(transition: OrderTransition, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** Unpaid: a payment may mark it paid (and a payment under way extends its hold). */
export const isPayable = (status: OrderStatus): boolean => allows('pay', status);
/** Something of it is still to ship (all of it, or the rest after a partial shipment). */
export const canShip = (status: OrderStatus): boolean => allows('ship', status);
export const canUndoShip = (status: OrderStatus): boolean => allows('undoShip', status);
export const canCancel = (status: OrderStatus): boolean => allows('cancel', status);
export const canRemove = (status: OrderStatus): boolean => allows('remove', status);
export const canExpire = (status: OrderStatus): boolean => allows('expire', status);
export const canRefund = (status: OrderStatus): boolean => allows('refund', status);
export const canDispute = (status: OrderStatus): boolean => allows('dispute', status);
export const isAwaitingApproval = (status: OrderStatus): boolean => allows('approve', status);

/**
 * The states that hold stock for the customer until paid, removed or expired: these count
 * against MAX_UNPAID_ORDERS and UNVERIFIED_HOLD_LIMIT, and admins see and release them. An order
 * awaiting its company's approval holds its stock as an unpaid one does (issue 44).
 */
export const HELD_STATUSES = [
  'unpaid',
  'awaiting_approval',
] as const satisfies readonly OrderStatus[];
export const isHeld = (status: OrderStatus): boolean =>
  (HELD_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Paid at some point (its payment and invoice are in the books), whatever came after: neither
 * still held, nor ended unpaid, nor invoiced on account with nothing received (issue 45).
 */
export const wasPaid = (status: OrderStatus): boolean =>
  !isHeld(status) && !isEnded(status) && !isInvoiced(status);

/** Placed on account, its invoice open (issue 45): the company pays it by its terms. */
export const isInvoiced = (status: OrderStatus): boolean => status === INVOICED_STATUS;

/** Paid and not shipped yet: 'panding' on its badge (wasPaid says whether it ever was paid). */
export const isPaid = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.pay.to;

/** Shipped, all of it: a repeated ship answers it as it is. */
export const isShipped = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.ship.to;

/** Part of it shipped, the rest still to ship. */
export const isPartlyShipped = (status: OrderStatus): boolean =>
  status === ORDER_TRANSITIONS.shipPart.to;

/** Cancelled: it has its credit note; a repeated cancel answers it as it is. */
export const isCancelled = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.cancel.to;

/** Refunded by the gateway (not by a cancellation, whose order stays cancelled). */
export const isRefunded = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.refund.to;

/** Disputed: the card issuer decides; it is neither shipped nor cancelled meanwhile. */
export const isDisputed = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.dispute.to;

/**
 * What counts against a company buyer's monthly limit (issue 44): every order placed this month
 * that lives and is not waiting for approval (an approved one counts from then). Removed,
 * rejected and expired ones spent nothing: an unpaid order that ran out gives its room back.
 */
export const SPENDING_STATUSES = LIVE_STATUSES.filter(
  (status) => status !== AWAITING_APPROVAL_STATUS,
);

/** The orders that make their customer a buyer (the reviews' 'verified buyer'). */
export const BOUGHT_STATUSES = [
  'paid',
  'partly_shipped',
  'shipped',
] as const satisfies readonly OrderStatus[];

/**
 * The states whose payment the shop keeps, for the Sales page: paid, shipped, and disputed (the
 * money is the shop's until the card issuer decides). A cancelled or refunded order's money went
 * back: it counts as no revenue.
 */
export const REVENUE_STATUSES = [
  'paid',
  'partly_shipped',
  'shipped',
  'disputed',
] as const satisfies readonly OrderStatus[];

/**
 * The states in which part of an order's amount may be given back (issue 42): paid (or invoiced
 * on account: its invoice credited, issue 45), shipped in part or whole, or cancelled without
 * all of it refunded. Never unpaid (nothing was paid), refunded
 * by the gateway (all of it went back) or disputed (the card issuer decides).
 */
export const PART_REFUNDABLE_STATUSES = [
  'paid',
  'invoiced',
  'partly_shipped',
  'shipped',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export const canRefundPart = (status: OrderStatus): boolean =>
  (PART_REFUNDABLE_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * The status a line shows (issue 42): a cancelled line whose money went back reads "refunded";
 * one cancelled without a refund reads "cancelled". Every other status reads as it is.
 */
export function shownStatus(order: { status: OrderStatus; refunded: number }): OrderStatus {
  return isCancelled(order.status) && order.refunded > 0
    ? ORDER_TRANSITIONS.refund.to
    : order.status;
}

/**
 * Until when the order's latest shipment can be undone (ISO 8601): UNSHIP_WINDOW_MS after it
 * left (`shippedAt`: the latest shipment that took part of it); null when nothing of it shipped.
 */
export function unshipDeadline(order: {
  status: OrderStatus;
  shippedAt: Date | null;
}): string | null {
  if (!canUndoShip(order.status) || !order.shippedAt) return null;
  return new Date(order.shippedAt.getTime() + UNSHIP_WINDOW_MS).toISOString();
}

/**
 * What a person may do with an order, and which of its documents exist: the buttons the pages
 * show. The refunds and disputes are the gateway's, the expiry the sweep's: no one's button.
 */
export type OrderActions = {
  /** Its customer pays it. */
  pay: boolean;
  /** Its customer, or an admin, removes it (its stock goes back). */
  remove: boolean;
  /** An admin ships it. */
  ship: boolean;
  /** An admin undoes its shipment: known only where the order tells until when it may. */
  undoShip: boolean;
  /** An admin cancels it: refunded through the gateway (or not), a credit note issued. */
  cancel: boolean;
  /** An admin gives part of its amount back (issue 42): something of it is still unrefunded. */
  refundPart: boolean;
  /** Its invoice can be downloaded. */
  invoice: boolean;
  /** Its credit note can be downloaded. */
  creditNote: boolean;
};

/**
 * What `order` allows at `now` (ms since the epoch). Undo ship needs the end of its window, as
 * the order's page gets it (`unshipUntil`, from unshipDeadline). The server answers each action
 * the same way: server order-status.test.ts tries every action on an order in every state
 * through the API.
 */
export function orderActions(
  order: {
    status: OrderStatus;
    unshipUntil?: string | null;
    /** Dollars given back so far, and the line's total (issue 42): a refund needs some left. */
    refunded?: number;
    total?: number;
  },
  now: number = Date.now(),
): OrderActions {
  const { status, unshipUntil, refunded = 0, total } = order;
  return {
    pay: isPayable(status),
    remove: canRemove(status),
    ship: canShip(status),
    undoShip: canUndoShip(status) && !!unshipUntil && Date.parse(unshipUntil) > now,
    cancel: canCancel(status),
    refundPart: canRefundPart(status) && total !== undefined && refunded < total,
    // On account (issue 45), its invoice was issued with it.
    invoice: wasPaid(status) || isInvoiced(status),
    // A credit note for each refund an admin made; the gateway's own refund in full has none.
    creditNote: canRefundPart(status) && refunded > 0,
  };
}

import { formatCount, formatMoney } from './money.ts';

/** Orders: the purchase page, My Orders and Manage Orders. */
export const orderTexts = {
  purchase: {
    placeOrder: 'Place Order',
    quantityOutOfRange: 'You cannot order less than minimum quantity or more then avilable',
    orderSuccess: 'Order succes',
    address: 'Address',
    phone: 'Phone number',
    quantity: 'Quantity',
    toolName: 'Tool name',
    email: 'Email',
    description: 'Description',
    orderedBy: 'Ordered by',
    customerName: 'Name',
    total: 'Total',
    quantityHint: (min: number, available: number) =>
      `More than ${formatCount(min)} and less than ${formatCount(available)}`,
    /** Beside the quantity when it is more than the stock: a quote can be asked for any quantity. */
    aboveStock: (available: string) =>
      `Only ${available} in stock. For a larger quantity, use Request a quote.`,
    /** After an order is placed: what it is called, what it costs, how long it is held. */
    confirmation: {
      title: 'Your order is placed',
      reference: 'Reference',
      total: 'Total',
      heldUntil: (until: string) =>
        `We hold it for you until ${until}. Pay before then, or the order is cancelled and its stock goes back on sale.`,
      payNow: 'Pay now',
      myOrders: 'My Orders',
    },
  },
  orders: {
    title: 'My Orders',
    pay: 'pay',
    remove: 'Remove',
    paidBadge: 'panding',
    shippedBadge: 'shipped',
    partlyShippedBadge: 'partly shipped',
    cancelledBadge: 'cancelled',
    refundedBadge: 'refunded',
    disputedBadge: 'disputed',
    /** Ended unpaid (issue 44): shown only where Manage Orders is asked for them. */
    removedBadge: 'removed',
    expiredBadge: 'expired',
    /** A company buyer's order past their monthly limit, and one its admin turned down (issue 44). */
    awaitingApprovalBadge: 'awaiting approval',
    /** Placed on account, its invoice open (issue 45). */
    invoicedBadge: 'invoiced',
    rejectedBadge: 'rejected',
    delete: 'Delete',
    cancel: 'cancel',
    deleteSuccess: 'Delete success',
    columns: {
      number: 'no.',
      name: 'name',
      email: 'email',
      quantity: 'quantity',
      price: 'price',
      action: 'action',
    },
    each: (unitPrice: string) => `${unitPrice} each`,
    transactionId: 'Transaction id',
    /** A shipped order's carrier and tracking number, when the admin gave them (issue 25). */
    tracking: 'Tracking',
    /** A paid order's invoice (GET /orders/{id}/invoice.pdf, issue 13). */
    invoice: 'Invoice',
    invoiceLabel: (reference: string) => `Download the invoice of order ${reference} (PDF)`,
    /** A cancelled order's credit note (GET /orders/{id}/credit-note.pdf, issue 22). */
    creditNote: 'Credit note',
    /** Issue 42: a partly refunded line has a credit note too, so the label names no state. */
    creditNoteLabel: (reference: string) => `Download the credit note of order ${reference} (PDF)`,
    /** Under a line's total once some of it went back (issue 42): '$120.00 refunded'. */
    lineRefunded: (amount: string) => `${amount} refunded`,
    /** What tells two orders apart: its reference ('TF-3F2A9C1B') and when it was placed. */
    reference: 'Reference',
    placed: 'Placed',
    address: 'Ship to',
    status: 'Status',
    unpaidBadge: 'unpaid',
    /** An unpaid order's hold: it expires (and its stock goes back on sale) at that time. */
    heldUntil: (until: string) => `held until ${until}`,
    expired: (at: string) => `expired ${at}`,
    empty: 'You have no orders yet',
    browseTools: 'Browse our tools',
    confirmRemoveTitle: 'Remove this order?',
    confirmRemoveBody: 'Its reserved quantity goes back on sale. This cannot be undone.',
    /** 409: an account holds MAX_UNPAID_ORDERS unpaid orders already (docs/architecture.md). */
    tooManyUnpaidOrders: (count: number) =>
      `You have ${count} unpaid orders. Pay or remove one before ordering again.`,
    /**
     * 403: an account whose e-mail is not verified would hold more than UNVERIFIED_HOLD_LIMIT in
     * unpaid orders (docs/architecture.md). Quotes stay open to it.
     */
    unverifiedHoldLimit: (limit: string) =>
      `Until your e-mail address is verified, your unpaid orders can come to at most ${limit}. Verify your e-mail address (use the link we sent you) or pay your unpaid orders first, then order again.`,
    /**
     * 403: any other account would hold more than its limit in unpaid orders (UNPAID_HOLD_LIMIT,
     * or the account's own, set by a shop admin on Stock holds).
     */
    unpaidHoldLimit: (limit: string) =>
      `Your unpaid orders can come to at most ${limit}. Pay or remove an unpaid order first, then order again. To hold more at a time, contact us to raise your limit.`,
    /**
     * 409: the order would leave one account holding more than its share of a tool's stock
     * unpaid (UNPAID_TOOL_SHARE).
     */
    toolShareLimit: (tool: string, maxUnits: number, heldUnits: number) =>
      `You can hold at most ${formatCount(maxUnits)} units of ${tool} unpaid at a time${heldUnits > 0 ? ` (you hold ${formatCount(heldUnits)} already)` : ''}: the rest of its stock stays on sale to other buyers. Order fewer, or pay for your unpaid orders first.`,
    /** 400: an order whose total is above what a card payment accepts. */
    totalTooLarge: (limit: string) =>
      `An order must come to less than ${limit} to be paid. Order a smaller quantity, or request a quote.`,
    /** 429: more orders a minute than ORDER_RATE_LIMIT from one account. */
    tooManyOrdersAtOnce: 'You are placing orders too quickly. Please wait a minute and try again.',
    /** An order placed from a quote while the stock was short: it ships when produced. */
    madeToOrderBadge: 'made to order',
    madeToOrderHint: 'Made for you: it ships when produced.',
    fromQuote: (reference: string) => `from quote ${reference}`,
  },
  /** Manage Orders (SPEC.md section 2, docs/architecture.md: Remove works, Ship is added). */
  manageOrders: {
    columns: {
      tool: 'tool',
      customer: 'customer',
      quantity: 'quantity',
      total: 'total',
      date: 'date',
      status: 'status',
      action: 'action',
    },
    unpaidBadge: 'unpaid',
    ship: 'Ship',
    shipSuccess: (tool: string, email: string) => `Shipped ${tool} to ${email}`,
    empty: 'No orders yet',
    /** Downloads GET /manageOrders.csv (issue 13): every order as a spreadsheet file. */
    exportCsv: 'Export CSV',
    /** A paid order's invoice (GET /orders/{id}/invoice.pdf). */
    invoice: 'Invoice',
    invoiceLabel: (reference: string) => `Download the invoice of order ${reference} (PDF)`,
    /** A paid order's cancellation (POST /manageOrders/{id}/cancel, issue 22). */
    cancel: 'Cancel',
    confirmCancelTitle: 'Cancel this order?',
    confirmCancelBody: (amount: string) =>
      `${amount} is refunded to the customer's card and a credit note is issued. This cannot be undone.`,
    confirmCancelShipped: 'It has shipped: its stock does not go back on sale.',
    /** Short: beside 'Keep order' it fits a 360 px screen. */
    cancelConfirm: (amount: string) => `Refund ${amount}`,
    keepOrder: 'Keep order',
    cancelSuccess: (reference: string, amount: string, creditNote: string) =>
      `Order ${reference} cancelled: ${amount} refunded, credit note ${creditNote} issued`,
    /**
     * Issue 42: Cancel may keep the money. The checkbox (checked by default) that refunds what is
     * left of the line; unchecked, the button and the question say that nothing goes back.
     */
    refundToCard: (left: string) => `Refund ${left} to the customer's card`,
    cancelWithoutRefund: 'Cancel without refund',
    confirmCancelWithoutRefundBody:
      'Nothing is given back to the customer and no credit note is issued. This cannot be undone.',
    /** A line whose whole amount went back already: Cancel gives nothing more back. */
    cancelNothingLeft: 'Cancel order',
    confirmCancelNothingLeftBody:
      'All of its amount was refunded already: nothing more goes back and no credit note is issued. This cannot be undone.',
    cancelSuccessWithoutRefund: (reference: string) =>
      `Order ${reference} cancelled, nothing refunded`,
    /**
     * Issue 45: a line on account whose invoice is open: nothing was paid by card, so its amount
     * is credited off the company's invoice, whatever is chosen.
     */
    confirmCancelOnAccountBody: (amount: string) =>
      `${amount} is credited off the company's open invoice with a credit note: nothing goes back to a card. This cannot be undone.`,
    cancelConfirmOnAccount: (amount: string) => `Credit ${amount}`,
    /**
     * Refund part (POST /manageOrders/{id}/refunds, issue 42): part of a paid line's amount goes
     * back to the customer's card with a credit note; the line itself stays as it is.
     */
    refund: {
      open: 'Refund part',
      title: (reference: string) => `Refund part of order ${reference}`,
      intro:
        'The amount goes back to the card the customer paid with and a credit note is issued. The order itself stays as it is.',
      lineTotal: 'Line total',
      refundedSoFar: 'Refunded so far',
      left: 'Left to refund',
      amount: 'Amount to refund (USD)',
      submit: 'Refund',
      dismiss: 'Not now',
      success: (amount: string, reference: string, creditNote: string) =>
        `Refunded ${amount} of order ${reference}, credit note ${creditNote} issued`,
    },
    creditNote: 'Credit note',
    creditNoteLabel: (reference: string) => `Download the credit note of order ${reference} (PDF)`,
    /**
     * The CSV file's header row, in its column order, its record kinds' words, its shipped summary
     * and its made-to-order words.
     */
    csv: {
      columns: {
        // Issue 42: what the record is (`records`), first, so a spreadsheet filters on it.
        record: 'record',
        date: 'date',
        reference: 'reference',
        customer: 'customer email',
        tool: 'tool',
        quantity: 'quantity',
        unitPrice: 'unit price',
        total: 'total',
        status: 'status',
        transactionId: 'transaction id',
        madeToOrder: 'made to order',
        customerName: 'customer name',
        address: 'address',
        phone: 'phone',
        // Issue 26, after the columns spreadsheets already read by position.
        sku: 'sku',
        checkoutReference: 'checkout reference',
        poNumber: 'PO number',
        // Issue 42, at the end too: a checkout's lines shipped whole of those still sold
        // (`shippedOf`), and how much of an order's or a line's quantity shipped.
        shipped: 'shipped',
        shippedQuantity: 'shipped quantity',
        // Issue 42: the dollars given back of an order, a line or a whole checkout.
        refunded: 'refunded',
        // Issue 45, last: a checkout's (or one-line order's) shipping; the tax of the record
        // (added on top, or within what it was charged: `tax mode`); what it was charged (a
        // checkout's: its invoice's total).
        shipping: 'shipping',
        tax: 'tax',
        charged: 'charged',
        taxMode: 'tax mode',
      },
      /**
       * Issue 42: a checkout of one line is one 'order' record, as before; a checkout of several
       * is a 'checkout' record (its facts once) followed by a 'line' record per line.
       */
      records: { order: 'order', checkout: 'checkout', line: 'line' },
      /** A checkout's shipped summary: '2 of 12'. */
      shippedOf: (shipped: number, of: number) => `${shipped} of ${of}`,
      yes: 'yes',
      no: 'no',
    },
  },
} as const;

/** The admins' order calls' refusals (Ship, Undo ship, Cancel), part of texts.adminErrors. */
export const orderAdminErrors = {
  /** 409: Ship on an order that is not paid yet. */
  unpaidOrderCannotBeShipped: 'This order is not paid yet, so it cannot be shipped.',
  /** 409: Ship on an order whose payment the customer disputes (issue 22 item 11). */
  disputedOrderCannotBeShipped:
    "This order's payment is disputed with the card issuer, so it cannot be shipped until the dispute is settled.",
  /** 409: Ship on an order that was cancelled or refunded. */
  cancelledOrderCannotBeShipped: 'This order was cancelled or refunded, so it cannot be shipped.',
  /** 409: Undo ship on an order that is not shipped (issue 25). */
  notShippedCannotUnship: 'This order is not shipped, so there is no shipment to undo.',
  /** 409: Undo ship more than 24 hours after shipping (issue 25). */
  unshipWindowOver: (shippedAt: string) =>
    `This order shipped on ${shippedAt}: a shipment can only be undone within 24 hours.`,
  /** 409: Cancel on an unpaid order: nothing to refund, it is removed instead. */
  unpaidOrderCannotBeCancelled:
    'This order is not paid, so there is nothing to refund: remove it instead.',
  /** 409: Cancel on an order whose payment is disputed: the card issuer decides the money. */
  disputedOrderCannotBeCancelled:
    "This order's payment is disputed with the card issuer, so it cannot be cancelled and refunded until the dispute is settled.",
  /** 409: a partial refund of an order that is unpaid, disputed or refunded in full (issue 42). */
  orderCannotBeRefunded: (status: string) =>
    `This order is ${status}, so no part of its amount can be given back.`,
  /** 400: a partial refund above what is left of the line's amount (issue 42). */
  refundAboveLeft: (left: string) => `At most ${left} of this line is left to refund.`,
  /** 409: another refund of the same line went through meanwhile (issue 42). */
  refundedMeanwhile:
    'Another refund of this line went through meanwhile. Reload the order and try again.',
} as const;

/** What only the server says of orders, part of serverTexts. */
export const orderServerTexts = {
  /**
   * The order calls' refusals, in `{ message, statusCode }` bodies; a quantity outside the
   * purchase rule answers 400 with purchase.quantityOutOfRange, the purchase page's own words.
   */
  orderErrors: {
    /** 409: the client's price is not the catalog's any more. */
    priceChanged: (price: number) =>
      `The price of this tool has changed to ${formatMoney(price)}. Please review your order.`,
    /** 404: unknown, malformed, or someone else's order (never revealed). */
    orderNotFound: 'Order not found',
    /** 404: unknown, malformed, or someone else's checkout (never revealed). */
    checkoutNotFound: 'Checkout not found',
    /** 409: a customer removing an order that is paid or shipped. */
    paidOrderCannotBeRemoved: 'A paid order cannot be removed',
    /** 409: an admin removing a paid, shipped, refunded or disputed order (issue 22 item 5). */
    paidOrderCannotBeDeleted:
      'A paid order is never deleted: its payment and invoice stay in the books. Cancel it instead, which refunds the customer and issues a credit note.',
    /** 400: an Idempotency-Key header that is not 8 to 100 letters, digits, '-' or '_'. */
    /** 400: POST /checkout without an Idempotency-Key header (a checkout is never placed twice). */
    idempotencyKeyRequired:
      'Send an Idempotency-Key header (a new UUID per checkout): a retry then never places a checkout twice.',
    badIdempotencyKey:
      'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
    /** 422: an Idempotency-Key used already by this account, for an order with other details. */
    idempotencyKeyReused:
      'This Idempotency-Key was already used for a different order (another tool, quantity, address or phone). Send a new key for a new order.',
  },
} as const;

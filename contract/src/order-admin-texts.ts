import { pagerTexts } from './pager-texts.ts';

/**
 * What only Manage Orders' search and pages and an order's page for admins say (issue 25): kept
 * apart from `texts`, so that the home page's script, which carries `texts`, does not carry them.
 */
export const orderAdminTexts = {
  /** Manage Orders' search, filter and pages, and each row's link to its page (issue 25). */
  reference: 'reference',
  shipTo: 'ship to',
  open: 'Open',
  openLabel: (reference: string) => `Open order ${reference}`,
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  search: 'Search',
  searchPlaceholder: 'Reference, e-mail, tool, SKU or PO',
  /** Each row's checkout (issue 26): its reference and the buyer's PO number when given. */
  checkout: 'checkout',
  poNumber: 'PO',
  noMatch: 'No order matches this search',
  found: (count: number) => (count === 1 ? '1 order' : `${count.toLocaleString('en-US')} orders`),
  /** More orders match than are counted (issue 43: MANAGED_ORDERS_COUNT_CAP). */
  foundAtLeast: (count: number) => `More than ${count.toLocaleString('en-US')} orders`,
  ...pagerTexts,
  /** GET /manageOrders/search with an `after` that no page answered. */
  badCursor: 'after: not the next page of a search; start again from the first page',
  /** The ship dialog: carrier and tracking number, both optional. */
  shipTitle: 'Ship this order?',
  carrier: 'Carrier (optional)',
  trackingNumber: 'Tracking number (optional)',
  shipConfirm: 'Ship',
  keepUnshipped: 'Not now',
  /** Undo ship, within 24 hours of shipping. */
  unship: 'Undo ship',
  unshipUntil: (until: string) => `A mistake? Undo ship until ${until}.`,
  unshipSuccess: (reference: string) => `Order ${reference} is back to paid`,
  /** The admin's order page (/dashborad/allorders/{id}). */
  orderPage: {
    title: (reference: string) => `Order ${reference}`,
    back: 'All orders',
    customer: 'Customer',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Ship to',
    noValue: '—',
    removedAccount: 'account removed',
    line: 'Order',
    tool: 'Tool',
    sku: 'SKU',
    checkout: 'Checkout',
    poNumber: 'PO number',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    total: 'Total',
    payment: 'Payment',
    transactionId: 'Transaction id',
    paidAt: 'Paid',
    notPaid: 'Not paid',
    documents: 'Documents',
    shipping: 'Shipping',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    shippedAt: 'Shipped',
    timeline: 'Timeline',
    noEvents: 'Nothing recorded yet',
    by: (actor: string) => `by ${actor}`,
    events: {
      placed: 'Placed',
      paid: 'Paid',
      shipped: 'Shipped',
      ship_undone: 'Shipment undone',
      cancelled: 'Cancelled and refunded',
      refunded: 'Refunded by the payment gateway',
      disputed: 'Payment disputed',
      expired: 'Expired',
      removed: 'Removed',
      email: 'E-mail sent',
      /** A company buyer's order past their monthly limit, and its admin's decision (issue 44). */
      awaiting_approval: 'Over the buyer’s monthly limit: awaiting approval',
      approved: 'Approved by the company',
      invoiced: 'Invoiced on account',
      rejected: 'Rejected by the company',
      /** A payment recorded against its invoice on account (issue 45): amount and bank reference. */
      payment_received: 'Payment received',
    },
    /**
     * Issue 42: a cancellation that gave nothing back, and part of a line given back by an admin
     * (the 'refunded' kind with a credit note, not the gateway's refund in full).
     */
    cancelledWithoutRefund: 'Cancelled without refund',
    partRefunded: 'Part of it refunded',
    /** Each refund's credit note, downloaded from its line of the timeline. */
    downloadCreditNote: (number: string) => `Download ${number} (PDF)`,
  },
} as const;

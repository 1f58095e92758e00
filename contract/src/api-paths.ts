/** The API base: the spec's `{host}` is `<origin>/api`. */
export const API_BASE = '/api';

/**
 * POST /order takes this header: a value the client makes once per order it means to place
 * (a UUID). The same value again from the same account answers with the order the first one
 * placed, so a double click or a retry after a lost answer places one order. (Here, with the
 * paths, not with the order schemas: the purchase form sends it without loading them.)
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * A path with one `:name` segment, written once: called with a value, it fills the segment in
 * (encoded) for a client; `pattern` is the route the server declares.
 */
function withSegment(pattern: string) {
  const fill = (value: string) => pattern.replace(/:[A-Za-z]+/, () => encodeURIComponent(value));
  return Object.assign(fill, { pattern });
}

/** A path with one query parameter: called, it adds `?name=value`; `pattern` is the bare route. */
function withQuery(pattern: string, name: string) {
  const fill = (value: string) => `${pattern}?${name}=${encodeURIComponent(value)}`;
  return Object.assign(fill, { pattern });
}

/** The spec's tool path: GET reads a tool, PATCH records the payment of an order ({id}). */
const toolPath = withSegment('/tool/:id');
/** PUT records a sign-in, DELETE (admin) is Remove User. */
const userPath = withSegment('/user/:email');

/** Every API path, as the spec names it (relative to API_BASE). */
export const apiPaths = {
  parts: '/parts',
  tool: toolPath,
  reviews: '/review',
  /** GET (anyone): GET /review a page at a time (the home page's reviews, issue 43). */
  reviewsPage: '/review/page',
  /** GET (admin): every review, hidden ones too, with its author's e-mail. */
  manageReviews: '/manageReviews',
  /** PUT (admin): hide a review ({ hidden: true }) or show it again ({ hidden: false }). */
  reviewHidden: withSegment('/manageReviews/:id/hidden'),
  /** GET (admin): the reviews a page at a time, newest first (issue 43). */
  manageReviewsPage: '/manageReviews/page',
  /** POST (anyone): the home page's contact form. */
  contact: '/contact',
  /** GET (admin): the contact form's messages, newest first. */
  manageMessages: '/manageMessages',
  /** GET (admin): the contact form's messages a page at a time, newest first (issue 43). */
  manageMessagesPage: '/manageMessages/page',
  manageMessage: withSegment('/manageMessages/:id'),
  messageReply: withSegment('/manageMessages/:id/reply'),
  gallery: '/gallery',
  /** PUT: record a sign-in (the access token). */
  user: userPath,
  /** DELETE (admin): Remove User; the same path as `user`. */
  removeUser: userPath,
  users: '/user',
  /** GET (admin, issue 43): ALL USERS searched, a page at a time (the spec's list stays whole). */
  usersSearch: '/users/search',
  /** PUT (admin): Make Admin; DELETE (admin): Remove Admin, the same path. */
  makeAdmin: withSegment('/user/admin/:email'),
  /** DELETE (admin): Remove Admin (not on oneself, not on an ADMIN_EMAILS owner). */
  removeAdmin: withSegment('/user/admin/:email'),
  admin: withSegment('/admin/:email'),
  order: '/order',
  orders: withQuery('/orders', 'email'),
  deleteOrder: withSegment('/deleteOrder/:id'),
  /** GET (the order's owner or an admin): a paid order's invoice as a PDF. */
  invoice: withSegment('/orders/:id/invoice.pdf'),
  /** POST (customer, issue 26): the cart's lines placed as one checkout. */
  checkout: '/checkout',
  /** GET (customer): the caller's checkouts with their lines, newest first. */
  checkouts: '/checkouts',
  /**
   * GET (signed-in, issue 43): the caller's checkouts a page at a time, newest first (My Orders);
   * `pageSize` and `after` (the page before's `next`) in the query.
   */
  checkoutsPage: '/checkouts/page',
  /** GET (the buyer): one checkout with its lines. */
  checkoutById: withSegment('/checkouts/:id'),
  manageOrders: '/manageOrders',
  /** GET (admin): every order as a CSV file (Manage Orders' Export CSV). */
  manageOrdersCsv: '/manageOrders.csv',
  /**
   * GET (admin, issue 25): Manage Orders searched and paged (status, q, page, pageSize); a path
   * of its own, so the spec's GET /manageOrders keeps its unpaged list.
   */
  manageOrdersSearch: '/manageOrders/search',
  /** GET (admin, issue 25): one order's page, its customer, payment and timeline. */
  managedOrder: withSegment('/manageOrders/:id'),
  /** PATCH (admin): a paid order becomes shipped (with an optional carrier and tracking number). */
  shipOrder: withSegment('/manageOrders/:id/ship'),
  /** POST (admin, issue 25): a shipped order goes back to paid, within 24 h of shipping. */
  unshipOrder: withSegment('/manageOrders/:id/unship'),
  /** GET (admin, issue 42): a checkout as an admin ships it, its lines and shipments. */
  managedCheckout: withSegment('/manageCheckouts/:id'),
  /** POST (admin): ship a checkout's lines (all, chosen, or part of a line) as one shipment. */
  checkoutShipments: withSegment('/manageCheckouts/:id/shipments'),
  /** POST (admin, issue 42): a quoted checkout's shipping set; the buyer can pay then. */
  checkoutShipping: withSegment('/manageCheckouts/:id/shipping'),
  /** GET (anyone, issue 42): what shipping costs, the rates the cart charges by. */
  shippingRates: '/shipping-rates',
  /** POST (admin): undo a shipment within 24 h; its quantities are to ship again. */
  undoShipment: withSegment('/manageShipments/:id/undo'),
  /** GET (admin): a shipment's packing slip as a PDF (lines, quantities, ship-to; no prices). */
  packingSlip: withSegment('/manageShipments/:id/packing-slip.pdf'),
  /** POST (admin): a paid order is cancelled, its payment refunded, a credit note issued. */
  cancelOrder: withSegment('/manageOrders/:id/cancel'),
  /** POST (admin, issue 42): part of a paid line's amount given back, with a credit note. */
  refundOrder: withSegment('/manageOrders/:id/refunds'),
  /** POST (admin, issue 42): every line of a paid checkout cancelled, with or without refunds. */
  cancelCheckout: withSegment('/manageCheckouts/:id/cancel'),
  /** GET (the order's owner or an admin): a cancelled order's credit note as a PDF. */
  creditNote: withSegment('/orders/:id/credit-note.pdf'),
  /**
   * GET (the order's owner or an admin, issue 42): one credit note as a PDF, by its id; a line
   * refunded in parts has several.
   */
  creditNoteById: withSegment('/creditNotes/:id'),
  /** POST (admin): Add Product. */
  addTool: '/tool',
  deleteTool: withSegment('/deleteTols/:id'),
  /** PUT (admin): a tool's whole set of price breaks (docs/architecture.md#business-buyers). */
  priceBreaks: withSegment('/tool/:id/priceBreaks'),
  /** PUT (admin): a tool's low-stock threshold (null: the default, 3 x its minimum). */
  lowStockThreshold: withSegment('/tool/:id/lowStockThreshold'),
  /** GET (admin): every tool on sale's stock against its low-stock threshold. */
  toolStock: '/manageTools/stock',
  /** GET (admin): Manage Tools a page at a time, with each tool's stock (issue 43). */
  manageToolsPage: '/manageTools/page',
  /** PUT (admin): Edit Tool, a tool's five fields (issue 25). */
  editTool: withSegment('/manageTools/:id'),
  /** POST (admin): move a tool's stock by hand; GET: its movements, newest first. */
  toolStockMovements: withSegment('/manageTools/:id/stock'),
  /** POST (admin): put a removed tool back on sale. */
  restoreTool: withSegment('/manageTools/:id/restore'),
  /** GET (admin): the removed tools, for Restore. */
  archivedTools: '/manageTools/archived',
  /** POST (admin, multipart): a tool's picture, answered with its URL. */
  toolImages: '/manageTools/images',
  /** GET (anyone, issue 43): a page of the tools a search finds, ranked, with its corrections. */
  search: '/search',
  /** GET (anyone, issue 43): the category tree, each category's tools on sale counted. */
  categories: '/categories',
  /** GET (anyone): a page of a category's tools with its facets (`all`: every tool). */
  categoryTools: withSegment('/categories/:slug/tools'),
  /** POST (admin): add a category. */
  manageCategories: '/manageCategories',
  /** PATCH (admin): rename, move or place a category; DELETE (admin): delete an empty one. */
  manageCategory: withSegment('/manageCategories/:slug'),
  /** GET (admin): the Sales page's figures (revenue per day, orders by status, top tools). */
  sales: '/manageSales',
  /** GET (admin): the Sales page's figures as CSV, for the same range. */
  salesCsv: '/manageSales.csv',
  /**
   * GET (shop admins, issue 45): the open invoices on account by company, with the payments
   * received against them.
   */
  manageReceivables: '/manageReceivables',
  /** POST (shop admins): a payment received against an invoice on account (partial or full). */
  manageReceivablePayments: withSegment('/manageReceivables/:id/payments'),
  /** GET and PUT (admin): the caller's own staff e-mails, on or off (issue 25). */
  manageNotifications: '/manageNotifications',
  /** GET (admin): who holds stock with unpaid orders (Stock holds page). */
  manageHolds: '/manageHolds',
  /** GET (admin, issue 43): the Stock holds page's accounts, a page at a time. */
  manageHoldsPage: '/manageHolds/page',
  /** POST (admin): removes every unpaid order of an account; their stock goes back on sale. */
  releaseHolds: withSegment('/manageHolds/:userId/release'),
  /** PUT (admin): what an account's unpaid orders may come to (null: the default). */
  holdLimit: withSegment('/manageHolds/:userId/limit'),
  /**
   * Company accounts (issue 44). GET: the caller's company, role, members and (its admins) the
   * invitations waiting; POST: a new company (a verified customer); PATCH: its details (admins).
   */
  company: '/company',
  /** POST (company admins): invite a buyer or an admin by e-mail. */
  companyInvitations: '/company/invitations',
  /** DELETE (company admins): revoke an invitation waiting. */
  companyInvitation: withSegment('/company/invitations/:id'),
  /** POST (signed in): what an invitation's link offers, shown to its addressee only. */
  companyInvitationLookup: '/company/invitations/lookup',
  /** POST (signed in, verified, the addressee): join the company. */
  companyInvitationAccept: '/company/invitations/accept',
  /**
   * GET (company members): Company Orders, searched and paged as Manage Orders is; its admins
   * see every checkout of the company, its buyers their own.
   */
  companyOrders: '/company/orders',
  /**
   * PATCH (company admins): a member's role or monthly limit; DELETE: the member removed (or
   * oneself leaving).
   */
  companyMember: withSegment('/company/members/:userId'),
  /** GET (shop admins): the companies, newest first, searched and paged. */
  manageCompanies: '/manageCompanies',
  /** GET (shop admins): one company, its members, limits, addresses and approvals waiting. */
  manageCompany: withSegment('/manageCompanies/:id'),
  /** PUT (shop admins): the company's payment terms, credit limit, PO rule and tax exemption. */
  manageCompanyTerms: withSegment('/manageCompanies/:id/terms'),
  /**
   * GET (company members, issue 45): the company's open invoices on account (its admins every
   * one, its buyers their own checkouts').
   */
  companyInvoices: '/company/invoices',
  /** GET (company members, as above): one of them as a PDF. */
  companyInvoicePdf: withSegment('/company/invoices/:id/invoice.pdf'),
  /** POST (company admins): a new ship-to address of the company. */
  companyAddresses: '/company/addresses',
  /** PUT (company admins): whether checkouts ship only to the company's addresses. */
  companyAddressesLocked: '/company/addresses/locked',
  /** PATCH (company admins): a ship-to address changed; DELETE: removed. */
  companyAddress: withSegment('/company/addresses/:id'),
  /** POST (company admins): a buyer's checkout past their monthly limit, approved: payable now. */
  companyApprove: withSegment('/company/approvals/:checkoutId/approve'),
  /** POST (company admins): a buyer's checkout past their limit, rejected with a reason. */
  companyReject: withSegment('/company/approvals/:checkoutId/reject'),
  /** POST: request a quote; GET: the caller's own quotes. */
  quotes: '/quotes',
  /** GET (issue 43): the caller's own quotes of one tool, a page at a time. */
  quotesPage: '/quotes/page',
  /** POST: the quote's customer accepts its offer (an unpaid order at the offered price). */
  acceptQuote: withSegment('/quotes/:id/accept'),
  /** POST: the quote's customer declines its offer. */
  declineQuote: withSegment('/quotes/:id/decline'),
  /** GET (admin): every quote, open ones first. */
  manageQuotes: '/manageQuotes',
  /** GET (admin, issue 43): every quote of one tool, open ones first, a page at a time. */
  manageQuotesPage: '/manageQuotes/page',
  /** POST (admin): offer a unit price until a date (replaces an earlier offer). */
  offerQuote: withSegment('/manageQuotes/:id/offer'),
  /** POST (admin): decline a request, with a reason. */
  refuseQuote: withSegment('/manageQuotes/:id/decline'),
  /** POST (customers, issue 42): a quote for every line of the cart; GET: the caller's own. */
  quoteRequests: '/quoteRequests',
  /** GET (issue 43): the caller's own requests of several lines, a page at a time. */
  quoteRequestsPage: '/quoteRequests/page',
  /** POST: the request's customer accepts its offer (one checkout, an order per line). */
  acceptQuoteRequest: withSegment('/quoteRequests/:id/accept'),
  /** POST: the request's customer declines its offer. */
  declineQuoteRequest: withSegment('/quoteRequests/:id/decline'),
  /** GET (admin): every request of several lines, open ones first. */
  manageQuoteRequests: '/manageQuoteRequests',
  /** GET (admin, issue 43): every request of several lines, open ones first, a page at a time. */
  manageQuoteRequestsPage: '/manageQuoteRequests/page',
  /** POST (admin): a unit price per line until a date (replaces an earlier offer). */
  offerQuoteRequest: withSegment('/manageQuoteRequests/:id/offer'),
  /** POST (admin): decline the whole request, with a reason. */
  refuseQuoteRequest: withSegment('/manageQuoteRequests/:id/decline'),
  /** GET, DELETE (customers, issue 26): the caller's cart; DELETE empties it. */
  cart: '/cart',
  /** PUT: a tool's quantity in the cart (added when absent); DELETE: the line removed. */
  cartLine: withSegment('/cart/lines/:toolId'),
  /** POST: many lines at once, by SKU or tool id, each answered on its own. */
  cartLines: '/cart/lines',
  /** POST: Order again, a past checkout's lines (or an order's) into the cart. */
  cartReorder: '/cart/reorder',
  payOrder: withSegment('/payorder/:id'),
  createPaymentIntent: '/create-payment-intent',
  /** POST (the buyer, issue 26): the intent paying every unpaid line of one checkout. */
  checkoutPaymentIntent: withSegment('/checkouts/:id/payment-intent'),
  /** GET (the buyer or an admin): a paid checkout's one invoice as a PDF. */
  checkoutInvoice: withSegment('/checkouts/:id/invoice.pdf'),
  /** PATCH: the spec records a payment at the tool path, {id} being the order. */
  recordPayment: toolPath,
  paymentSettings: '/payment-settings',
  /** GET (anyone): the sign-in methods offered (Google or not). */
  identitySettings: '/identity-settings',
  confirmTestCard: '/payments/test/confirm',
  stripeWebhook: '/webhooks/stripe',
  userInfo: '/userinfo',
  updateUserInfo: withSegment('/userinfo/:email'),
  profileDetail: withSegment('/profilrdetail/:email'),
  health: '/health',
  ready: '/ready',
} as const;

/**
 * Who may call what (DESIGN.md section 3), once, as data: one row per API route the server serves
 * (several when the answer depends on what the call is about), the credential the route reads,
 * and the status each caller gets. server/src/authorization.test.ts walks every row for each
 * caller, and fails on any route the app serves that has no row here: a new route adds its row.
 */
import { SUCCEEDING_TEST_CARD } from './payments.ts';

/** The callers every row is tried with. */
export const CALLERS = ['anonymous', 'customer', 'anotherCustomer', 'admin'] as const;
/**
 * anonymous: no credential at all. customer: owns every fixture a row's request names (the
 * order, the e-mail in the path). anotherCustomer: signed in, owns none of it. admin: an
 * account promoted by ADMIN_EMAILS once its address was verified; owns none of it either.
 */
export type Caller = (typeof CALLERS)[number];

/**
 * What a route reads to know its caller. A signed-in caller sends only this; on a route that
 * needs none (or a Stripe signature, which no caller holds) it sends everything it holds, to
 * show that holding a credential never changes a public answer.
 */
export type Credential =
  /** Nothing: a public route. */
  | 'none'
  /** `Authorization: Bearer <access token>`, the token PUT /api/user/{email} answers. */
  | 'bearer'
  /** Better Auth's session cookie (a bearer token is not enough, and not needed). */
  | 'identity session'
  /** The `Stripe-Signature` header over the raw body, made with the webhook secret. */
  | 'stripe signature';

/** Who may call, in words; the keys are what the rows say. */
export const WHO = {
  anyone: 'Anyone, signed in or not.',
  'session of that e-mail':
    'Only with an identity session (the Better Auth cookie, not a bearer token) whose e-mail is the one in the path: nobody else, an admin neither.',
  'customer, own e-mail':
    'A signed-in customer, for their own e-mail only; an admin too, for their own e-mail only.',
  'the user themself or an admin': 'That user (the e-mail in the path), or an admin.',
  'that user; an admin may read':
    'That user (the e-mail in the path, or the caller for POST); an admin may read it, not write it; anyone else is told 403.',
  'signed-in user':
    'Any signed-in user; what they post is theirs (the e-mail is taken from the account).',
  'signed-in user, e-mail verified':
    'Any signed-in user whose e-mail is verified (403 otherwise); what they post is theirs (the name and e-mail are taken from the account).',
  admin:
    'Admins only (the role is read from the database on each call); anyone else signed in is told 403.',
  owner:
    "The order's owner. Anyone else, an admin included, is told 404, so that no order's existence is revealed.",
  'quote customer':
    "The quote's customer. Anyone else, an admin included, is told 404, so that no quote's existence is revealed.",
  'owner while unpaid, or an admin':
    'The owner or an admin while the order is unpaid (409 once paid: an admin cancels it instead). Anyone else is told 404.',
  'owner or an admin':
    "The order's owner, or an admin (any order). Anyone else is told 404, so that no order's existence is revealed.",
  'identity service':
    "Better Auth's own endpoints, only those the product uses (identity-endpoints.ts): sign-up and sign-in for anyone, the rest on the caller's own identity session; every other endpoint answers 404.",
  'stripe signature':
    'Stripe only, proved by the Stripe-Signature header; a bearer token or a session is no signature. Served only when the stripe gateway is configured.',
} as const;
export type Who = keyof typeof WHO;

export type OrderFixture = {
  /** The order's `_id`. */
  id: string;
  /** Its unit price times its quantity, in dollars: the `totalPrice` the payment page sends. */
  totalPrice: number;
};

/**
 * What the rows' requests are about. The orders and the profile belong to the 'customer' caller
 * and are made through the API as the web app makes them; the new tools and accounts belong to
 * no caller. Each function call makes a new one, so a row whose call changes its fixture
 * (removes, pays, ships) asks for its own in each cell.
 */
export type Fixtures = {
  customer: { email: string; password: string };
  /** A tool on sale, with stock for every order the walk places. */
  tool: { id: string; name: string };
  /** A new unpaid order (POST /api/order). */
  unpaidOrder(): Promise<OrderFixture>;
  /** A new unpaid order with its payment intent (POST /api/create-payment-intent). */
  orderWithIntent(): Promise<OrderFixture & { clientSecret: string }>;
  /** A new order whose card payment succeeded, not yet recorded by PATCH /api/tool/{id}. */
  orderPaidByCard(): Promise<OrderFixture & { transectionId: string }>;
  /** A new order paid and recorded. */
  paidOrder(): Promise<OrderFixture>;
  /** A new quote of the customer, waiting for an offer. */
  requestedQuote(): Promise<{ id: string }>;
  /** A new quote of the customer with an offer standing, `price` its unit price in dollars. */
  offeredQuote(): Promise<{ id: string; price: number }>;
  /** The customer's profile information, added (once) through POST /api/userinfo. */
  customerProfile(): Promise<void>;
  /** A new tool on sale. */
  newTool(): Promise<{ id: string; name: string }>;
  /** A new review, shown, nobody's caller's. */
  newReview(): Promise<{ id: string }>;
  /** A new account, nobody's caller: a target for the admins' calls. */
  newAccount(): Promise<{ email: string; id: string }>;
  /** An e-mail address nobody uses yet. */
  newEmail(): string;
  /** A tool name nobody uses yet. */
  newToolName(): string;
};

/** The request of one cell; the test adds the caller's credential. */
export type RowRequest = {
  /** The path with its parameters (and query) filled in; it must match the row's route. */
  url: string;
  /** A body the route accepts, so that the answer is about who calls, not about the input. */
  payload?: object;
  headers?: Record<string, string>;
};

export type AuthorizationRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify declares it, API base included, `:name` for a parameter, `*` for a wildcard. */
  route: string;
  /** What the call is about, when the route has several rows. */
  case?: string;
  who: Who;
  credential: Credential;
  /** The status each caller gets. */
  answers: Record<Caller, number>;
  /** Served only with this payment gateway (by default the test one; Stripe with its keys). */
  servedWith?: 'test gateway' | 'stripe gateway';
  request(the: Fixtures): RowRequest | Promise<RowRequest>;
};

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  customer: status,
  anotherCustomer: status,
  admin: status,
});

/** The four fields of the profile forms, filled in. */
export const PROFILE_FIELDS = {
  education: 'Sheffield Hallam University',
  city: 'Sheffield',
  phone: '+44 114 496 0000',
  linkdin: 'https://www.linkedin.com/in/ada-customer',
};

export const AUTHORIZATION_TABLE: readonly AuthorizationRow[] = [
  // --- the catalog and the system: public -------------------------------------------------
  {
    method: 'GET',
    route: '/api/health',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/health' }),
  },
  {
    method: 'GET',
    route: '/api/ready',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/ready' }),
  },
  {
    method: 'GET',
    route: '/api/parts',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/parts' }),
  },
  {
    method: 'GET',
    route: '/api/tool/:id',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: (the) => ({ url: `/api/tool/${the.tool.id}` }),
  },
  {
    method: 'GET',
    route: '/api/review',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/review' }),
  },
  {
    method: 'GET',
    route: '/api/gallery',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/gallery' }),
  },
  {
    method: 'GET',
    route: '/api/payment-settings',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/payment-settings' }),
  },
  {
    method: 'GET',
    route: '/api/identity-settings',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({ url: '/api/identity-settings' }),
  },

  // --- users ------------------------------------------------------------------------------
  {
    method: 'PUT',
    route: '/api/user/:email',
    case: "the customer's e-mail",
    who: 'session of that e-mail',
    credential: 'identity session',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 403 },
    request: (the) => ({
      url: `/api/user/${encodeURIComponent(the.customer.email)}`,
      payload: { email: the.customer.email },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/:email',
    case: "the customer's e-mail",
    who: 'the user themself or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 200 },
    request: (the) => ({ url: `/api/admin/${encodeURIComponent(the.customer.email)}` }),
  },

  {
    method: 'GET',
    route: '/api/user',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/user' }),
  },
  {
    method: 'PUT',
    route: '/api/user/admin/:email',
    case: 'a new account',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/user/admin/${encodeURIComponent((await the.newAccount()).email)}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/user/admin/:email',
    case: 'a new account (no admin: modifiedCount 0)',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/user/admin/${encodeURIComponent((await the.newAccount()).email)}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/user/:email',
    case: 'a new account',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/user/${encodeURIComponent((await the.newAccount()).email)}`,
    }),
  },

  // --- profiles ---------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/userinfo',
    // Before the rows below, which add the customer's profile: a second add answers 409.
    case: "the caller's own profile, the first time",
    who: 'that user; an admin may read',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 200, admin: 200 },
    request: () => ({
      url: '/api/userinfo',
      payload: PROFILE_FIELDS,
    }),
  },
  {
    method: 'PATCH',
    route: '/api/userinfo/:email',
    case: "the customer's profile",
    who: 'that user; an admin may read',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 403 },
    request: async (the) => {
      await the.customerProfile();
      return {
        url: `/api/userinfo/${encodeURIComponent(the.customer.email)}`,
        payload: { ...PROFILE_FIELDS, city: 'Leeds' },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/profilrdetail/:email',
    case: "the customer's profile",
    who: 'that user; an admin may read',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 200 },
    request: async (the) => {
      await the.customerProfile();
      return { url: `/api/profilrdetail/${encodeURIComponent(the.customer.email)}` };
    },
  },

  // --- the catalog: admins' writes, and reviews --------------------------------------------
  {
    method: 'POST',
    route: '/api/tool',
    case: 'a new tool',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: (the) => ({
      url: '/api/tool',
      payload: {
        name: the.newToolName(),
        desc: 'A tool added by the authorization walk.',
        img: '/images/tools/claw-hammer.svg',
        price: 19.99,
        minOrderQuantity: 10,
        availableQuantity: 500,
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/deleteTols/:id',
    case: 'a tool on sale',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({ url: `/api/deleteTols/${(await the.newTool()).id}` }),
  },
  {
    method: 'PUT',
    route: '/api/tool/:id/priceBreaks',
    case: 'a tool on sale',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    // A new tool ($19.99, minimum 10): the walk's own tool keeps its list price for its orders.
    request: async (the) => ({
      url: `/api/tool/${(await the.newTool()).id}/priceBreaks`,
      payload: { priceBreaks: [{ minQuantity: 100, price: 17.99 }] },
    }),
  },
  {
    method: 'PUT',
    route: '/api/tool/:id/lowStockThreshold',
    case: 'a tool on sale',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    // A new tool: the walk's own tool keeps the default threshold for its orders.
    request: async (the) => ({
      url: `/api/tool/${(await the.newTool()).id}/lowStockThreshold`,
      payload: { lowStockThreshold: 25 },
    }),
  },
  {
    method: 'GET',
    route: '/api/manageTools/stock',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageTools/stock' }),
  },
  {
    method: 'POST',
    route: '/api/review',
    case: "a review under the caller's own name; the e-mail must be verified",
    who: 'signed-in user, e-mail verified',
    credential: 'bearer',
    // None of the walk's callers verified an e-mail (the admin set a password through a reset
    // link, which verifies nothing): all are told to verify first. A verified reviewer's 200 is
    // in reviews.routes.test.ts.
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 403 },
    request: () => ({
      url: '/api/review',
      payload: { review: 'Sturdy tools, delivered on time.', rattings: 5 },
    }),
  },
  {
    method: 'GET',
    route: '/api/manageReviews',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageReviews' }),
  },
  {
    method: 'PUT',
    route: '/api/manageReviews/:id/hidden',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/manageReviews/${(await the.newReview()).id}/hidden`,
      payload: { hidden: true },
    }),
  },
  {
    method: 'POST',
    route: '/api/contact',
    who: 'anyone',
    credential: 'none',
    answers: everyone(200),
    request: () => ({
      url: '/api/contact',
      payload: { name: 'A Visitor', email: 'visitor@example.com', message: 'Do you ship to Oslo?' },
    }),
  },
  {
    method: 'GET',
    route: '/api/manageMessages',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageMessages' }),
  },

  // --- orders -----------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/order',
    case: "an order for the customer's e-mail",
    who: 'customer, own e-mail',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 403 },
    request: (the) => ({
      url: '/api/order',
      payload: {
        toolId: the.tool.id,
        name: the.tool.name,
        address: '12 Forge Lane, Sheffield',
        phone: '+44 114 496 0000',
        quantity: 25,
        email: the.customer.email,
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/orders',
    case: "?email= the customer's e-mail",
    who: 'customer, own e-mail',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 403, admin: 403 },
    request: (the) => ({ url: `/api/orders?email=${encodeURIComponent(the.customer.email)}` }),
  },
  {
    method: 'GET',
    route: '/api/payorder/:id',
    case: "the customer's unpaid order",
    who: 'owner',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    request: async (the) => ({ url: `/api/payorder/${(await the.unpaidOrder()).id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/deleteOrder/:id',
    case: "the customer's unpaid order",
    who: 'owner while unpaid, or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 200 },
    request: async (the) => ({ url: `/api/deleteOrder/${(await the.unpaidOrder()).id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/deleteOrder/:id',
    case: "the customer's paid order",
    who: 'owner while unpaid, or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 409, anotherCustomer: 404, admin: 409 },
    request: async (the) => ({ url: `/api/deleteOrder/${(await the.paidOrder()).id}` }),
  },

  {
    method: 'GET',
    route: '/api/orders/:id/invoice.pdf',
    case: "the customer's paid order",
    who: 'owner or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 200 },
    request: async (the) => ({ url: `/api/orders/${(await the.paidOrder()).id}/invoice.pdf` }),
  },
  {
    method: 'GET',
    route: '/api/orders/:id/invoice.pdf',
    case: "the customer's unpaid order: no invoice yet",
    who: 'owner or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 404, anotherCustomer: 404, admin: 404 },
    request: async (the) => ({ url: `/api/orders/${(await the.unpaidOrder()).id}/invoice.pdf` }),
  },
  {
    method: 'GET',
    route: '/api/orders/:id/credit-note.pdf',
    case: "the customer's paid order: not cancelled, no credit note",
    who: 'owner or an admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 404, anotherCustomer: 404, admin: 404 },
    request: async (the) => ({
      url: `/api/orders/${(await the.paidOrder()).id}/credit-note.pdf`,
    }),
  },
  {
    method: 'GET',
    route: '/api/manageOrders',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageOrders' }),
  },
  {
    method: 'GET',
    route: '/api/manageOrders.csv',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageOrders.csv' }),
  },
  {
    method: 'PATCH',
    route: '/api/manageOrders/:id/ship',
    case: "the customer's paid order",
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({ url: `/api/manageOrders/${(await the.paidOrder()).id}/ship` }),
  },
  {
    method: 'POST',
    route: '/api/manageOrders/:id/cancel',
    case: "the customer's paid order",
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({ url: `/api/manageOrders/${(await the.paidOrder()).id}/cancel` }),
  },

  // --- sales ------------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/manageSales',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageSales' }),
  },

  // --- stock holds ------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/manageHolds',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageHolds' }),
  },
  {
    method: 'POST',
    route: '/api/manageHolds/:userId/release',
    case: 'an account nobody calls with',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/manageHolds/${encodeURIComponent((await the.newAccount()).id)}/release`,
    }),
  },

  // --- quotes -----------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/quotes',
    case: "a quote for the caller's own account",
    who: 'signed-in user',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 200, admin: 200 },
    request: (the) => ({
      url: '/api/quotes',
      payload: { toolId: the.tool.id, quantity: 5000, neededBy: '2099-12-31', note: 'Walk' },
    }),
  },
  {
    method: 'GET',
    route: '/api/quotes',
    case: "the caller's own quotes",
    who: 'signed-in user',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 200, admin: 200 },
    request: () => ({ url: '/api/quotes' }),
  },
  {
    method: 'POST',
    route: '/api/quotes/:id/accept',
    case: "the customer's quote, an offer standing",
    who: 'quote customer',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    request: async (the) => {
      const quote = await the.offeredQuote();
      return {
        url: `/api/quotes/${quote.id}/accept`,
        payload: { price: quote.price, address: '12 Forge Lane, Sheffield' },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/quotes/:id/decline',
    case: "the customer's quote, an offer standing",
    who: 'quote customer',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    request: async (the) => ({ url: `/api/quotes/${(await the.offeredQuote()).id}/decline` }),
  },
  {
    method: 'GET',
    route: '/api/manageQuotes',
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: () => ({ url: '/api/manageQuotes' }),
  },
  {
    method: 'POST',
    route: '/api/manageQuotes/:id/offer',
    case: "the customer's requested quote",
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/manageQuotes/${(await the.requestedQuote()).id}/offer`,
      payload: { price: 12.5, validUntil: '2099-12-31' },
    }),
  },
  {
    method: 'POST',
    route: '/api/manageQuotes/:id/decline',
    case: "the customer's requested quote",
    who: 'admin',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 403, anotherCustomer: 403, admin: 200 },
    request: async (the) => ({
      url: `/api/manageQuotes/${(await the.requestedQuote()).id}/decline`,
      payload: { reason: 'We do not make this quantity.' },
    }),
  },

  // --- payments ---------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/create-payment-intent',
    case: "the customer's unpaid order",
    who: 'owner',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    request: async (the) => {
      const order = await the.unpaidOrder();
      return {
        url: '/api/create-payment-intent',
        payload: { orderId: order.id, totalPrice: order.totalPrice },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/payments/test/confirm',
    case: "the payment intent of the customer's order, a good card",
    who: 'owner',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    servedWith: 'test gateway',
    request: async (the) => ({
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: (await the.orderWithIntent()).clientSecret,
        ...SUCCEEDING_TEST_CARD,
      },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/tool/:id',
    case: "{id} the customer's order, its card payment succeeded",
    who: 'owner',
    credential: 'bearer',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 404, admin: 404 },
    request: async (the) => {
      const order = await the.orderPaidByCard();
      return {
        url: `/api/tool/${order.id}`,
        payload: { order: order.id, transectionId: order.transectionId },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/webhooks/stripe',
    case: 'an event signed with some other secret',
    who: 'stripe signature',
    credential: 'stripe signature',
    // A bad signature is a bad request to Stripe's way of thinking (it resends on any non-2xx).
    answers: everyone(400),
    servedWith: 'stripe gateway',
    request: () => {
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        url: '/api/webhooks/stripe',
        headers: { 'stripe-signature': `t=${timestamp},v1=${'0'.repeat(64)}` },
        payload: {
          id: 'evt_authorization_test',
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: { id: 'pi_authorization_test', object: 'payment_intent' } },
        },
      };
    },
  },

  // --- identity (Better Auth, mounted at /api/auth/*) ----------------------------------------
  {
    method: 'POST',
    route: '/api/auth/*',
    case: 'sign-up/email, a new address',
    who: 'identity service',
    credential: 'none',
    answers: everyone(200),
    request: (the) => ({
      url: '/api/auth/sign-up/email',
      payload: { email: the.newEmail(), password: 'anvil-ledger-42', name: 'New Customer' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    case: "sign-in/email, the customer's password",
    who: 'identity service',
    credential: 'none',
    answers: everyone(200),
    request: (the) => ({
      url: '/api/auth/sign-in/email',
      payload: { email: the.customer.email, password: the.customer.password },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    case: "email-otp/send-verification-otp: a sign-in code to the customer's address",
    who: 'identity service',
    credential: 'none',
    answers: everyone(200),
    request: (the) => ({
      url: '/api/auth/email-otp/send-verification-otp',
      payload: { email: the.customer.email, type: 'sign-in' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    case: 'sign-in/email-otp, a code never sent: refused whoever asks',
    who: 'identity service',
    credential: 'none',
    answers: everyone(400),
    request: (the) => ({
      url: '/api/auth/sign-in/email-otp',
      payload: { email: the.newEmail(), otp: '123456' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    case: "update-user: the caller's own name",
    who: 'identity service',
    credential: 'identity session',
    answers: { anonymous: 401, customer: 200, anotherCustomer: 200, admin: 200 },
    request: () => ({ url: '/api/auth/update-user', payload: { name: 'Renamed Caller' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    case: 'delete-user, an endpoint the product does not use',
    who: 'identity service',
    credential: 'identity session',
    answers: everyone(404),
    request: () => ({ url: '/api/auth/delete-user', payload: {} }),
  },
  {
    method: 'GET',
    route: '/api/auth/*',
    case: "get-session: the caller's own (null without one)",
    who: 'identity service',
    credential: 'identity session',
    answers: everyone(200),
    request: () => ({ url: '/api/auth/get-session' }),
  },
  {
    method: 'GET',
    route: '/api/auth/*',
    case: 'list-sessions, an endpoint the product does not use',
    who: 'identity service',
    credential: 'identity session',
    answers: everyone(404),
    request: () => ({ url: '/api/auth/list-sessions' }),
  },
];

/**
 * Who may call what (docs/architecture.md#who-may-call-what), once, as data the server runs: one row per API route
 * (method and path as Fastify declares them, API base included), naming who may call it. A route
 * declares its row with `guardOf` (or `publicRoute`) as its onRequest hooks, and gets the guard
 * the row's `who` names, and in its OpenAPI schema the `security` and the 401/403 answers the row
 * gives; `requireDeclaredRows` refuses, when the app is built, any /api route whose declared row
 * is not its own. server/src/authorization.test.ts walks every row for each
 * kind of caller and fails on a row no route serves.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import { API_BASE } from '@tools-factory/contract';
import { errorResponses } from './error-responses.ts';
import type { AuthGuards } from './modules/identity/auth-guard.ts';
import { BEARER, SESSION_COOKIE } from './plugins/openapi.ts';

/** What a route reads to know its caller. */
export type Credential =
  /** Nothing: a public route. */
  | 'none'
  /** `Authorization: Bearer <access token>`, the token PUT /api/user/{email} answers. */
  | 'bearer'
  /** Better Auth's session cookie (a bearer token is not enough, and not needed). */
  | 'identity session'
  /** The `Stripe-Signature` header over the raw body, made with the webhook secret. */
  | 'stripe signature';

type GuardName = keyof AuthGuards;

/** The refusals a row's words give: 401 to a caller without the credential, 403 to the wrong one. */
export type Refusal = 401 | 403;

type Rule = {
  /** Who may call, in words. */
  words: string;
  /** The guard that runs first (onRequest), or none when the route lets anyone reach it. */
  guard: GuardName | null;
  /** What the route reads to know its caller; follows from the guard where there is one. */
  credential: Credential;
  /**
   * The refusals the words give, which every route of the row documents (with the one error
   * body): 401 wherever a credential is read, 403 where the words refuse a caller who holds one.
   */
  refusals: readonly Refusal[];
};

/**
 * Who may call. A guard settles who is signed in (and, for admins, the role); what the call is
 * about (whose order, whose e-mail) the service checks, as the words say.
 */
export const WHO = {
  anyone: { words: 'Anyone, signed in or not.', guard: null, credential: 'none', refusals: [] },
  'session of that e-mail': {
    words:
      'Only with an identity session (the Better Auth cookie, not a bearer token) whose e-mail is the one in the path: nobody else, an admin neither.',
    guard: 'requireIdentitySession',
    credential: 'identity session',
    refusals: [401, 403],
  },
  'customer, own e-mail': {
    words:
      'A signed-in customer, for their own e-mail only; an admin too, for their own e-mail only.',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'the user themself or an admin': {
    words: 'That user (the e-mail in the path), or an admin.',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'that user; an admin may read': {
    words:
      'That user (the e-mail in the path); an admin may read it, not write it; anyone else is told 403.',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'signed-in user': {
    words: 'Any signed-in user; what they post is theirs (the e-mail is taken from the account).',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'signed-in user, e-mail verified': {
    words:
      'Any signed-in user whose e-mail is verified (403 otherwise); what they post is theirs (the name and e-mail are taken from the account).',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  admin: {
    words:
      'Admins only (the role is read from the database on each call); anyone else signed in is told 403.',
    guard: 'requireAdmin',
    credential: 'bearer',
    refusals: [401, 403],
  },
  owner: {
    words:
      "The order's owner. Anyone else, an admin included, is told 404, so that no order's existence is revealed.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'customer, not an admin': {
    words:
      'A signed-in customer, for their own cart and checkouts; an admin account does not buy (403).',
    guard: 'requireCustomer',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'checkout owner': {
    words:
      "The checkout's buyer. Anyone else, an admin included, is told 404, so that no checkout's existence is revealed.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'quote customer': {
    words:
      "The quote's customer. Anyone else, an admin included, is told 404, so that no quote's existence is revealed.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'owner while unpaid, or an admin': {
    words:
      'The owner or an admin while the order is unpaid (409 once paid: an admin cancels it instead). Anyone else is told 404.',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'owner or an admin': {
    words:
      "The order's owner, or an admin (any order). Anyone else is told 404, so that no order's existence is revealed.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'verified customer': {
    words:
      'A signed-in customer whose e-mail is verified (403 otherwise); a shop admin does not buy (403). One company per account (409).',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'company admin': {
    words:
      "An admin of the caller's own company (issue 44): one of its buyers is told 403, an account of no company 404. The ids of another company's members and invitations answer 404, never 403, so that nothing of another company is revealed.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'company admin, or the member themself': {
    words:
      "An admin of the caller's own company, or any member for their own id (leaving it); a buyer removing someone else is told 403. Anyone who is not a member of the caller's company answers 404.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'company member': {
    words:
      'A member of a company (issue 44): its admins see every checkout of the company (and every open invoice of it, issue 45), its buyers their own; an account of no company is told 404.',
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401],
  },
  'the invitee': {
    words:
      "The invitation's addressee, signed in with the address it was sent to (joining needs it verified, and a shop admin does not join: 403). Another account is told 403; a link that does not work (unknown, revoked, used or expired), 404.",
    guard: 'requireUser',
    credential: 'bearer',
    refusals: [401, 403],
  },
  'identity service': {
    words:
      "Better Auth's own endpoints, only those the product uses (identity-endpoints.ts): sign-up and sign-in for anyone, the rest on the caller's own identity session; every other endpoint answers 404.",
    // Better Auth reads its session cookie itself, on the endpoints that need one; each
    // endpoint's security and refusals are described one by one (identity.openapi.ts).
    guard: null,
    credential: 'none',
    refusals: [],
  },
  'stripe signature': {
    words:
      'Stripe only, proved by the Stripe-Signature header; a bearer token or a session is no signature. Served only when the stripe gateway is configured.',
    // The route checks the signature over the raw body itself.
    guard: null,
    credential: 'stripe signature',
    refusals: [],
  },
} as const satisfies Record<string, Rule>;
export type Who = keyof typeof WHO;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API route the server serves but the documentation (/api/docs, /api/openapi.json). */
export const AUTHORIZATION_TABLE = {
  // --- the catalog and the system ---------------------------------------------------------
  'GET /api/health': 'anyone',
  'GET /api/ready': 'anyone',
  'GET /api/parts': 'anyone',
  'GET /api/shipping-rates': 'anyone',
  'GET /api/tool/:id': 'anyone',
  'GET /api/review': 'anyone',
  'GET /api/review/page': 'anyone',
  'GET /api/gallery': 'anyone',
  'GET /api/search': 'anyone',
  'GET /api/categories': 'anyone',
  'GET /api/categories/:slug/tools': 'anyone',
  'GET /api/payment-settings': 'anyone',
  'GET /api/identity-settings': 'anyone',
  'POST /api/contact': 'anyone',
  'GET /api/manageMessages': 'admin',
  'GET /api/manageMessages/page': 'admin',
  'PATCH /api/manageMessages/:id': 'admin',
  'POST /api/manageMessages/:id/reply': 'admin',
  // --- users ------------------------------------------------------------------------------
  'PUT /api/user/:email': 'session of that e-mail',
  'GET /api/admin/:email': 'the user themself or an admin',
  'GET /api/user': 'admin',
  'GET /api/users/search': 'admin',
  'PUT /api/user/admin/:email': 'admin',
  'DELETE /api/user/admin/:email': 'admin',
  'DELETE /api/user/:email': 'admin',
  // --- profiles ---------------------------------------------------------------------------
  // Adds the caller's own information: there is no one else's to refuse.
  'POST /api/userinfo': 'signed-in user',
  'PATCH /api/userinfo/:email': 'that user; an admin may read',
  'GET /api/profilrdetail/:email': 'that user; an admin may read',
  // --- the catalog: admins' writes, and reviews --------------------------------------------
  'POST /api/tool': 'admin',
  'POST /api/manageCategories': 'admin',
  'PATCH /api/manageCategories/:slug': 'admin',
  'DELETE /api/manageCategories/:slug': 'admin',
  'DELETE /api/deleteTols/:id': 'admin',
  'PUT /api/tool/:id/priceBreaks': 'admin',
  'PUT /api/tool/:id/lowStockThreshold': 'admin',
  'GET /api/manageTools/stock': 'admin',
  'GET /api/manageTools/page': 'admin',
  'PUT /api/manageTools/:id': 'admin',
  'POST /api/manageTools/:id/stock': 'admin',
  'GET /api/manageTools/:id/stock': 'admin',
  'POST /api/manageTools/:id/restore': 'admin',
  'GET /api/manageTools/archived': 'admin',
  'POST /api/manageTools/images': 'admin',
  'POST /api/review': 'signed-in user, e-mail verified',
  'GET /api/manageReviews': 'admin',
  'GET /api/manageReviews/page': 'admin',
  'PUT /api/manageReviews/:id/hidden': 'admin',
  // --- orders -----------------------------------------------------------------------------
  'POST /api/order': 'customer, own e-mail',
  'GET /api/orders': 'customer, own e-mail',
  'GET /api/payorder/:id': 'owner',
  'DELETE /api/deleteOrder/:id': 'owner while unpaid, or an admin',
  'GET /api/orders/:id/invoice.pdf': 'owner or an admin',
  'GET /api/checkouts/:id/invoice.pdf': 'owner or an admin',
  // --- checkouts (issue 26) ----------------------------------------------------------------
  'POST /api/checkout': 'customer, not an admin',
  'GET /api/checkouts': 'customer, not an admin',
  // Issue 43: My Orders a page at a time, for whoever opens it (an admin's own: usually none).
  'GET /api/checkouts/page': 'signed-in user',
  'GET /api/checkouts/:id': 'checkout owner',
  // --- the cart (issue 26) -------------------------------------------------------------------
  'GET /api/cart': 'customer, not an admin',
  'DELETE /api/cart': 'customer, not an admin',
  'PUT /api/cart/lines/:toolId': 'customer, not an admin',
  'DELETE /api/cart/lines/:toolId': 'customer, not an admin',
  'POST /api/cart/lines': 'customer, not an admin',
  'POST /api/cart/reorder': 'customer, not an admin',
  'GET /api/orders/:id/credit-note.pdf': 'owner or an admin',
  'GET /api/creditNotes/:id': 'owner or an admin',
  'GET /api/manageOrders': 'admin',
  'GET /api/manageOrders.csv': 'admin',
  'GET /api/manageOrders/search': 'admin',
  'GET /api/manageOrders/:id': 'admin',
  'PATCH /api/manageOrders/:id/ship': 'admin',
  'POST /api/manageOrders/:id/unship': 'admin',
  'POST /api/manageOrders/:id/cancel': 'admin',
  'POST /api/manageOrders/:id/refunds': 'admin',
  'POST /api/manageCheckouts/:id/cancel': 'admin',
  'GET /api/manageCheckouts/:id': 'admin',
  'POST /api/manageCheckouts/:id/shipments': 'admin',
  'POST /api/manageCheckouts/:id/shipping': 'admin',
  'POST /api/manageShipments/:id/undo': 'admin',
  'GET /api/manageShipments/:id/packing-slip.pdf': 'admin',
  'GET /api/manageSales': 'admin',
  'GET /api/manageSales.csv': 'admin',
  'GET /api/manageNotifications': 'admin',
  'PUT /api/manageNotifications': 'admin',
  'GET /api/manageHolds': 'admin',
  'GET /api/manageHolds/page': 'admin',
  'POST /api/manageHolds/:userId/release': 'admin',
  'PUT /api/manageHolds/:userId/limit': 'admin',
  // --- quotes -----------------------------------------------------------------------------
  // --- company accounts (issue 44) ------------------------------------------------------------
  'GET /api/company': 'signed-in user',
  'POST /api/company': 'verified customer',
  'PATCH /api/company': 'company admin',
  'POST /api/company/invitations': 'company admin',
  'DELETE /api/company/invitations/:id': 'company admin',
  'POST /api/company/invitations/lookup': 'the invitee',
  'POST /api/company/invitations/accept': 'the invitee',
  'GET /api/company/orders': 'company member',
  'GET /api/company/invoices': 'company member',
  'GET /api/company/invoices/:id/invoice.pdf': 'company member',
  'PATCH /api/company/members/:userId': 'company admin',
  'GET /api/manageCompanies': 'admin',
  'GET /api/manageCompanies/:id': 'admin',
  'PUT /api/manageCompanies/:id/terms': 'admin',
  // --- receivables (issue 45) ------------------------------------------------------------------
  'GET /api/manageReceivables': 'admin',
  'POST /api/manageReceivables/:id/payments': 'admin',
  'POST /api/company/addresses': 'company admin',
  'PUT /api/company/addresses/locked': 'company admin',
  'PATCH /api/company/addresses/:id': 'company admin',
  'DELETE /api/company/addresses/:id': 'company admin',
  'POST /api/company/approvals/:checkoutId/approve': 'company admin',
  'POST /api/company/approvals/:checkoutId/reject': 'company admin',
  'DELETE /api/company/members/:userId': 'company admin, or the member themself',
  'POST /api/quotes': 'signed-in user',
  'GET /api/quotes': 'signed-in user',
  'GET /api/quotes/page': 'signed-in user',
  'POST /api/quotes/:id/accept': 'quote customer',
  'POST /api/quotes/:id/decline': 'quote customer',
  'GET /api/manageQuotes': 'admin',
  'GET /api/manageQuotes/page': 'admin',
  'POST /api/manageQuotes/:id/offer': 'admin',
  'POST /api/manageQuotes/:id/decline': 'admin',
  // Issue 42: a request of several lines, made from the cart (a customer's: admins do not buy).
  'POST /api/quoteRequests': 'customer, not an admin',
  'GET /api/quoteRequests': 'signed-in user',
  'GET /api/quoteRequests/page': 'signed-in user',
  'POST /api/quoteRequests/:id/accept': 'quote customer',
  'POST /api/quoteRequests/:id/decline': 'quote customer',
  'GET /api/manageQuoteRequests': 'admin',
  'GET /api/manageQuoteRequests/page': 'admin',
  'POST /api/manageQuoteRequests/:id/offer': 'admin',
  'POST /api/manageQuoteRequests/:id/decline': 'admin',
  // --- payments ---------------------------------------------------------------------------
  'POST /api/create-payment-intent': 'owner',
  'POST /api/checkouts/:id/payment-intent': 'checkout owner',
  'POST /api/payments/test/confirm': 'owner',
  'PATCH /api/tool/:id': 'owner',
  'POST /api/webhooks/stripe': 'stripe signature',
  // --- identity (Better Auth, mounted at /api/auth/*) ----------------------------------------
  'POST /api/auth/*': 'identity service',
  'GET /api/auth/*': 'identity service',
} as const satisfies Record<`${Method} /api/${string}`, Who>;

/** A row of the table: `METHOD /api/path`. */
export type AuthorizedRoute = keyof typeof AUTHORIZATION_TABLE;

/** The rows whose `who` names no guard. */
export type PublicRoute = {
  [
    Route in AuthorizedRoute
  ]: (typeof WHO)[(typeof AUTHORIZATION_TABLE)[Route]]['guard'] extends null ? Route : never;
}[AuthorizedRoute];
export type GuardedRoute = Exclude<AuthorizedRoute, PublicRoute>;

export const AUTHORIZED_ROUTES = Object.keys(AUTHORIZATION_TABLE) as AuthorizedRoute[];

/** The method and path of a row. */
export function splitRoute(route: AuthorizedRoute): { method: Method; path: string } {
  const [method, path] = route.split(' ') as [Method, string];
  return { method, path };
}

/** Who may call the row's route: in words, its guard, the credential it reads. */
export function ruleOf(route: AuthorizedRoute): Rule {
  return WHO[AUTHORIZATION_TABLE[route]];
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The rows each route's onRequest list declares (the list itself is the key). */
const DECLARED = new WeakMap<object, readonly AuthorizedRoute[]>();

function declare(hooks: Guard[], routes: readonly AuthorizedRoute[]): Guard[] {
  DECLARED.set(hooks, routes);
  return hooks;
}

/** A guarded route's onRequest hooks: the guard its row of the table names. */
export function guardOf(guards: AuthGuards, route: GuardedRoute): Guard[] {
  const { guard } = ruleOf(route);
  if (guard === null) throw new Error(`${route} has no guard in the authorization table`);
  return declare([guards[guard]], [route]);
}

/** A public route's onRequest hooks: none, but the route has declared its row(s). */
export function publicRoute(...routes: PublicRoute[]): Guard[] {
  return declare([], routes);
}

/** The OpenAPI `security` of an operation whose route reads each kind of credential. */
const SECURITY_OF: Record<Credential, Record<string, string[]>[]> = {
  none: [],
  bearer: [{ [BEARER]: [] }],
  'identity session': [{ [SESSION_COOKIE]: [] }],
  // Proved by a signature over the body: no credential OpenAPI can name.
  'stripe signature': [],
};

/**
 * The route's schema with what its row says of access: its `security`, and the refusals of the
 * row's words (401, 403) with the one error body. The route states only its own answers: it
 * writes no security and no 401, and a 403 only where its row gives none (a hold limit refused
 * to the owner of a quote). A schema the document hides is described elsewhere, and kept as it is.
 */
export function withAccessOf(
  routes: readonly AuthorizedRoute[],
  schema: FastifySchema | undefined,
): FastifySchema | undefined {
  if (schema?.hide) return schema;
  const name = routes.join(', ');
  const rules = routes.map(ruleOf);
  const [rule] = rules;
  if (!rule) throw new Error('withAccessOf needs a row of the authorization table');
  const credentials = new Set(rules.map((each) => each.credential));
  const refusalLists = new Set(rules.map((each) => each.refusals.join()));
  if (credentials.size > 1 || refusalLists.size > 1) {
    throw new Error(`${name}: one route, rows of the authorization table that disagree`);
  }
  if (schema && 'security' in schema) {
    throw new Error(
      `${name} writes its own security: it comes from its row of the authorization table (server/src/authorization.ts)`,
    );
  }
  const own = (schema?.response ?? {}) as Record<string, unknown>;
  for (const status of [401, 403] as const) {
    if (String(status) in own && (status === 401 || rule.refusals.includes(status))) {
      throw new Error(
        `${name} writes its own ${status} answer: it comes from its row of the authorization table (server/src/authorization.ts)`,
      );
    }
  }
  const response =
    rule.refusals.length > 0 || schema?.response !== undefined
      ? { ...own, ...errorResponses(...rule.refusals) }
      : undefined;
  return {
    ...schema,
    // A copy per route: nothing one route's schema goes through can reach another's.
    security: structuredClone(SECURITY_OF[rule.credential]),
    ...(response === undefined ? {} : { response }),
  };
}

/** The reference page and the OpenAPI document describe the API; they are not calls of it. */
const DOCUMENTATION = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];

/**
 * Every route under /api (but the documentation) must name its own row of the table, by
 * `guardOf` or `publicRoute` as its onRequest: otherwise building the app fails, naming it.
 * The row then completes the route's schema (withAccessOf): its security and its 401/403.
 * Registered before the routes, and before runGuardsFirst (which may replace the hook list).
 */
export function requireDeclaredRows(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (
      !route.url.startsWith(`${API_BASE}/`) ||
      DOCUMENTATION.some((docs) => docs.test(route.url))
    ) {
      return;
    }
    const hooks: unknown = route.onRequest;
    const declared = (typeof hooks === 'object' && hooks !== null && DECLARED.get(hooks)) || [];
    const own = [route.method].flat().map((method) => `${method} ${route.url}`);
    const isDeclared = (row: string) => declared.some((declaredRow) => declaredRow === row);
    // Fastify adds a HEAD route beside every GET route, with the same hooks: the GET row's.
    const same =
      route.method === 'HEAD'
        ? isDeclared(`GET ${route.url}`)
        : own.every(isDeclared) && declared.every((row) => own.includes(row));
    if (!same) {
      throw new Error(
        `${own.join(', ')} must declare its row of the authorization table (server/src/authorization.ts) with guardOf(...) or publicRoute(...) as its onRequest; it declares ${declared.length > 0 ? declared.join(', ') : 'none'}`,
      );
    }
    // HEAD's options were copied from GET's before GET's were completed: completed the same.
    const rows = (route.method === 'HEAD' ? [`GET ${route.url}`] : own) as AuthorizedRoute[];
    route.schema = withAccessOf(rows, route.schema);
  });
}

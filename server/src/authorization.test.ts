import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, test as base } from 'vitest';
import {
  AdminCheckSchema,
  dollarsToCents,
  ErrorBodySchema,
  invoiceNumber,
  orderTotal,
  PlaceOrderResponseSchema,
  ManagedCheckoutSchema,
  RefundOrderResponseSchema,
  ManagedOrderSchema,
} from '@tools-factory/contract';
import type { App } from './app.ts';
import type { Config } from './config.ts';
import { insertContactMessage } from './modules/contact/contact.repository.ts';
import {
  insertCompany,
  insertInvitation,
  insertMember,
  revokePendingInvitationsTo,
} from './modules/companies/companies.repository.ts';
import { invitationTokenHash } from './modules/companies/companies.service.ts';
import type { Transaction } from './db/client.ts';
import { insertCheckoutWithOrders } from './modules/orders/orders.repository.ts';
import {
  insertInvoice,
  insertInvoiceLines,
  takeNextSequence,
} from './modules/invoices/invoices.repository.ts';
import { companyAddresses } from './modules/companies/companies.table.ts';
import { users } from './modules/identity/identity.table.ts';
import {
  bearer,
  identityHeaders,
  signInTestAccount,
  signUpTestAccount,
  uniqueEmail,
  type TestAccount,
} from './testing/accounts.ts';
import {
  AUTHORIZATION_TABLE,
  AUTHORIZED_ROUTES,
  publicRoute,
  requireDeclaredRows,
  ruleOf,
  WHO,
  withAccessOf,
  type AuthorizedRoute,
} from './authorization.ts';
import {
  AUTHORIZATION_ROWS,
  CALLERS,
  PROFILE_FIELDS,
  type AuthorizationRow,
  type Caller,
  type Credential,
  type Fixtures,
  type OrderFixture,
} from './testing/authorization-cases.ts';
import { signUpTestAdmin } from './testing/admins.ts';
import {
  callAs,
  confirmTestCard,
  createTestIntent,
  recordTestPayment,
} from './testing/payments.ts';
import { orderFields } from './testing/requests.ts';
import {
  createTestQuote,
  createTestQuoteRequest,
  createTestReview,
  createTestCategory,
  createTestTool,
} from './testing/factories.ts';
import { UNCAPPED_ORDERS } from './testing/test-config.ts';
import { openTestApp } from './testing/app-fixtures.ts';

/**
 * docs/architecture.md#who-may-call-what, walked: every row of the authorization table, for
 * each caller, with a body the route accepts, so that each status says who may call and nothing
 * else. Then the credentials that must not count (the other kind, an ended session, a removed
 * user), and the check that no route the app serves is missing from the table.
 */

type SignedInCaller = Exclude<Caller, 'anonymous'>;
/** What a signed-in caller holds. */
type Held = Pick<TestAccount, 'token' | 'cookie'>;

type World = {
  app: App;
  accounts: Record<SignedInCaller, TestAccount>;
  fixtures: Fixtures;
  /** `METHOD /route` of every API route the app serves, as Fastify declares it. */
  served: Set<string>;
};

const TABLE_FILE = 'server/src/authorization.ts';
const CASES_FILE = 'server/src/testing/authorization-cases.ts';

/** The reference page and the OpenAPI document describe the API; they are not calls of it. */
const DOCUMENTATION_ROUTES = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];

/**
 * Stripe's keys, so that the app serves what it serves with the stripe gateway (the webhook).
 * The API URL is a closed local port: nothing here may reach Stripe, and no walked call does.
 */
const STRIPE_CONFIG: Pick<Config, 'stripe'> = {
  stripe: {
    secretKey: 'sk_test_authorization',
    publishableKey: 'pk_test_authorization',
    webhookSecret: 'whsec_authorization',
    apiUrl: 'http://127.0.0.1:9',
  },
};

const keyOf = (row: Pick<AuthorizationRow, 'method' | 'route'>) => `${row.method} ${row.route}`;

function titleOf(row: AuthorizationRow): string {
  return `${keyOf(row)}${row.case ? ` (${row.case})` : ''}: ${row.who}`;
}

/**
 * Every route the app serves under /api but the documentation, from `printRoutes()`: Fastify's
 * radix tree, one node a line ("│   ├── segment (GET, HEAD)"), four characters of indentation a
 * level; a route's path is the segments from the root down to its node, joined. Read this way
 * because Fastify keeps no list of its routes once they are registered.
 */
function routesServed(app: App): Set<string> {
  const served = new Set<string>();
  const segments: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    segments.length = (node[1] ?? '').length / 4;
    segments.push(node[2] ?? '');
    const route = segments.join('');
    if (!route.startsWith('/api/') || DOCUMENTATION_ROUTES.some((docs) => docs.test(route))) {
      continue;
    }
    const methods = node[3]?.split(', ') ?? [];
    for (const method of methods) {
      // Fastify adds a HEAD route beside every GET route by itself: the GET row covers it.
      if (method !== 'HEAD' || !methods.includes('GET')) served.add(`${method} ${route}`);
    }
  }
  return served;
}

/** Every operation of the OpenAPI document, in Fastify's spelling (`{id}` -> `:id`). */
async function routesDocumented(app: App): Promise<Set<string>> {
  const response = await app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, Record<string, unknown>> };
  const documented = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    // The identity endpoints are described one by one, and served by one wildcard route.
    const route = path.startsWith('/api/auth/') ? '/api/auth/*' : path;
    for (const method of Object.keys(operations)) {
      documented.add(`${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return documented;
}

/** Whether a URL's path is one the route declares (`:name` one segment, `*` the rest). */
function routeMatches(route: string, url: string): boolean {
  const pattern = route
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${pattern}$`).test(url.split('?', 1)[0] ?? '');
}

/**
 * The headers of a caller's credential for a route that reads `credential`: only that kind, so
 * that the other kind is never what let a call through. A public route (or Stripe's, whose
 * signature no caller holds) gets everything the caller holds: holding it must change nothing.
 */
function credentialHeaders(held: Held | undefined, credential: Credential): Record<string, string> {
  if (!held) return {};
  switch (credential) {
    case 'bearer':
      return bearer(held.token);
    case 'identity session':
      return { cookie: held.cookie };
    case 'none':
    case 'stripe signature':
      return { ...bearer(held.token), cookie: held.cookie };
  }
}

/** The customer's other kind of credential than the row reads: no credential at all, to it. */
function otherKindHeaders(held: Held, credential: Credential): Record<string, string> {
  return credential === 'bearer' ? { cookie: held.cookie } : bearer(held.token);
}

async function send(world: World, row: AuthorizationRow, credentials: Record<string, string>) {
  const request = await row.request(world.fixtures);
  expect(routeMatches(row.route, request.url), `${request.url} is not ${row.route}`).toBe(true);
  return world.app.inject({
    method: row.method,
    url: request.url,
    // Better Auth refuses calls without the app's own Origin, as a browser sends it; the other
    // routes do not look at it.
    headers: { ...identityHeaders(world.app), ...request.headers, ...credentials },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/**
 * The fixtures: the customer's orders and profile through the API, as the web app makes them;
 * tools and target accounts, which belong to no caller, straight in.
 */
function createFixtures(
  app: App,
  callers: { customer: TestAccount; anotherCustomer: TestAccount; admin: TestAccount },
  tool: { id: string; name: string },
): Fixtures {
  const { customer, anotherCustomer, admin } = callers;
  let customerCompany: Promise<{ id: string }> | undefined;
  /** The customer's company, made once: straight in, as the walk's callers are not verified. */
  function companyOfCustomer(): Promise<{ id: string }> {
    customerCompany ??= app.database.db.transaction(async (tx) => {
      const company = await insertCompany(tx, {
        legalName: 'Walk Tools Ltd',
        taxNumber: '',
        billingAddress: '1 Walk Street',
      });
      await insertMember(tx, { userId: customer.userId, companyId: company.id, role: 'admin' });
      // The other customer is one of its buyers: the company admin's calls tell them 403.
      await insertMember(tx, {
        userId: anotherCustomer.userId,
        companyId: company.id,
        role: 'buyer',
      });
      return { id: company.id };
    });
    return customerCompany;
  }
  async function targetAccount() {
    // Straight through Better Auth rather than HTTP: these accounts are only targets, and the
    // walk's own HTTP sign-ups already count against the per-client sign-up limit.
    const email = uniqueEmail('target');
    const { user } = await app.auth.api.signUpEmail({
      body: { email, password: 'secret1', name: 'Target' },
    });
    return { email, id: user.id };
  }
  /**
   * A one-line checkout of the customer's company placed straight in, in `status`, by `buyer`.
   * Made to order: it holds no stock, so the walk's tool keeps its own.
   */
  function insertWalkCheckout(
    tx: Transaction,
    checkoutId: string,
    companyId: string,
    buyer: { id: string; email: string },
    status: 'awaiting_approval' | 'invoiced',
  ) {
    return insertCheckoutWithOrders(
      tx,
      { id: checkoutId, userId: buyer.id, email: buyer.email, address: '1 Walk St', companyId },
      [
        {
          checkoutId,
          userId: buyer.id,
          email: buyer.email,
          companyId,
          status,
          toolId: tool.id,
          toolName: tool.name,
          toolImage: '/images/tools/claw-hammer.svg',
          unitPriceCents: 1000,
          quantity: 20,
          address: '1 Walk St',
          madeToOrder: true,
        },
      ],
    );
  }
  async function unpaidOrder(): Promise<OrderFixture> {
    const { order } = await callAs(
      app,
      customer,
      {
        method: 'POST',
        url: '/api/order',
        payload: orderFields(customer, tool, { address: '1 Anvil Row' }),
      },
      PlaceOrderResponseSchema,
    );
    return {
      id: order._id,
      totalPrice: orderTotal(order.price, order.quantity),
      checkoutId: order.checkoutId,
    };
  }
  async function orderWithIntent() {
    const order = await unpaidOrder();
    return { ...order, clientSecret: await createTestIntent(app, customer, order) };
  }
  async function orderPaidByCard() {
    const { clientSecret, ...order } = await orderWithIntent();
    return { ...order, transectionId: await confirmTestCard(app, customer, clientSecret) };
  }
  async function paidOrder(): Promise<OrderFixture> {
    const { transectionId, ...order } = await orderPaidByCard();
    await recordTestPayment(app, customer, order.id, transectionId);
    return order;
  }

  return {
    customer: { email: customer.email, password: customer.password },
    tool: { id: tool.id, name: tool.name },
    async creditNote() {
      const order = await paidOrder();
      const { creditNote } = await callAs(
        app,
        admin,
        { method: 'POST', url: `/api/manageOrders/${order.id}/refunds`, payload: { amount: 1 } },
        RefundOrderResponseSchema,
      );
      return { id: creditNote.id };
    },
    async shipment() {
      const order = await paidOrder();
      await callAs(
        app,
        admin,
        { method: 'PATCH', url: `/api/manageOrders/${order.id}/ship`, payload: {} },
        ManagedOrderSchema,
      );
      const checkout = await app.inject({
        url: `/api/manageCheckouts/${order.checkoutId}`,
        headers: bearer(admin.token),
      });
      const { shipments } = ManagedCheckoutSchema.parse(checkout.json());
      return { id: shipments[0]!._id, checkoutId: order.checkoutId };
    },
    unpaidOrder,
    orderWithIntent,
    orderPaidByCard,
    paidOrder,
    async requestedQuote() {
      return createTestQuote(app, customer, tool);
    },
    async offeredQuote() {
      const price = 12.5;
      const quote = await createTestQuote(app, customer, tool, {
        status: 'offered',
        offerPriceCents: dollarsToCents(price),
        offerValidUntil: '2099-12-31',
        offeredAt: new Date(),
      });
      return { id: quote.id, price };
    },
    async requestedQuoteRequest() {
      const lines = await createTestQuoteRequest(app, customer, [tool, await createTestTool(app)]);
      return { id: lines[0]!.requestId!, lines: lines.map((line) => ({ quoteId: line.id })) };
    },
    async offeredQuoteRequest() {
      const price = 12.5;
      const lines = await createTestQuoteRequest(app, customer, [tool, await createTestTool(app)], {
        status: 'offered',
        offerPriceCents: dollarsToCents(price),
        offerValidUntil: '2099-12-31',
        offeredAt: new Date(),
      });
      return {
        id: lines[0]!.requestId!,
        lines: lines.map((line) => ({ quoteId: line.id, price })),
      };
    },
    async customerCart() {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/cart/lines/${tool.id}`,
        headers: bearer(customer.token),
        payload: { quantity: 25 },
      });
      if (response.statusCode !== 200) {
        throw new Error(`fixture PUT /api/cart/lines: ${response.statusCode} ${response.body}`);
      }
    },
    async customerProfile() {
      const response = await app.inject({
        method: 'POST',
        url: '/api/userinfo',
        headers: bearer(customer.token),
        payload: PROFILE_FIELDS,
      });
      // 409: added already, by an earlier cell.
      if (response.statusCode !== 200 && response.statusCode !== 409) {
        throw new Error(`fixture POST /api/userinfo: ${response.statusCode} ${response.body}`);
      }
    },
    newTool: () => createTestTool(app),
    removedTool: () => createTestTool(app, { archivedAt: new Date() }),
    newCategory: () => createTestCategory(app),
    newReview: () => createTestReview(app),
    newMessage: async () => {
      const row = await insertContactMessage(app.database.db, {
        name: 'A Visitor',
        email: 'visitor@example.com',
        message: 'Do you ship to Oslo?',
      });
      return { id: row.id };
    },
    newAccount: targetAccount,
    newEmail: () => uniqueEmail('newcomer'),
    anotherCustomerEmail: anotherCustomer.email,
    customerCompany: companyOfCustomer,
    async newCompanyBuyer() {
      const company = await companyOfCustomer();
      const { id } = await targetAccount();
      await app.database.db.transaction((tx) =>
        insertMember(tx, { userId: id, companyId: company.id, role: 'buyer' }),
      );
      return { userId: id };
    },
    async newInvitation(email = uniqueEmail('invitee')) {
      const company = await companyOfCustomer();
      const token = randomUUID();
      const row = await app.database.db.transaction(async (tx) => {
        await revokePendingInvitationsTo(tx, company.id, email.toLowerCase(), new Date());
        return insertInvitation(tx, {
          companyId: company.id,
          email: email.toLowerCase(),
          role: 'buyer',
          tokenHash: invitationTokenHash(token),
          invitedBy: customer.userId,
          expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        });
      });
      return { id: row.id, token };
    },
    async newCompanyAddress() {
      const company = await companyOfCustomer();
      const [row] = await app.database.db
        .insert(companyAddresses)
        .values({
          companyId: company.id,
          label: `Walk ${randomUUID().slice(0, 8)}`,
          name: 'Goods In',
          address: '6 Walk Yard',
        })
        .returning({ id: companyAddresses.id });
      return { id: row!.id };
    },
    async newAwaitingCheckout() {
      const company = await companyOfCustomer();
      const buyer = await targetAccount();
      const checkoutId = randomUUID();
      await app.database.db.transaction(async (tx) => {
        await insertMember(tx, { userId: buyer.id, companyId: company.id, role: 'buyer' });
        await insertWalkCheckout(tx, checkoutId, company.id, buyer, 'awaiting_approval');
      });
      return { checkoutId };
    },
    async newCompanyInvoice() {
      const company = await companyOfCustomer();
      const checkoutId = randomUUID();
      const issuedAt = new Date();
      return app.database.db.transaction(async (tx) => {
        const { orders } = await insertWalkCheckout(
          tx,
          checkoutId,
          company.id,
          {
            id: customer.userId,
            email: customer.email,
          },
          'invoiced',
        );
        const order = orders[0]!;
        const year = issuedAt.getUTCFullYear();
        const sequence = await takeNextSequence(tx, year);
        const invoice = await insertInvoice(tx, {
          year,
          sequence,
          number: invoiceNumber(year, sequence),
          orderId: order.id,
          orderReference: 'TF-WALK',
          checkoutId,
          buyerName: 'Walk Customer',
          buyerEmail: customer.email,
          buyerAddress: '1 Walk St',
          totalCents: 20_000,
          transactionId: '',
          paidAt: null,
          issuedAt,
          companyId: company.id,
          paymentTermsDays: 30,
          dueAt: new Date(issuedAt.getTime() + 30 * 24 * 60 * 60 * 1000),
        });
        await insertInvoiceLines(tx, [
          {
            invoiceId: invoice.id,
            position: 1,
            orderId: order.id,
            orderReference: 'TF-WALK',
            toolName: tool.name,
            quantity: 20,
            unitPriceCents: 1000,
            totalCents: 20_000,
            madeToOrder: true,
          },
        ]);
        return { id: invoice.id };
      });
    },
    newToolName: () => `Walk Tool ${randomUUID().slice(0, 8)}`,
  };
}

/**
 * An app with the three callers signed up (the admin verified) and the customer's tool; the app
 * is closed when the file ends.
 */
async function openWorld(
  config: Partial<Config>,
  tools: Parameters<typeof openTestApp>[1],
): Promise<World> {
  const adminEmail = uniqueEmail('admin');
  const app = await openTestApp(
    { config: { ...UNCAPPED_ORDERS, adminEmails: [adminEmail], ...config } },
    tools,
  );
  const customer = await signUpTestAccount(app, { name: 'Ada Customer' });
  const anotherCustomer = await signUpTestAccount(app, { name: 'Bo Customer' });
  // ADMIN_EMAILS promotes a listed address once it is verified.
  const admin = await signUpTestAdmin(app, { email: adminEmail, name: 'Cy Admin' });
  const check = await app.inject({
    url: `/api/admin/${encodeURIComponent(admin.email)}`,
    headers: bearer(admin.token),
  });
  if (AdminCheckSchema.safeParse(check.json()).data?.admin !== true) {
    throw new Error(`the admin fixture is no admin: ${check.statusCode} ${check.body}`);
  }
  // Stock for every order the walk places, whichever the order of the cells.
  const tool = await createTestTool(app, { availableQuantity: 1_000_000 });
  return {
    app,
    accounts: { customer, anotherCustomer, admin },
    fixtures: createFixtures(app, { customer, anotherCustomer, admin }, tool),
    served: routesServed(app),
  };
}

type Worlds = { world: World; stripeWorld: World };

/**
 * The file's worlds: `world`, the default app (the built-in test payment gateway), and
 * `stripeWorld`, the app configured for Stripe, for the rows served only with the stripe gateway.
 */
const it = base
  // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  .extend('world', { scope: 'file' }, ({}, tools) => openWorld({}, tools))
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('stripeWorld', { scope: 'file' }, ({}, tools) => openWorld(STRIPE_CONFIG, tools));

/** The world that walks `row`: the stripe gateway's for the rows served with it. */
const worldOf = ({ world, stripeWorld }: Worlds, row: AuthorizationRow) =>
  row.servedWith === 'stripe gateway' ? stripeWorld : world;

/** A second identity session of the customer, its access token, then the session ended. */
async function endedSessionOf(app: App, customer: TestAccount): Promise<Held> {
  const { cookie, token } = await signInTestAccount(app, customer);
  const signOut = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: identityHeaders(app, cookie),
    payload: {},
  });
  expect(signOut.statusCode, signOut.body).toBe(200);
  return { cookie, token };
}

/** An account's credentials, after its user row was deleted (its sessions go with it). */
async function removedUser(app: App): Promise<Held> {
  const account = await signUpTestAccount(app, { name: 'Gone Customer' });
  const deleted = await app.database.db
    .delete(users)
    .where(eq(users.id, account.userId))
    .returning({ id: users.id });
  expect(deleted).toHaveLength(1);
  return account;
}

describe('a route declares its row of the authorization table', () => {
  /** A bare Fastify app with the check, and one route as `declare` sets it up. */
  async function build(declare: (app: FastifyInstance) => void): Promise<void> {
    const app = Fastify();
    requireDeclaredRows(app);
    try {
      declare(app);
      await app.ready();
    } finally {
      await app.close();
    }
  }
  const answer = async () => ({ status: 'ok' });

  it('builds when the route declares its own row', async () => {
    await expect(
      build((app) => app.get('/api/health', { onRequest: publicRoute('GET /api/health') }, answer)),
    ).resolves.toBeUndefined();
  });

  it('refuses a route under /api that declares no row', async () => {
    await expect(build((app) => app.get('/api/health', answer))).rejects.toThrow(
      /GET \/api\/health must declare its row/,
    );
  });

  it("refuses a route that declares another route's row", async () => {
    await expect(
      build((app) => app.get('/api/health', { onRequest: publicRoute('GET /api/ready') }, answer)),
    ).rejects.toThrow(/it declares GET \/api\/ready/);
  });

  it('gets from its row its security and the refusals of its words, with the error body', async () => {
    const completed: Record<string, unknown> = {};
    await build((app) => {
      app.addHook('onRoute', (route) => {
        completed[`${String(route.method)} ${route.url}`] = route.schema;
      });
      app.get(
        '/api/health',
        {
          onRequest: publicRoute('GET /api/health'),
          schema: { response: { 200: { type: 'object' } } },
        },
        answer,
      );
    });
    expect(completed['GET /api/health']).toMatchObject({
      response: { 200: { type: 'object' } },
      security: [],
    });
    const own = { summary: 'Manage Orders', response: { 200: AdminCheckSchema } };
    expect(withAccessOf(['GET /api/manageOrders'], own)).toEqual({
      ...own,
      security: [{ bearer: [] }],
      response: { 200: AdminCheckSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    });
    expect(withAccessOf(['PUT /api/user/:email'], {})).toMatchObject({
      security: [{ sessionCookie: [] }],
    });
    // A 403 of the route's own (a hold limit) stands where the row gives none.
    expect(
      withAccessOf(['POST /api/quotes/:id/accept'], { response: { 403: ErrorBodySchema } }),
    ).toEqual({
      security: [{ bearer: [] }],
      response: { 401: ErrorBodySchema, 403: ErrorBodySchema },
    });
  });

  it('refuses a route that writes its own security, 401, or a 403 its row gives', async () => {
    await expect(
      build((app) =>
        app.get(
          '/api/health',
          { onRequest: publicRoute('GET /api/health'), schema: { security: [] } },
          answer,
        ),
      ),
    ).rejects.toThrow(/GET \/api\/health writes its own security/);
    expect(() =>
      withAccessOf(['GET /api/payorder/:id'], { response: { 401: ErrorBodySchema } }),
    ).toThrow(/writes its own 401 answer/);
    expect(() => withAccessOf(['GET /api/cart'], { response: { 403: ErrorBodySchema } })).toThrow(
      /writes its own 403 answer/,
    );
  });
});

describe('who may call what (docs/architecture.md#who-may-call-what)', () => {
  let endedSession: Held;
  let removed: Held;

  it.beforeAll(async ({ world }) => {
    endedSession = await endedSessionOf(world.app, world.accounts.customer);
    removed = await removedUser(world.app);
  });

  describe('the table', () => {
    it('has a row for every route each app serves under /api', ({ world, stripeWorld }) => {
      expect(world.served, 'the route listing found nothing: has printRoutes changed?').toContain(
        'GET /api/health',
      );
      const rows = new Set<string>(AUTHORIZED_ROUTES);
      for (const [name, { served }] of [
        ['test gateway', world],
        ['stripe gateway', stripeWorld],
      ] as const) {
        const missing = [...served].filter((route) => !rows.has(route));
        expect(
          missing,
          `routes served (${name}) without a row in ${TABLE_FILE}: ${missing.join(', ')}`,
        ).toEqual([]);
      }
    });

    it('has a row for every operation of the OpenAPI document', async ({ world, stripeWorld }) => {
      const rows = new Set<string>(AUTHORIZED_ROUTES);
      for (const { app, served } of [world, stripeWorld]) {
        const documented = await routesDocumented(app);
        const missing = [...documented].filter((route) => !rows.has(route));
        expect(
          missing,
          `documented routes without a row in ${TABLE_FILE}: ${missing.join(', ')}`,
        ).toEqual([]);
        // The two listings agree, so neither can miss a route unseen.
        expect([...documented].filter((route) => !served.has(route))).toEqual([]);
      }
    });

    it('names only routes an app serves', ({ world, stripeWorld }) => {
      const unserved = AUTHORIZED_ROUTES.filter(
        (route) => !world.served.has(route) && !stripeWorld.served.has(route),
      );
      expect(unserved, `rows in ${TABLE_FILE} for routes not served`).toEqual([]);
    });

    it('has cases for every row, each walked with the gateway that serves its route', ({
      world,
      stripeWorld,
    }) => {
      const walked = new Set(AUTHORIZATION_ROWS.map(keyOf));
      const unwalked = AUTHORIZED_ROUTES.filter((route) => !walked.has(route));
      expect(unwalked, `rows of ${TABLE_FILE} without a case in ${CASES_FILE}`).toEqual([]);
      const unserved = AUTHORIZATION_ROWS.filter(
        (row) => !worldOf({ world, stripeWorld }, row).served.has(keyOf(row)),
      );
      expect(unserved.map(titleOf), `cases in ${CASES_FILE} for routes not served`).toEqual([]);
      const otherWorld = (row: AuthorizationRow) =>
        worldOf({ world, stripeWorld }, row) === world ? stripeWorld : world;
      const servedWithout = AUTHORIZATION_ROWS.filter(
        (row) => row.servedWith && otherWorld(row).served.has(keyOf(row)),
      );
      expect(servedWithout.map(titleOf), 'served with the other gateway too').toEqual([]);
    });

    it("gives a case a credential of its own only where the row's route has no guard of ours", () => {
      const owned = AUTHORIZATION_ROWS.filter(
        (row) => row.ownCredential && ruleOf(keyOf(row) as AuthorizedRoute).guard !== null,
      );
      expect(owned.map(titleOf)).toEqual([]);
    });

    it("gives each row the refusals its cases answer, for the route's OpenAPI answers", () => {
      const answered = new Map<string, Set<number>>();
      for (const row of AUTHORIZATION_ROWS) {
        const statuses = answered.get(keyOf(row)) ?? new Set<number>();
        for (const status of Object.values(row.answers)) statuses.add(status);
        answered.set(keyOf(row), statuses);
      }
      const differ = AUTHORIZED_ROUTES.filter(
        // Better Auth's endpoints are documented one by one (identity.openapi.ts).
        (route) => AUTHORIZATION_TABLE[route] !== 'identity service',
      ).flatMap((route) => {
        const refused = [401, 403].filter((status) => answered.get(route)?.has(status));
        const given = [...ruleOf(route).refusals];
        return refused.join() === given.join()
          ? []
          : [
              `${route} (${AUTHORIZATION_TABLE[route]}): cases answer [${refused.join()}], the row gives [${given.join()}]`,
            ];
      });
      expect(differ).toEqual([]);
    });

    it('refuses anonymous callers of every bearer route with 401', () => {
      const others = AUTHORIZATION_ROWS.filter(
        (row) => row.credential === 'bearer' && row.answers.anonymous !== 401,
      ).map(titleOf);
      expect(others).toEqual([]);
    });
  });

  for (const row of AUTHORIZATION_ROWS) {
    describe(titleOf(row), () => {
      it.for(CALLERS.map((caller) => ({ caller, status: row.answers[caller] })))(
        '$caller: $status',
        async ({ caller, status }, { world, stripeWorld }) => {
          const target = worldOf({ world, stripeWorld }, row);
          const held = caller === 'anonymous' ? undefined : target.accounts[caller];
          const response = await send(target, row, credentialHeaders(held, row.credential));
          expect(response.statusCode, `${WHO[row.who].words} ${caller}: ${response.body}`).toBe(
            status,
          );
          // Answers about a person are never kept by a browser or a proxy (issue 22 item 8).
          if (row.credential === 'bearer' || row.credential === 'identity session') {
            expect(response.headers['cache-control'], 'Cache-Control').toMatch(/\bno-store\b/);
          }
        },
      );
    });
  }

  describe('a credential that does not count is no credential: the anonymous answer', () => {
    const credentialed = AUTHORIZATION_ROWS.filter(
      (row) => row.credential === 'bearer' || row.credential === 'identity session',
    );
    const ways: {
      name: string;
      headers: (row: AuthorizationRow, world: World) => Record<string, string>;
    }[] = [
      {
        name: "the customer's other kind of credential",
        headers: (row, world) => otherKindHeaders(world.accounts.customer, row.credential),
      },
      {
        name: "the customer's ended session (signed out)",
        headers: (row) => credentialHeaders(endedSession, row.credential),
      },
      {
        name: 'a removed user',
        headers: (row) => credentialHeaders(removed, row.credential),
      },
    ];
    for (const row of credentialed) {
      describe(titleOf(row), () => {
        it.for(ways)('$name', async (way, { world, stripeWorld }) => {
          const response = await send(
            worldOf({ world, stripeWorld }, row),
            row,
            way.headers(row, world),
          );
          expect(response.statusCode, response.body).toBe(row.answers.anonymous);
        });
      });
    }
  });
});

import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import {
  dollarsToCents,
  ErrorBodySchema,
  MAX_WHOLE_NUMBER,
  orderTotal,
  PlaceOrderResponseSchema,
  texts,
} from '@tools-factory/contract';
import type { App } from './app.ts';
import { tools } from './modules/tools/tools.table.ts';
import {
  bearer,
  identityHeaders,
  requestAccessToken,
  signUpTestAccount,
  uniqueEmail,
  type TestAccount,
} from './testing/accounts.ts';
import {
  badRequests,
  fixturesIn,
  writeRequest,
  type FixtureName,
  type FixtureValues,
  type JsonSchema,
  type OperationInputs,
  type RequestPlan,
} from './testing/arbitraries.ts';
import { AUTHORIZATION_ROWS } from './testing/authorization-cases.ts';
import {
  callAs,
  confirmTestCard,
  createTestIntent,
  recordTestPayment,
} from './testing/payments.ts';
import { createTestQuote, createTestTool } from './testing/factories.ts';
import { orderFields } from './testing/requests.ts';
import { UNCAPPED_ORDERS } from './testing/test-config.ts';
import { appTest, closeAtEnd, openTestApp } from './testing/app-fixtures.ts';
import { startStripeStandIn } from './testing/stripe-stand-in.ts';

/*
 * Issue 15, part 2: every operation of the OpenAPI document gets requests built from its schemas
 * (the contract's zod schemas, as the routes declare them) and then mutated: wrong types, fields
 * left out or added, huge and tiny numbers, NUL, lone surrogates, RTL and emoji, 100 KB texts,
 * deep nesting, duplicate keys in the JSON text, broken JSON, other content types. Each is sent
 * by the caller the route is for (Stripe's webhook: signed with the webhook secret, on an app
 * with the stripe gateway), on the real app and database. Whatever comes back: never a
 * 5xx, no stack trace or internal detail, an error in the contract's shape, and nothing stored
 * by a request that was refused (the row count of every table, and the tools' stock, unchanged).
 */

/** How many requests each operation gets: more where there is more to get wrong. */
const RUNS = { body: 50, parameters: 35, none: 12 } as const;

/** What no answer holds, whatever it is: stack frames and source files. */
const TRACES = [
  /\n\s+at\s/,
  /\bat\s+(?:async\s+)?[\w$.<>]+\s+\((?:file:|node:|\/)[^)]*:\d+:\d+\)/,
  /node_modules|file:\/\/|\/work\/|\.(?:ts|js|mjs|cjs):\d+/,
];

/** What no error message holds: SQL, the database's words, JavaScript's own errors. */
const INTERNALS = [
  ...TRACES,
  /\b(?:select|insert\s+into|update\s+\S+\s+set|delete\s+from)\b[\s\S]*\b(?:from|values|where)\b/i,
  /drizzle|pglite|postgres|sqlstate|syntax error|violates|duplicate key|relation "|Failed query/i,
  /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|\[object Object\]/,
];

type CallerKind = 'anonymous' | 'customer' | 'admin';
type Credential = 'none' | 'bearer' | 'identity session' | 'stripe signature';

type Operation = {
  method: string;
  /** As the document writes it: `/api/tool/{id}`. */
  path: string;
  inputs: OperationInputs;
  caller: CallerKind;
  credential: Credential;
};

/** What the OpenAPI document says of one operation, as far as the requests need it. */
type DocumentedOperation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
};
type OpenApiDocument = { paths: Record<string, Record<string, DocumentedOperation>> };

const keyOf = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path}`;

/** The table's route (`/api/tool/:id`, `/api/auth/*`) that serves a documented path. */
function servesPath(route: string, documentedPath: string): boolean {
  const path = documentedPath.replace(/\{(\w+)\}/g, ':$1');
  return route.endsWith('/*') ? path.startsWith(route.slice(0, -1)) : path === route;
}

/**
 * Who sends an operation's requests: what its security says (none, a bearer token, the identity
 * session), and for a bearer, a caller the authorization table lets through, so that the input
 * is what decides the answer. The customer is the owner of every fixture.
 */
function callerOf(
  method: string,
  path: string,
  security: DocumentedOperation['security'],
): Pick<Operation, 'caller' | 'credential'> {
  const schemes = new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)));
  const rows = AUTHORIZATION_ROWS.filter(
    (row) => row.method === method && servesPath(row.route, path),
  );
  if (rows.some((row) => row.credential === 'stripe signature')) {
    return { caller: 'anonymous', credential: 'stripe signature' };
  }
  if (schemes.has('bearer')) {
    const lets = (caller: 'customer' | 'admin') => rows.some((row) => row.answers[caller] < 300);
    const caller = lets('customer') || !lets('admin') ? 'customer' : 'admin';
    return { caller, credential: 'bearer' };
  }
  if (schemes.has('sessionCookie')) return { caller: 'customer', credential: 'identity session' };
  return { caller: 'anonymous', credential: 'none' };
}

/** A Stripe event as Stripe posts it: a payment intent that succeeded (or another event). */
const STRIPE_EVENT_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'object', 'type', 'data'],
  properties: {
    id: { type: 'string', pattern: '^evt_[A-Za-z0-9]{8,24}$' },
    object: { enum: ['event'] },
    type: { enum: ['payment_intent.succeeded', 'payment_intent.created', 'charge.refunded'] },
    livemode: { type: 'boolean' },
    data: {
      type: 'object',
      required: ['object'],
      properties: {
        object: {
          type: 'object',
          required: ['id', 'object', 'amount', 'status', 'metadata'],
          properties: {
            id: { type: 'string', pattern: '^pi_[A-Za-z0-9]{8,24}$' },
            object: { enum: ['payment_intent'] },
            amount: { type: 'integer', minimum: 0, maximum: 100_000 },
            amount_received: { type: 'integer', minimum: 0, maximum: 100_000 },
            currency: { enum: ['usd'] },
            status: { enum: ['succeeded', 'processing'] },
            metadata: {
              type: 'object',
              required: ['order_id'],
              properties: { order_id: { type: 'string', format: 'uuid' } },
            },
          },
        },
      },
    },
  },
};

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([lowerMethod, documented]) => {
        const method = lowerMethod.toUpperCase();
        const parameters = documented.parameters ?? [];
        const of = (place: string) =>
          parameters
            .filter((parameter) => parameter.in === place)
            .map(({ name, schema = {}, required = false }) => ({ name, schema, required }));
        return {
          method,
          path,
          inputs: {
            path: of('path'),
            query: of('query'),
            headers: of('header'),
            body: documented.requestBody?.content?.['application/json']?.schema,
          },
          ...callerOf(method, path, documented.security),
        };
      }),
    )
    .map((operation) =>
      // Stripe's events are read from the raw bytes, so no schema describes them: this one does.
      operation.credential === 'stripe signature' && !operation.inputs.body
        ? { ...operation, inputs: { ...operation.inputs, body: STRIPE_EVENT_SCHEMA } }
        : operation,
    );
}

function runsFor(inputs: OperationInputs): number {
  if (inputs.body) return RUNS.body;
  return inputs.path.length + inputs.query.length + inputs.headers.length > 0
    ? RUNS.parameters
    : RUNS.none;
}

// --- the world: callers and what their requests are about ------------------------------------

/** A fixture that several values come from (an order: its id and its total). */
type FixtureObject =
  | 'tool'
  | 'unpaidOrder'
  | 'intentOrder'
  | 'cardPaidOrder'
  | 'paidOrder'
  | 'requestedQuote'
  | 'offeredQuote'
  | 'bystander';

const OBJECT_OF: Record<Exclude<FixtureName, PerRequest>, FixtureObject> = {
  toolId: 'tool',
  toolName: 'tool',
  unpaidOrderId: 'unpaidOrder',
  orderTotal: 'unpaidOrder',
  intentOrderId: 'intentOrder',
  clientSecret: 'intentOrder',
  cardPaidOrderId: 'cardPaidOrder',
  transectionId: 'cardPaidOrder',
  paidOrderId: 'paidOrder',
  requestedQuoteId: 'requestedQuote',
  offeredQuoteId: 'offeredQuote',
  offerPrice: 'offeredQuote',
  bystanderEmail: 'bystander',
};

/** The values each request gets of its own. */
type PerRequest = 'callerEmail' | 'callerPassword' | 'freshEmail';

const objectOf = (name: FixtureName): FixtureObject | undefined =>
  name === 'callerEmail' || name === 'callerPassword' || name === 'freshEmail'
    ? undefined
    : OBJECT_OF[name];

/**
 * The callers, and the fixtures the requests name, each made on first use. A write that
 * succeeded may have used a fixture up (paid, removed, shipped): each fixture it named is made
 * anew for the next request, and each caller signed in again if its session ended (sign-out).
 */
function createWorld(app: App, accounts: Record<'customer' | 'admin', TestAccount>) {
  const made = new Map<FixtureObject, Promise<FixtureValues>>();
  const customer = () => accounts.customer;

  async function newOrder() {
    const { toolId = '', toolName = '' } = await valuesOf('tool');
    const { order } = await callAs(
      app,
      customer(),
      {
        method: 'POST',
        url: '/api/order',
        payload: orderFields(customer(), { id: String(toolId), name: String(toolName) }),
      },
      PlaceOrderResponseSchema,
    );
    return { id: order._id, total: orderTotal(order.price, order.quantity) };
  }
  async function newOrderWithIntent() {
    const order = await newOrder();
    const clientSecret = await createTestIntent(app, customer(), {
      id: order.id,
      totalPrice: order.total,
    });
    return { ...order, clientSecret };
  }
  async function newOrderPaidByCard() {
    const { clientSecret, ...order } = await newOrderWithIntent();
    return { ...order, transectionId: await confirmTestCard(app, customer(), clientSecret) };
  }
  async function quoteTool() {
    const { toolId = '', toolName = '' } = await valuesOf('tool');
    return { id: String(toolId), name: String(toolName) };
  }

  const makers: Record<FixtureObject, () => Promise<FixtureValues>> = {
    async tool() {
      // Nearly the largest whole number a stock may be: a restock of a few thousand units, or a
      // sum of quantities near it, passes the database's integer (issue 40 item 5: a 500).
      const tool = await createTestTool(app, { availableQuantity: MAX_WHOLE_NUMBER - 1_000 });
      return { toolId: tool.id, toolName: tool.name };
    },
    async unpaidOrder() {
      const order = await newOrder();
      return { unpaidOrderId: order.id, orderTotal: order.total };
    },
    async intentOrder() {
      const order = await newOrderWithIntent();
      return { intentOrderId: order.id, clientSecret: order.clientSecret };
    },
    async cardPaidOrder() {
      const order = await newOrderPaidByCard();
      return { cardPaidOrderId: order.id, transectionId: order.transectionId };
    },
    async paidOrder() {
      const order = await newOrderPaidByCard();
      await recordTestPayment(app, customer(), order.id, order.transectionId);
      return { paidOrderId: order.id };
    },
    async requestedQuote() {
      const quote = await createTestQuote(app, customer(), await quoteTool());
      return { requestedQuoteId: quote.id };
    },
    async offeredQuote() {
      const price = 12.5;
      const quote = await createTestQuote(app, customer(), await quoteTool(), {
        status: 'offered',
        offerPriceCents: dollarsToCents(price),
        offerValidUntil: '2099-12-31',
        offeredAt: new Date(),
      });
      return { offeredQuoteId: quote.id, offerPrice: price };
    },
    async bystander() {
      // Nobody's caller: a target for the admins' calls (and a stranger's e-mail to the others).
      const email = uniqueEmail('bystander');
      await app.auth.api.signUpEmail({ body: { email, password: 'secret1', name: 'Bystander' } });
      return { bystanderEmail: email };
    },
  };

  function valuesOf(object: FixtureObject): Promise<FixtureValues> {
    let values = made.get(object);
    if (!values) {
      values = makers[object]();
      made.set(object, values);
      // A fixture that failed to be made is tried again next time, not remembered broken.
      values.catch(() => made.delete(object));
    }
    return values;
  }

  /** A caller's credentials still count: GET /api/admin/{email} answers as it would. */
  async function signedIn(account: TestAccount): Promise<boolean> {
    const response = await app.inject({
      url: `/api/admin/${encodeURIComponent(account.email)}`,
      headers: bearer(account.token),
    });
    return response.statusCode === 200;
  }

  /** Signs the account in again (past the rate limits, which the requests may have used up). */
  async function signInAgain(account: TestAccount): Promise<TestAccount> {
    const response = await app.auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      asResponse: true,
    });
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';', 1)[0])
      .join('; ');
    const { token } = await requestAccessToken(app, cookie, account.email);
    return { ...account, cookie, token };
  }

  return {
    caller(kind: CallerKind): TestAccount | undefined {
      return kind === 'anonymous' ? undefined : accounts[kind];
    },

    /** The values a plan names, its fixtures made first. */
    async valuesFor(plan: RequestPlan, kind: CallerKind): Promise<FixtureValues> {
      const names = fixturesIn(plan);
      const objects = new Set([...names].map(objectOf).filter((object) => object !== undefined));
      const values = await Promise.all([...objects].map(valuesOf));
      const caller = accounts[kind === 'admin' ? 'admin' : 'customer'];
      return Object.assign(
        {
          callerEmail: caller.email,
          callerPassword: caller.password,
          freshEmail: uniqueEmail('fresh'),
        },
        ...values,
      ) as FixtureValues;
    },

    /** After a write that succeeded: the fixtures it named made anew, the callers signed in. */
    async afterWrite(plan: RequestPlan): Promise<void> {
      for (const name of fixturesIn(plan)) {
        const object = objectOf(name);
        if (object) made.delete(object);
      }
      await app.outbox.idle();
      for (const kind of ['customer', 'admin'] as const) {
        if (!(await signedIn(accounts[kind]))) accounts[kind] = await signInAgain(accounts[kind]);
      }
    },
  };
}

// --- what is stored ------------------------------------------------------------------------

/** Every table of the app's schema, read from the database (a new table is counted too). */
async function tablesOf(app: App): Promise<string[]> {
  const result = (await app.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((row) => row.name);
}

/**
 * The row count of each table, and each tool's available quantity: one query (it runs before
 * every request and after every refused one).
 */
async function storedState(app: App, tables: readonly string[]) {
  const counts = tables.map(
    (table) =>
      sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(`rows of ${table}`)}`,
  );
  const stock = sql`(select coalesce(json_agg(json_build_array(${tools.id}, ${tools.availableQuantity}) order by ${tools.id}), '[]'::json) from ${tools}) as "stock of the tools"`;
  const result = (await app.database.db.execute(
    sql`select ${sql.join([...counts, stock], sql`, `)}`,
  )) as unknown as { rows: unknown[] };
  return result.rows[0];
}

// --- the properties ------------------------------------------------------------------------

/** Each request from a client address of its own: the per-client limits are not under test. */
let clients = 0;
function nextClientAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * A failure prints its seed and path: BAD_INPUT_SEED=<seed> BAD_INPUT_PATH=<path> runs that
 * counterexample again (with `-t` naming its route).
 */
const replay = process.env.BAD_INPUT_SEED
  ? {
      seed: Number(process.env.BAD_INPUT_SEED),
      ...(process.env.BAD_INPUT_PATH ? { path: process.env.BAD_INPUT_PATH } : {}),
    }
  : {};

/** The keys of the stripe gateway's app; its calls to Stripe go to a local stand-in. */
const STRIPE_KEYS = {
  secretKey: 'sk_test_bad_input',
  publishableKey: 'pk_test_bad_input',
  webhookSecret: 'whsec_bad_input',
};

/** The Stripe-Signature header Stripe would send with these bytes, made now. */
function stripeSignature(payload: string | Buffer): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', STRIPE_KEYS.webhookSecret)
    .update(`${timestamp}.`)
    .update(payload)
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** One app under test: its operations, its tables, its world. */
type Context = {
  app: App;
  operations: Operation[];
  tables: string[];
  world: ReturnType<typeof createWorld>;
};

type Tally = { inputs: number; byClass: Record<string, number>; milliseconds: number };

async function contextOf(
  target: App,
  accounts: Record<'customer' | 'admin', TestAccount>,
): Promise<Context> {
  const response = await target.inject('/api/openapi.json');
  return {
    app: target,
    operations: operationsOf(response.json() as OpenApiDocument),
    tables: await tablesOf(target),
    world: createWorld(target, accounts),
  };
}

/** What the walk's app logged (errors only) since the request in hand was sent. */
const logLines: string[] = [];

const walkTest = appTest({
  config: { ...UNCAPPED_ORDERS, logLevel: 'error' },
  logStream: { write: (line) => void logLines.push(line) },
  customerName: 'Petra Property',
  adminName: 'Adam Property',
})
  // The app with the stripe gateway, for what only it serves (Stripe's webhook); its calls to
  // Stripe go to a local stand-in, started before it and stopped after it.
  // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  .extend('stripeStandIn', { scope: 'file' }, async ({}, tools) =>
    closeAtEnd(await startStripeStandIn({ secretKey: STRIPE_KEYS.secretKey }), tools),
  )
  .extend('stripeApp', { scope: 'file' }, ({ stripeStandIn }, tools) =>
    openTestApp(
      { config: { ...UNCAPPED_ORDERS, stripe: { ...STRIPE_KEYS, apiUrl: stripeStandIn.url } } },
      tools,
    ),
  )
  .extend('stripeCustomer', { scope: 'file' }, ({ stripeApp }) =>
    signUpTestAccount(stripeApp, { name: 'Stella Stripe' }),
  )
  // The operations and the world of each app.
  .extend(
    'setting',
    { scope: 'file' },
    async ({ app, customer, admin, stripeApp, stripeCustomer }) => ({
      testGateway: await contextOf(app, { customer: { ...customer }, admin: { ...admin } }),
      // Nobody signs in to the webhook: the customer is there for the world's fixtures only.
      stripeGateway: await contextOf(stripeApp, {
        customer: { ...stripeCustomer },
        admin: { ...stripeCustomer },
      }),
    }),
  );

// Its own app and accounts: the properties before it sign sessions out and change what the
// walk's accounts hold, and this case must not depend on what they drew.
const counterexampleTest = appTest({
  config: { ...UNCAPPED_ORDERS, logLevel: 'error' },
  customerName: 'Petra Property',
  adminName: 'Adam Property',
});

describe('bad input on every operation of the API (property-based)', () => {
  const tallies = new Map<string, Tally>();

  afterAll(() => {
    const rows = [...tallies].map(
      ([key, tally]) =>
        `  ${key.padEnd(42)} ${String(tally.inputs).padStart(4)} inputs  ${JSON.stringify(tally.byClass)}  ${tally.milliseconds} ms`,
    );
    const inputs = [...tallies.values()].reduce((sum, tally) => sum + tally.inputs, 0);
    console.log(
      `inputs tried by the property tests: ${inputs} over ${tallies.size} operations\n${rows.join('\n')}`,
    );
  });

  /** Sends one request of the plan, and checks the answer and what is stored. */
  async function check(
    { app, world, tables }: Context,
    operation: Operation,
    plan: RequestPlan,
    tally: Tally,
  ): Promise<void> {
    const values = await world.valuesFor(plan, operation.caller);
    const written = writeRequest(operation.path, plan, values);
    const caller = world.caller(operation.caller);
    const credential: Record<string, string> =
      operation.credential === 'stripe signature'
        ? { 'stripe-signature': stripeSignature(written.payload ?? '') }
        : !caller || operation.credential === 'none'
          ? {}
          : operation.credential === 'bearer'
            ? bearer(caller.token)
            : { cookie: caller.cookie };
    const before = await storedState(app, tables);
    logLines.length = 0;
    const response = await app.inject({
      method: operation.method as InjectOptions['method'],
      url: written.url,
      headers: { ...identityHeaders(app), ...credential, ...written.headers },
      remoteAddress: nextClientAddress(),
      ...(written.payload === undefined ? {} : { payload: written.payload }),
    });
    tally.inputs += 1;
    const statusClass = `${String(response.statusCode).slice(0, 1)}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;

    const status = response.statusCode;
    expect(status, `${status} ${response.body}\nlog: ${logLines.join('')}`).toBeLessThan(500);
    const shown = response.body.slice(0, 2_000);
    for (const pattern of TRACES) {
      expect(response.body, `internal detail in ${shown}`).not.toMatch(pattern);
    }
    if (status >= 400) {
      expect(response.headers['content-type'], shown).toMatch(/^application\/json/);
      const error = ErrorBodySchema.safeParse(safeJson(response.body));
      expect(error.success, `not an error body: ${shown}`).toBe(true);
      expect(error.data?.statusCode).toBe(status);
      for (const pattern of INTERNALS) {
        expect(error.data?.message, 'internal detail in the message').not.toMatch(pattern);
      }
      expect(await storedState(app, tables), `stored by a refused ${status}: ${shown}`).toEqual(
        before,
      );
    } else if (operation.method !== 'GET' && status < 300) {
      await world.afterWrite(plan);
    }
  }

  const routes = [
    ...new Set(
      AUTHORIZATION_ROWS.map((row) =>
        [row.method, row.route, row.servedWith === 'stripe gateway' ? 'stripe' : 'test'].join(' '),
      ),
    ),
  ];
  const tried = new Set<string>();

  for (const route of routes) {
    const [method = '', path = '', gateway] = route.split(' ');
    walkTest(
      `${route}: never a 5xx or internals, nothing stored when refused`,
      { timeout: 120_000 },
      async ({ setting }) => {
        const context = gateway === 'stripe' ? setting.stripeGateway : setting.testGateway;
        const operations = context.operations.filter(
          (operation) => operation.method === method && servesPath(path, operation.path),
        );
        expect(operations, `${route} has no operation in the OpenAPI document`).not.toEqual([]);
        for (const operation of operations) {
          const tally: Tally = { inputs: 0, byClass: {}, milliseconds: 0 };
          tallies.set(keyOf(operation), tally);
          const started = performance.now();
          await fc.assert(
            fc.asyncProperty(badRequests(operation.inputs), (plan) =>
              check(context, operation, plan, tally),
            ),
            { numRuns: runsFor(operation.inputs), ...replay },
          );
          tally.milliseconds = Math.round(performance.now() - started);
          tried.add(keyOf(operation));
        }
      },
    );
  }

  walkTest('has tried every operation of the OpenAPI document', ({ setting }) => {
    const { testGateway, stripeGateway } = setting;
    const documented = [
      ...new Set([...testGateway.operations, ...stripeGateway.operations].map(keyOf)),
    ];
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((key) => !tried.has(key))).toEqual([]);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

describe('a counterexample the properties found once', () => {
  // A counterexample the properties found once (issue 22 item 20: seed -170263357, path "13"),
  // kept as a fixed case whatever the generators draw now: a duplicate key whose last value,
  // 5e-324, passed the price schema and became 0 cents, which the database refused (a 500). One
  // money parser (priceSchema) reads every amount: each route that takes one answers 400.
  counterexampleTest(
    'a duplicate price key whose last value is 5e-324: 400 in words on every route that takes an amount (seed -170263357, path "13")',
    async ({ app, customer, admin }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 100 });
      const requested = await createTestQuote(app, customer, tool);
      const offered = await createTestQuote(app, customer, tool, {
        status: 'offered',
        offerPriceCents: 1999,
        offerValidUntil: '2099-12-31',
        offeredAt: new Date(),
      });
      const order = JSON.stringify(orderFields(customer, tool, { price: 19.99 })).slice(0, -1);
      const cases = [
        {
          caller: admin,
          url: `/api/manageQuotes/${requested.id}/offer`,
          payload: '{ "price": 19.99, "validUntil": "2099-12-31", "price": 5e-324 }',
          field: 'unit price',
        },
        {
          caller: customer,
          url: `/api/quotes/${offered.id}/accept`,
          payload: '{ "price": 19.99, "address": "1 Forge Lane", "price": 5e-324 }',
          field: 'price',
        },
        {
          caller: customer,
          url: '/api/order',
          payload: `${order}, "price": 5e-324 }`,
          field: 'price',
        },
        {
          caller: admin,
          url: '/api/tool',
          payload: `{ "name": "Fixed Case Tool", "desc": "A tool.", "img": "/images/tools/claw-hammer.svg", "price": 19.99, "minOrderQuantity": 1, "availableQuantity": 10, "price": 5e-324 }`,
          field: 'price',
        },
        {
          caller: customer,
          url: '/api/create-payment-intent',
          payload: `{ "orderId": "${requested.id}", "totalPrice": 19.99, "totalPrice": 5e-324 }`,
          field: 'totalPrice',
        },
      ];
      const tables = await tablesOf(app);
      for (const { caller, url, payload, field } of cases) {
        const before = await storedState(app, tables);
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(caller.token), 'content-type': 'application/json' },
          remoteAddress: nextClientAddress(),
          payload,
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).message, url).toContain(
          texts.fieldErrors.belowOneCent(field),
        );
        expect(await storedState(app, tables), url).toEqual(before);
      }
    },
  );
});

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  SERVER_POOL_SIZE,
  withBenchDatabase,
  type BenchDatabase,
  type Query,
} from './bench-database.ts';
import { untilIdle } from './cpu-idle.ts';
import { runPgliteSideBySide } from './pglite-row.ts';
import type { RequestSpec } from './http.ts';
import { afterRamp, load, loadSample, type LoadOptions, type Sample } from './load.ts';
import { startAppServer, type RunningServer } from './processes.ts';
import { IDLE_RSS_GOAL_BYTES, ORDER_GOALS, type Row, type ServerFigures } from './report.ts';
import { alternateRounds, type Alternated } from './rounds.ts';
import { watchServer, type WatchedServer } from './server-figures.ts';

/**
 * POST /api/order throughput (orders/s), on PGlite and on PostgreSQL, each on a server of its own
 * with a tool whose stock never runs out (minimum 1, a billion available, quantities 2..20) and
 * ten customer accounts shared by the connections. Baseline: an order's reserve-and-insert
 * transaction written plainly, one statement at a time (the account's lock, the cap's count, the
 * conditional stock UPDATE, the price breaks, the checkout, the order), as bare SQL on the same
 * database, with the same number of concurrent callers (and, on PostgreSQL, the server's pool
 * size), no HTTP. The server writes more (the e-mails, the order's events) in fewer statements
 * (docs/decisions/029): the baseline is what issue 27's goals were set against.
 */

export const ORDER_BASELINE = 'bare SQL: reserve+insert, one statement at a time, same DB';

const TOOL_PRICE_CENTS = 2500;
const QUANTITIES = Array.from({ length: 19 }, (_, index) => index + 2);

export type OrderBenchOptions = {
  measure: LoadOptions;
  warmUp: LoadOptions;
  /** The measured seconds of each side are split into this many rounds (rounds.ts). */
  rounds: number;
  /** Each order server's start-to-ready time and RSS (idle, peak under the order load) go here. */
  servers?: ServerFigures[];
};

/**
 * Accounts signed up per run: connection i orders as account i modulo this. Password hashing is
 * deliberately slow (~0.15 s each here), so not one per connection: the server's work per order
 * (token check, account lookup) is the same whichever account sends it.
 */
const ACCOUNTS = 10;

/**
 * Each bench account places thousands of orders in a run: lift the per-account caps against
 * hoarding (MAX_UNPAID_ORDERS, ORDER_RATE_LIMIT, UNVERIFIED_HOLD_LIMIT, UNPAID_HOLD_LIMIT), which would refuse all but the first few. The
 * cap's check (a per-account lock and a count) still runs on every order, so it is measured.
 * UNPAID_TOOL_SHARE keeps its default: a bench tool's billion units are never near it.
 */
const UNCAPPED_ORDERS_ENV = {
  MAX_UNPAID_ORDERS: '1000000000',
  ORDER_RATE_LIMIT: '1000000000',
  // The bench accounts are not verified (UNVERIFIED_HOLD_LIMIT would refuse them too).
  UNVERIFIED_HOLD_LIMIT: '1000000000',
  UNPAID_HOLD_LIMIT: '1000000000',
};

/** A signed-up customer: the bearer token, and the session cookie a browser would hold. */
export type Customer = { email: string; token: string; userId: string; cookie: string };
type BenchTool = { id: string; name: string };

const insertToolSql = `
  insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity)
  values ($1, 'BA-' || substr(md5($1), 1, 10), '/images/tools/claw-hammer.svg', 'A tool for the order bench.', $2, 1, 1000000000)
  returning id`;

async function insertBenchTool(query: Query): Promise<BenchTool> {
  const name = `Bench Anvil ${randomUUID().slice(0, 8)}`;
  const { rows } = await query(insertToolSql, [name, TOOL_PRICE_CENTS]);
  return { id: String(rows[0]?.id), name };
}

/** The statements of placeOrder's transaction (orders.repository.ts), with the same conditions. */
const lockUnpaidOrdersSql = `select pg_advisory_xact_lock(724502, hashtext($1))`;
const countUnpaidOrdersSql = `
  select count(*)::int as count from orders where user_id = $1 and status = 'unpaid'`;
const reserveSql = `
  update tools set available_quantity = available_quantity - $2, updated_at = now()
  where id = $1 and archived_at is null
    and min_order_quantity < $2 and available_quantity > $2
  returning id, name, sku, image, price_cents, min_order_quantity, available_quantity`;
/** The tool's price breaks, read under the reservation's row lock (the unit price for the quantity). */
const priceBreaksSql = `
  select min_quantity, price_cents from tool_price_breaks where tool_id = $1 order by min_quantity`;
/** Every order is a line of a checkout: POST /order places a one-line checkout (issue 26). */
const insertCheckoutSql = `
  insert into checkouts (user_id, email, address, phone) values ($1, $2, $3, $4) returning *`;
const insertOrderSql = `
  insert into orders (user_id, email, checkout_id, tool_id, tool_sku, tool_name, tool_image, unit_price_cents, quantity, address, phone)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  returning *`;

async function placeOrderSql(
  query: Query,
  tool: BenchTool,
  customer: Customer,
  quantity: number,
): Promise<void> {
  await query(lockUnpaidOrdersSql, [customer.userId]);
  await query(countUnpaidOrdersSql, [customer.userId]);
  const { rows } = await query(reserveSql, [tool.id, quantity]);
  const reserved = rows[0];
  if (!reserved) throw new Error('the bench tool ran out of stock');
  await query(priceBreaksSql, [tool.id]);
  const checkout = await query(insertCheckoutSql, [
    customer.userId,
    customer.email,
    '1 Bench Street',
    '555 0100',
  ]);
  await query(insertOrderSql, [
    customer.userId,
    customer.email,
    checkout.rows[0]?.id,
    tool.id,
    reserved.sku,
    reserved.name,
    reserved.image,
    reserved.price_cents,
    quantity,
    '1 Bench Street',
    '555 0100',
  ]);
}

/**
 * `concurrency` loops calling `once` for `seconds`: every call's latency after the ramp, as
 * loadSample keeps them.
 */
async function measureLoop(
  seconds: number,
  concurrency: number,
  once: (caller: number, iteration: number) => Promise<void>,
): Promise<Sample> {
  const answers: { at: number; latencyMs: number }[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      for (let iteration = 0; performance.now() < end; iteration += 1) {
        const start = performance.now();
        try {
          await once(caller, iteration);
          const at = performance.now();
          answers.push({ at, latencyMs: at - start });
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return {
    ...afterRamp(answers, started, performance.now()),
    non2xx: 0,
    errors,
    timeouts: 0,
  };
}

/** One bare order: the statements of placeOrderSql in one transaction, caller i as customer i. */
function bareOrder({ transact }: BenchDatabase, tool: BenchTool, customers: Customer[]) {
  return (caller: number, iteration: number) =>
    transact((tx) =>
      placeOrderSql(
        tx,
        tool,
        customers[caller % customers.length]!,
        QUANTITIES[iteration % QUANTITIES.length]!,
      ),
    );
}

// --- accounts ---------------------------------------------------------------------------------

function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

/** Signs a customer up as the web app does: Better Auth, then PUT /api/user for the token. */
export async function signUpCustomer(baseUrl: string, index: number): Promise<Customer> {
  const email = `bench-${index}-${randomUUID().slice(0, 8)}@example.com`;
  // Better Auth refuses other origins; the server's PUBLIC_URL defaults to its own address.
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-secret', name: `Bench Customer ${index}` }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  return withAccessToken(baseUrl, email, cookieHeader(signUp));
}

/** Signs an existing account in as the web app does (a scale data's, issue 43). */
export async function signInAccount(
  baseUrl: string,
  email: string,
  password: string,
): Promise<Customer> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return withAccessToken(baseUrl, email, cookieHeader(signIn));
}

/** The access token of a signed-in session: PUT /api/user, as the web app asks for it. */
async function withAccessToken(baseUrl: string, email: string, cookie: string): Promise<Customer> {
  const user = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { origin: baseUrl, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!user.ok) throw new Error(`PUT /api/user answered ${user.status}: ${await user.text()}`);
  const { token } = (await user.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { email, token, userId: claims.sub, cookie };
}

async function signUpCustomers(baseUrl: string, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let first = 0; first < count; first += 10) {
    const batch = Array.from({ length: Math.min(10, count - first) }, (_, offset) =>
      signUpCustomer(baseUrl, first + offset),
    );
    customers.push(...(await Promise.all(batch)));
  }
  return customers;
}

/** Connection i orders as customer i, cycling through the quantities 2..20. */
function orderRequests(tool: BenchTool, customers: Customer[]) {
  return (index: number): RequestSpec[] => {
    const customer = customers[index % customers.length]!;
    return QUANTITIES.map((quantity) => ({
      method: 'POST',
      path: '/api/order',
      headers: {
        authorization: `Bearer ${customer.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        toolId: tool.id,
        name: tool.name,
        address: '1 Bench Street',
        phone: '555 0100',
        quantity,
        email: customer.email,
        price: TOOL_PRICE_CENTS / 100,
      }),
    }));
  };
}

/**
 * The orders' rounds (rounds.ts): the server's load and the bare statements taking turns, each
 * warmed up first. After each stretch on the server, the next waits until the server is idle: the
 * stretch's connections close with orders still on their way in and their e-mails still to send,
 * and measured at once the next stretch would wait behind them. The server's figures go to
 * `options.servers`.
 */
async function alternateOrders(
  server: RunningServer,
  watched: WatchedServer,
  database: BenchDatabase,
  tool: BenchTool,
  customers: Customer[],
  options: OrderBenchOptions,
): Promise<Alternated> {
  const requests = orderRequests(tool, customers);
  const first = requests(0)[0]!;
  const { connections } = options.measure;
  const once = bareOrder(database, tool, customers);
  const settled = () => untilIdle(server.pid, 'the order server');
  await watched.underLoad(() => load(server.baseUrl, first, options.warmUp, requests));
  await settled();
  // A shorter warm-up: the bare engine is warm from the statements the server ran on it.
  await measureLoop(Math.min(options.warmUp.seconds, 1), connections, once);
  const alternated = await alternateRounds({
    rounds: options.rounds,
    seconds: options.measure.seconds,
    app: (seconds) =>
      watched.underLoad(() =>
        loadSample(server.baseUrl, first, { connections, seconds }, requests),
      ),
    bare: (seconds) => measureLoop(seconds, connections, once),
    between: (side) => (side === 'app' ? settled() : Promise.resolve()),
  });
  options.servers?.push(watched.figures());
  return alternated;
}

const signUpBenchCustomers = (server: RunningServer, options: OrderBenchOptions) =>
  signUpCustomers(server.baseUrl, Math.min(ACCOUNTS, options.measure.connections));

// --- PGlite -----------------------------------------------------------------------------------

/**
 * The embedded engine. `dataDir` is a data directory a server already created, migrated and
 * seeded (the read rows' server, stopped since); without it a first start makes one. The bench
 * adds its tool while no server holds the directory, signs its accounts up on a first server,
 * then copies the directory for the baseline, opened in this process while the server runs on
 * the original (pglite-row.ts). The caller removes `dataDir`.
 */
export async function benchOrdersOnPglite(
  options: OrderBenchOptions & { dataDir?: string },
): Promise<Row> {
  const alternated = await runPgliteSideBySide({
    name: 'orders',
    dataDir: options.dataDir,
    env: UNCAPPED_ORDERS_ENV,
    label: 'app on PGlite (existing data), order row',
    prepare: ({ query }) => insertBenchTool(query),
    enroll: (server) => signUpBenchCustomers(server, options),
    measure: (server, watched, bare, tool, customers) =>
      alternateOrders(server, watched, bare, tool, customers, options),
  });
  return {
    scenario: 'POST /api/order (PGlite), orders/s',
    ...alternated,
    baseline: ORDER_BASELINE,
    goal: ORDER_GOALS.pglite,
  };
}

// --- PostgreSQL -------------------------------------------------------------------------------

/**
 * A fresh database on the PostgreSQL server (dropped afterwards), the server on it with the demo
 * data, the bench tool added directly; the baseline runs through a pool of the server's size.
 * With `catalogTools` (issue 43), that many tools more are on sale first, so that the row says
 * what an order costs in a real catalog (every order patches the catalog's stock). Resolves to
 * undefined (and says why) when no PostgreSQL answers.
 */
export function benchOrdersOnPostgres(
  options: OrderBenchOptions & { catalogTools?: number },
): Promise<Row | undefined> {
  const { catalogTools = 0 } = options;
  const atScale = catalogTools > 0 ? ` at ${catalogTools.toLocaleString('en-US')} tools` : '';
  return withBenchDatabase(
    `tools_factory_bench_${process.pid}`,
    `POST /api/order${atScale}`,
    async (database) => {
      const server = await startAppServer(`orders-postgres${catalogTools ? '-scale' : ''}`, {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        ...UNCAPPED_ORDERS_ENV,
      });
      let alternated: Alternated;
      try {
        const watched = await watchServer(
          server,
          `app on PostgreSQL (fresh database${atScale}), order row`,
          IDLE_RSS_GOAL_BYTES,
        );
        if (catalogTools > 0) await addCatalogTools(server, database.query, catalogTools);
        const tool = await insertBenchTool(database.query);
        const customers = await signUpBenchCustomers(server, options);
        alternated = await alternateOrders(server, watched, database, tool, customers, options);
      } finally {
        await server.stop();
      }
      return {
        scenario: `POST /api/order${atScale} (PostgreSQL), orders/s`,
        ...alternated,
        baseline: `${ORDER_BASELINE}, pool of ${SERVER_POOL_SIZE}`,
        goal: ORDER_GOALS.postgres,
      };
    },
  );
}

/**
 * `count` tools more on sale, of plausible names and sizes, written in one statement; then the
 * catalog told (its NOTIFY), and waited for until the server lists them.
 */
async function addCatalogTools(server: RunningServer, query: Query, count: number): Promise<void> {
  await query(
    `insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity)
     select 'Scale Tool ' || n, 'SC-' || lpad(n::text, 6, '0'), '/images/tools/claw-hammer.svg',
            'A tool of the scale catalog, drop-forged and hardened, for the order bench.',
            500 + n % 5000, 10, 100000
     from generate_series(1, $1::int) as n`,
    [count],
  );
  await query(`select pg_notify('catalog_changed', 'bench')`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${server.baseUrl}/api/parts`);
    const listed = ((await response.json()) as unknown[]).length;
    if (listed >= count) return;
    if (Date.now() > deadline) throw new Error(`the catalog lists ${listed} of ${count} tools`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

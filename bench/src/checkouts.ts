import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  apiPaths,
  IDEMPOTENCY_KEY_HEADER,
  LOW_STOCK_FACTOR,
  type AddCartLinesResponse,
  type CheckoutInput,
} from '@tools-factory/contract';
import {
  SERVER_POOL_SIZE,
  withBenchDatabase,
  type BenchDatabase,
  type Query,
} from './bench-database.ts';
import { runPgliteRow } from './pglite-row.ts';
import {
  CHECKOUT_BUYERS,
  CHECKOUT_LINES,
  type CheckoutFigure,
  type CheckoutLoad,
} from './checkout-figures.ts';
import { untilIdle } from './cpu-idle.ts';
import type { LoadOptions, Sample } from './load.ts';
import { alternateSamples, type AlternatedSamples } from './rounds.ts';
import { signUpCustomer, type Customer } from './orders.ts';
import { startAppServer, type RunningServer } from './processes.ts';
import { IDLE_RSS_GOAL_BYTES, type ServerFigures } from './report.ts';
import { watchServer, type WatchedServer } from './server-figures.ts';

/**
 * Issue 26's measured checkout: 10 buyers, each checking out a cart of 50 tools, on PGlite and on
 * PostgreSQL, each on a server of its own. The 50 tools (a huge stock each, two price breaks)
 * are shared by every buyer, so the checkouts contend on the same rows as real ones would.
 *
 * Rounds: every buyer fills its cart (POST /api/cart/lines, 50 lines, not timed), then all ten
 * check out at once (POST /api/checkout with a fresh Idempotency-Key, each timed from its request
 * to the last byte of its answer). Checkouts/s counts the checkouts over the time of those timed
 * phases only, so the untimed cart fills weigh on neither side.
 *
 * Baseline: the statements of the server's checkout transaction (checkouts/checkout-placement.ts), as bare
 * SQL on the same database with the same rounds of 10 buyers (on PostgreSQL through a pool of the
 * server's size), each buyer's cart lines inserted untimed before its transaction.
 */

const TOOL_PRICE_CENTS = 2500;
/** Each bench tool's breaks: the checkout reads them (one query for the 50 tools) and applies them. */
const PRICE_BREAKS = [
  { minQuantity: 10, priceCents: 2300 },
  { minQuantity: 15, priceCents: 2100 },
];
/**
 * A round takes seconds under load: at least this many measured (30 checkouts), so a short run
 * still has some samples; a warm-up is at least one.
 */
const MIN_ROUNDS = 3;
/** The one staff address every line's staff e-mail goes to (ADMIN_EMAILS). */
const STAFF_EMAIL = 'bench-staff@example.com';
const ADDRESS = '1 Bench Street';
const PHONE = '555 0100';

/**
 * The buyers place hundreds of unpaid checkouts: the per-account caps against hoarding are
 * lifted (their checks, a lock and two reads, still run on every checkout, so they are
 * measured). ADMIN_EMAILS gives each line its staff e-mail, as a shop with staff has: the
 * placement writes one per line.
 */
const CHECKOUT_SERVER_ENV = {
  MAX_UNPAID_ORDERS: '1000000000',
  ORDER_RATE_LIMIT: '1000000000',
  UNVERIFIED_HOLD_LIMIT: '1000000000',
  UNPAID_HOLD_LIMIT: '1000000000',
  ADMIN_EMAILS: STAFF_EMAIL,
};

export type CheckoutBenchOptions = {
  measure: LoadOptions;
  warmUp: LoadOptions;
  /** PostgreSQL: the measured seconds of each side in this many rounds, taking turns. */
  rounds: number;
  /** Each checkout server's start-to-ready time and RSS go here. */
  servers?: ServerFigures[];
};

type BenchTool = { id: string };

/** Line `index` of a round's cart: quantities 2..20, moving each round (some reach the breaks). */
const quantityOf = (index: number, round: number) => 2 + ((index + round) % 19);

/** `$first, $first+1, ...` for `count` parameters. */
const placeholders = (first: number, count: number) =>
  Array.from({ length: count }, (_, offset) => `$${first + offset}`).join(', ');

/** Rows of `width` parameters each: `($1, $2), ($3, $4), ...`. */
const valueRows = (rows: number, width: number) =>
  Array.from({ length: rows }, (_, row) => `(${placeholders(row * width + 1, width)})`).join(', ');

// --- the bench's tools ------------------------------------------------------------------------

async function insertBenchTools(query: Query): Promise<BenchTool[]> {
  const tools: BenchTool[] = [];
  const batch = randomUUID().slice(0, 8);
  for (let index = 0; index < CHECKOUT_LINES; index += 1) {
    const name = `Bench Chisel ${batch} ${String(index).padStart(2, '0')}`;
    const { rows } = await query(
      `insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity)
       values ($1, 'BC-' || substr(md5($1), 1, 10), '/images/tools/claw-hammer.svg', 'A tool for the checkout bench.', $2, 1, 1000000000)
       returning id`,
      [name, TOOL_PRICE_CENTS],
    );
    const id = String(rows[0]?.id);
    for (const { minQuantity, priceCents } of PRICE_BREAKS) {
      await query(
        'insert into tool_price_breaks (tool_id, min_quantity, price_cents) values ($1, $2, $3)',
        [id, minQuantity, priceCents],
      );
    }
    tools.push({ id });
  }
  // Locked in id order by the checkout: the bench fills carts in that order too.
  return tools.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// --- rounds -----------------------------------------------------------------------------------

/** The value at `share` of sorted latencies (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(sorted.length * share)));
  return Math.round(sorted[rank - 1]! * 10) / 10;
}

type Buyer = { customer: Customer; round: number };

/**
 * Rounds until the timed phases add up to `seconds` (and at least `minRounds`): every buyer's
 * cart filled, untimed, then every buyer's checkout at once, each timed. A failed checkout ends
 * the bench: a refusal would be measured as a checkout otherwise. The sample's seconds are the
 * timed phases'.
 */
async function measureRounds(
  { seconds, minRounds }: { seconds: number; minRounds: number },
  buyers: readonly Buyer[],
  fill: (buyer: Buyer) => Promise<void>,
  checkout: (buyer: Buyer) => Promise<void>,
): Promise<Sample> {
  const latenciesMs: number[] = [];
  let timedMs = 0;
  for (let rounds = 0; rounds < minRounds || timedMs < seconds * 1000; rounds += 1) {
    await Promise.all(buyers.map(fill));
    const start = performance.now();
    await Promise.all(
      buyers.map(async (buyer) => {
        const sent = performance.now();
        await checkout(buyer);
        latenciesMs.push(performance.now() - sent);
        buyer.round += 1;
      }),
    );
    timedMs += performance.now() - start;
  }
  return {
    latenciesMs,
    answered: latenciesMs.length,
    seconds: timedMs / 1000,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

/** The stretches of one side as its row's figures: checkouts over the timed seconds. */
function checkoutLoadOf(samples: readonly Sample[]): CheckoutLoad {
  const latencies = samples.flatMap((sample) => sample.latenciesMs).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    checkoutsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    total: latencies.length,
  };
}

// --- the server's checkout --------------------------------------------------------------------

async function failure(what: string, response: Response): Promise<Error> {
  return new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

function httpCheckouts(baseUrl: string, tools: readonly BenchTool[]) {
  const headersOf = (buyer: Buyer) => ({
    authorization: `Bearer ${buyer.customer.token}`,
    'content-type': 'application/json',
  });
  return {
    async fill(buyer: Buyer): Promise<void> {
      const lines = tools.map((tool, index) => ({
        toolId: tool.id,
        quantity: quantityOf(index, buyer.round),
      }));
      const response = await fetch(`${baseUrl}/api${apiPaths.cartLines}`, {
        method: 'POST',
        headers: headersOf(buyer),
        body: JSON.stringify({ lines }),
      });
      if (!response.ok) throw await failure('POST /api/cart/lines', response);
      const { results } = (await response.json()) as AddCartLinesResponse;
      const refused = results.filter((result) => result.outcome !== 'added');
      if (refused.length > 0 || results.length !== tools.length) {
        throw new Error(
          `POST /api/cart/lines refused ${refused.length} of ${tools.length} lines: ${refused[0]?.message ?? 'lines missing'}`,
        );
      }
    },
    async checkout(buyer: Buyer): Promise<void> {
      const body: CheckoutInput = {
        address: ADDRESS,
        phone: PHONE,
        poNumber: `PO-BENCH-${buyer.round}`,
      };
      const response = await fetch(`${baseUrl}/api${apiPaths.checkout}`, {
        method: 'POST',
        headers: { ...headersOf(buyer), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw await failure('POST /api/checkout', response);
      // The answer's last byte ends the timing, as a browser would wait for it.
      await response.arrayBuffer();
    },
  };
}

/**
 * Ten buyers signed up on the server, and its checkouts (HTTP) with a warm-up done; `join`, when
 * given, runs on their accounts before the warm-up (issue 44: makes them a company's buyers).
 */
async function warmedCheckouts(
  server: RunningServer,
  tools: readonly BenchTool[],
  warmUp: number,
  join?: (customers: readonly Customer[]) => Promise<void>,
) {
  const customers = await Promise.all(
    Array.from({ length: CHECKOUT_BUYERS }, (_, index) => signUpCustomer(server.baseUrl, index)),
  );
  await join?.(customers);
  const buyers = customers.map((customer) => ({ customer, round: 0 }));
  const { fill, checkout } = httpCheckouts(server.baseUrl, tools);
  await measureRounds({ seconds: warmUp, minRounds: 1 }, buyers, fill, checkout);
  const placed = () => buyers.reduce((sum, buyer) => sum + buyer.round, 0);
  return {
    customers,
    placed,
    /** One stretch of the server's rounds. */
    stretch: (seconds: number, minRounds = 1) =>
      measureRounds({ seconds, minRounds }, buyers, fill, checkout),
  };
}

/**
 * The server's checkouts: ten buyers signed up, a warm-up, the measured rounds. Resolves with
 * how many checkouts answered 201 (warm-up included), for checkPlaced.
 */
async function loadCheckouts(
  server: RunningServer,
  watched: WatchedServer,
  tools: readonly BenchTool[],
  options: CheckoutBenchOptions,
): Promise<{ app: CheckoutLoad; customers: Customer[]; placed: number }> {
  const { customers, placed, stretch } = await watched.underLoad(() =>
    warmedCheckouts(server, tools, options.warmUp.seconds),
  );
  const app = await watched.underLoad(() => stretch(options.measure.seconds, MIN_ROUNDS));
  options.servers?.push(watched.figures());
  return { app: checkoutLoadOf([app]), customers, placed: placed() };
}

/** Every checkout the server answered 201 is in the database, whole: 50 lines each. */
async function checkPlaced(query: Query, customers: readonly Customer[], placed: number) {
  const { rows } = await query(
    `select count(distinct checkout_id)::int as checkouts, count(*)::int as lines
     from orders where user_id in (${placeholders(1, customers.length)})`,
    customers.map((customer) => customer.userId),
  );
  if (rows[0]?.checkouts !== placed || rows[0]?.lines !== placed * CHECKOUT_LINES) {
    throw new Error(
      `${placed} checkouts answered 201, the database holds ${String(rows[0]?.checkouts)} with ${String(rows[0]?.lines)} lines`,
    );
  }
}

// --- the same statements as bare SQL ----------------------------------------------------------

/** An e-mail as the server wrote it to the outbox: the baseline writes the same bytes. */
type OutboxMail = {
  origin: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: string;
  about: string;
};

/** The last e-mail of this kind the server wrote (a 50-line checkout's, after its run). */
async function writtenMail(query: Query, mail: string): Promise<OutboxMail> {
  const { rows } = await query(
    `select origin, "to", subject, text, html, attachments::text as attachments, about::text as about
     from outbox_messages where about->>'mail' = $1 order by id desc limit 1`,
    [mail],
  );
  const row = rows[0];
  if (!row) throw new Error(`the server wrote no '${mail}' e-mail to the outbox`);
  return row as OutboxMail;
}

const outboxParams = (mail: OutboxMail) => [
  mail.origin,
  mail.to,
  mail.subject,
  mail.text,
  mail.html,
  mail.attachments,
  mail.about,
];
/** The outbox's reads before the tools are locked: the opted-in admins, the readers' names. */
const optedInAdminsSql = `
  select email from users where role = 'admin' and staff_notifications = true order by email`;
const namesSql = `select email, name from users where lower(email) in ($1, $2)`;

/** The cart's advisory lock key (server/src/modules/cart/cart.repository.ts). */
const CART_WRITES_LOCK = 724_611;

/** The tools' rows locked in the order of their ids, as reserveStockOfLines does first. */
const lockToolsSql = `
  select id from tools where id in (${placeholders(1, CHECKOUT_LINES)}) order by id for update`;
/** Then every line's conditional UPDATE in one statement. */
const reserveSql = `
  update tools set available_quantity = tools.available_quantity - wanted.quantity,
    stock_version = tools.stock_version + 1, updated_at = now()
  from (values ${Array.from({ length: CHECKOUT_LINES }, (_, line) => `($${line * 2 + 1}::uuid, $${line * 2 + 2}::int)`).join(', ')})
    as wanted (tool_id, quantity)
  where tools.id = wanted.tool_id and tools.archived_at is null
    and tools.min_order_quantity < wanted.quantity and tools.available_quantity > wanted.quantity
  returning tools.id, tools.name, tools.sku, tools.image, tools.price_cents, tools.min_order_quantity,
    tools.available_quantity, tools.stock_version,
    coalesce(tools.low_stock_threshold, ${LOW_STOCK_FACTOR} * tools.min_order_quantity) as low_stock_threshold`;

const ORDER_COLUMNS = [
  'user_id',
  'email',
  'checkout_id',
  'po_number',
  'tool_id',
  'tool_sku',
  'tool_name',
  'tool_image',
  'unit_price_cents',
  'quantity',
  'address',
  'phone',
  'tax_rate_basis_points',
  'created_at',
];
const insertOrdersSql = `
  insert into orders (${ORDER_COLUMNS.join(', ')})
  values ${valueRows(CHECKOUT_LINES, ORDER_COLUMNS.length)} returning *`;
/** The two e-mails (the buyer's, the staff's) and the 100 events, in one statement. */
const insertMailsAndEventsSql = `
  with placed_mails as (
    insert into outbox_messages (origin, "to", subject, text, html, attachments, about)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb), ($8, $9, $10, $11, $12, $13::jsonb, $14::jsonb)
    returning id)
  insert into order_events (order_id, kind, actor_id, detail, created_at)
  values ${Array.from({ length: CHECKOUT_LINES * 2 }, (_, row) => {
    const first = 15 + row * 5;
    return `($${first}, $${first + 1}, $${first + 2}, $${first + 3}::jsonb, $${first + 4})`;
  }).join(', ')}`;

/** The server's unit price for a quantity: the largest break it reaches, else the list price. */
function unitPrice(breaks: Record<string, unknown>[], toolId: string, quantity: number): number {
  let cents = TOOL_PRICE_CENTS;
  for (const row of breaks) {
    if (row.tool_id === toolId && Number(row.min_quantity) <= quantity) {
      cents = Number(row.price_cents);
    }
  }
  return cents;
}

/**
 * The statements of placeCheckout's transaction, in its order, with its conditions: the
 * per-account lock, the Idempotency-Key read again, the cart, MAX_UNPAID_ORDERS' count and the
 * unverified account's unpaid sum in one read, the e-mails' readers (the opted-in admins, the
 * names), the 50 tools locked in id order and reserved in one conditional UPDATE, their breaks in
 * one read, the checkout, its 50 orders in one INSERT, the buyer's and the staff's e-mails and
 * the 100 events in one INSERT ... WITH, the cart emptied.
 */
async function checkoutSql(
  tx: Query,
  customer: Customer,
  idempotencyKey: string,
  mails: { buyer: OutboxMail; staff: OutboxMail },
): Promise<void> {
  const { userId, email } = customer;
  await tx('select pg_advisory_xact_lock(724502, hashtext($1))', [userId]);
  await tx('select * from checkouts where user_id = $1 and idempotency_key = $2', [
    userId,
    idempotencyKey,
  ]);
  // The cart's own lock (writes of the cart wait until the checkout ends), then its lines.
  await tx('select pg_advisory_xact_lock($1, hashtext($2))', [CART_WRITES_LOCK, userId]);
  const cart = (
    await tx(
      'select tool_id, quantity, unit_price_cents from cart_lines where user_id = $1 order by tool_id',
      [userId],
    )
  ).rows;
  if (cart.length !== CHECKOUT_LINES) throw new Error(`the cart holds ${cart.length} lines`);
  await tx(
    `select count(distinct checkout_id)::int as count,
       coalesce(sum(unit_price_cents::bigint * quantity), 0)::text as cents,
       coalesce(sum(quantity) filter (where not made_to_order), 0)::text as units, now()
     from orders where user_id = $1 and status = 'unpaid'`,
    [userId],
  );
  // One staff address here (STAFF_EMAIL).
  await tx(optedInAdminsSql);
  await tx(namesSql, [email, STAFF_EMAIL]);
  await tx(
    lockToolsSql,
    cart.map((line) => line.tool_id),
  );
  const taken = (
    await tx(
      reserveSql,
      cart.flatMap((line) => [line.tool_id, Number(line.quantity)]),
    )
  ).rows;
  if (taken.length !== cart.length) throw new Error('a bench tool could not be reserved');
  const byId = new Map(taken.map((tool) => [tool.id, tool]));
  const reserved = cart.map((line) => byId.get(line.tool_id)!);
  const toolIds = reserved.map((tool) => tool.id);
  const breaks = (
    await tx(
      `select tool_id, min_quantity, price_cents from tool_price_breaks
       where tool_id in (${placeholders(1, toolIds.length)}) order by tool_id, min_quantity`,
      toolIds,
    )
  ).rows;
  const checkout = (
    await tx(
      `insert into checkouts (user_id, email, address, phone, po_number, idempotency_key, request_digest)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [userId, email, ADDRESS, PHONE, 'PO-BENCH', idempotencyKey, 'bench-digest'],
    )
  ).rows[0]!;
  const orders = (
    await tx(
      insertOrdersSql,
      reserved.flatMap((tool, index) => {
        const quantity = Number(cart[index]!.quantity);
        return [
          userId,
          email,
          checkout.id,
          checkout.po_number,
          tool.id,
          tool.sku,
          tool.name,
          tool.image,
          unitPrice(breaks, String(tool.id), quantity),
          quantity,
          ADDRESS,
          PHONE,
          0,
          checkout.created_at,
        ];
      }),
    )
  ).rows;
  await tx(insertMailsAndEventsSql, [
    ...outboxParams(mails.buyer),
    ...outboxParams(mails.staff),
    ...orders.flatMap((order) => [
      order.id,
      'placed',
      userId,
      JSON.stringify({ checkoutId: checkout.id }),
      order.created_at,
      order.id,
      'email',
      null,
      JSON.stringify({ subject: mails.buyer.subject }),
      order.created_at,
    ]),
  ]);
  await tx('delete from cart_lines where user_id = $1', [userId]);
}

/**
 * The baseline's checkouts on `query` (the same database), warmed up: each buyer's 50 cart lines
 * inserted (untimed), then the ten transactions at once, each timed with the Idempotency-Key
 * read the server makes before its transaction. The e-mails are the server's last ones, so it
 * must have checked out first.
 */
async function warmedBareCheckouts(
  options: CheckoutBenchOptions,
  { query, transact }: BenchDatabase,
  tools: readonly BenchTool[],
  customers: readonly Customer[],
) {
  const mails = {
    buyer: await writtenMail(query, 'checkout placed'),
    staff: await writtenMail(query, 'new checkout, to staff'),
  };
  const buyers = customers.map((customer) => ({ customer, round: 0 }));
  const insertCartSql = `insert into cart_lines (user_id, tool_id, quantity, unit_price_cents)
    values ${valueRows(tools.length, 4)}`;
  const fill = (buyer: Buyer) =>
    query(
      insertCartSql,
      tools.flatMap((tool, index) => [
        buyer.customer.userId,
        tool.id,
        quantityOf(index, buyer.round),
        TOOL_PRICE_CENTS,
      ]),
    ).then(() => {});
  const checkout = async (buyer: Buyer) => {
    const key = randomUUID();
    await query('select * from checkouts where user_id = $1 and idempotency_key = $2', [
      buyer.customer.userId,
      key,
    ]);
    await transact((tx) => checkoutSql(tx, buyer.customer, key, mails));
  };
  // A short warm-up: the engine is already warm from the server's run on the same data.
  const warmUp = { seconds: Math.min(options.warmUp.seconds, 1), minRounds: 1 };
  await measureRounds(warmUp, buyers, fill, checkout);
  return {
    /** One stretch of the baseline's rounds. */
    stretch: (seconds: number, minRounds = 1) =>
      measureRounds({ seconds, minRounds }, buyers, fill, checkout),
    /** The checkouts it placed (its warm-up's too), with the same buyers as the server's. */
    placed: () => buyers.reduce((sum, buyer) => sum + buyer.round, 0),
  };
}

/** The baseline's measured rounds, after the server's (PGlite: the server has stopped). */
async function sqlBaseline(
  options: CheckoutBenchOptions,
  database: BenchDatabase,
  tools: readonly BenchTool[],
  customers: readonly Customer[],
): Promise<CheckoutLoad> {
  const { stretch } = await warmedBareCheckouts(options, database, tools, customers);
  return checkoutLoadOf([await stretch(options.measure.seconds, MIN_ROUNDS)]);
}

// --- monthly limits (issue 44) ---------------------------------------------------------------

/** A limit no bench buyer reaches ($20,000,000): every checkout reads the month's spending. */
const LIMIT_NEVER_REACHED_CENTS = 2_000_000_000;

/**
 * Makes `customers` the buyers of a new company with a monthly limit of `limitCents` each, and
 * `admins` its admins (who get a past-the-limit checkout's e-mails), straight in the database.
 */
async function joinCompany(
  query: Query,
  customers: readonly Customer[],
  admins: readonly Customer[],
  limitCents: number,
): Promise<void> {
  const { rows } = await query(
    `insert into companies (legal_name, billing_address) values ($1, '1 Bench Street') returning id`,
    [`Bench Company ${randomUUID().slice(0, 8)}`],
  );
  const companyId = String(rows[0]?.id);
  for (const admin of admins) {
    await query(
      `insert into company_members (user_id, company_id, role) values ($1, $2, 'admin')`,
      [admin.userId, companyId],
    );
  }
  for (const customer of customers) {
    await query(
      `insert into company_members (user_id, company_id, role, monthly_limit_cents) values ($1, $2, 'buyer', $3)`,
      [customer.userId, companyId, limitCents],
    );
  }
}

/**
 * Issue 44: the server's checkouts by ten buyers of a company with a monthly limit, taking turns
 * with the ten buyers of none (`without`): within a limit never reached (every checkout reads
 * the buyer's spending this month, then places as ever), and past a limit of $0 (every checkout
 * placed awaiting approval, e-mailing the buyer and the company's two admins).
 */
async function limitedCheckouts(
  server: RunningServer,
  query: Query,
  tools: readonly BenchTool[],
  options: CheckoutBenchOptions,
  without: (seconds: number) => Promise<Sample>,
  settled: () => Promise<void>,
): Promise<NonNullable<CheckoutFigure['limits']>> {
  const admins = await Promise.all(
    [0, 1].map((index) => signUpCustomer(server.baseUrl, 90 + index)),
  );
  const sides = { within: LIMIT_NEVER_REACHED_CENTS, past: 0 } as const;
  const figures: Partial<NonNullable<CheckoutFigure['limits']>> = {};
  for (const [side, limitCents] of Object.entries(sides) as [keyof typeof sides, number][]) {
    const limited = await warmedCheckouts(server, tools, options.warmUp.seconds, (customers) =>
      joinCompany(query, customers, side === 'past' ? admins : [], limitCents),
    );
    await settled();
    const alternated = await alternateSamples({
      rounds: options.rounds,
      seconds: options.measure.seconds,
      app: without,
      bare: (seconds) => limited.stretch(seconds),
      between: settled,
    });
    figures[side] = {
      without: checkoutLoadOf(alternated.app),
      limited: checkoutLoadOf(alternated.bare),
    };
    const { rows } = await query(
      `select count(*)::int as lines from orders where user_id = any($1::text[]) and status = $2`,
      [
        limited.customers.map((customer) => customer.userId),
        side === 'past' ? 'awaiting_approval' : 'unpaid',
      ],
    );
    if (rows[0]?.lines !== limited.placed() * CHECKOUT_LINES) {
      throw new Error(`the ${side} buyers' checkouts were not placed as their limit says`);
    }
  }
  return figures as NonNullable<CheckoutFigure['limits']>;
}

// --- PGlite -----------------------------------------------------------------------------------

const BASELINE = 'bare SQL: the checkout transaction’s statements, same DB';

/**
 * The embedded engine, on `dataDir` (a data directory a server created, migrated and seeded, no
 * server on it now; without it a first start makes one). The tools are added while no server
 * holds the directory; the baseline runs in this process on the same data after the server.
 */
export async function benchCheckoutsOnPglite(
  options: CheckoutBenchOptions & { dataDir?: string },
): Promise<CheckoutFigure> {
  const { loaded, bare } = await runPgliteRow({
    name: 'checkouts',
    dataDir: options.dataDir,
    env: CHECKOUT_SERVER_ENV,
    label: 'app on PGlite (existing data), checkout row',
    prepare: ({ query }) => insertBenchTools(query),
    load: (server, watched, tools) => loadCheckouts(server, watched, tools, options),
    baseline: async (database, tools, { customers, placed }) => {
      await checkPlaced(database.query, customers, placed);
      return sqlBaseline(options, database, tools, customers);
    },
  });
  return { database: 'PGlite', app: loaded.app, bare, baseline: BASELINE };
}

// --- PostgreSQL -------------------------------------------------------------------------------

/** Until the server's catalog shows the tool (its snapshot rebuilt on NOTIFY catalog_changed). */
async function waitForCatalog(baseUrl: string, tool: BenchTool): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/tool/${tool.id}`);
    await response.arrayBuffer();
    if (response.ok) return;
    await sleep(50);
  }
  throw new Error('the server’s catalog never showed the bench tools');
}

/**
 * A fresh database on the PostgreSQL server (dropped afterwards), the server on it with the demo
 * data, the tools added directly and announced on the catalog's channel (the server rebuilds its
 * snapshot). Resolves to undefined (and says why) when no PostgreSQL answers.
 */
export function benchCheckoutsOnPostgres(
  options: CheckoutBenchOptions,
): Promise<CheckoutFigure | undefined> {
  return withBenchDatabase(
    `tools_factory_bench_checkouts_${process.pid}`,
    'POST /api/checkout',
    async (database) => {
      const { query } = database;
      const server = await startAppServer('checkouts-postgres', {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        ...CHECKOUT_SERVER_ENV,
      });
      let alternated: AlternatedSamples;
      let customers: Customer[];
      let placed: number;
      let limits: CheckoutFigure['limits'];
      try {
        // Its idle RSS first, as the order row's: before the tools and the catalog's rebuild.
        const watched = await watchServer(
          server,
          'app on PostgreSQL (fresh database), checkout row',
          IDLE_RSS_GOAL_BYTES,
        );
        const tools = await insertBenchTools(query);
        await query(`select pg_notify('catalog_changed', 'bench')`);
        await waitForCatalog(server.baseUrl, tools.at(-1)!);
        const onServer = await watched.underLoad(() =>
          warmedCheckouts(server, tools, options.warmUp.seconds),
        );
        customers = onServer.customers;
        const settled = () => untilIdle(server.pid, 'the checkout server');
        await settled();
        const bare = await warmedBareCheckouts(options, database, tools, customers);
        // Both open: the server's stretches and the baseline's take turns (rounds.ts).
        alternated = await alternateSamples({
          rounds: options.rounds,
          seconds: options.measure.seconds,
          app: (seconds) => watched.underLoad(() => onServer.stretch(seconds)),
          bare: (seconds) => bare.stretch(seconds),
          between: (side) => (side === 'app' ? settled() : Promise.resolve()),
        });
        // The baseline's checkouts are its buyers' too: every one whole, as the server's.
        placed = onServer.placed() + bare.placed();
        options.servers?.push(watched.figures());
        // Issue 44: buyers with a monthly limit beside the same buyers of none.
        console.log('bench: POST /api/checkout by buyers with a monthly limit, on PostgreSQL ...');
        limits = await limitedCheckouts(
          server,
          query,
          tools,
          options,
          (seconds) => onServer.stretch(seconds),
          settled,
        );
        placed = onServer.placed() + bare.placed();
      } finally {
        await server.stop();
      }
      await checkPlaced(query, customers, placed);
      return {
        database: 'PostgreSQL',
        app: checkoutLoadOf(alternated.app),
        bare: checkoutLoadOf(alternated.bare),
        roundRatios: alternated.roundRatios,
        baseline: `${BASELINE}, pool of ${SERVER_POOL_SIZE}`,
        limits,
      };
    },
  );
}

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CheckoutRefusalSchema,
  CheckoutResponseSchema,
  OrderListSchema,
  PlaceOrderResponseSchema,
  texts,
  ToolListSchema,
  ToolSchema,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import { bearer } from '../testing/accounts.ts';
import {
  payOrderOverHttp,
  signUpOverHttp,
  signUpAdminOverHttp,
  type HttpAccount,
  type Site,
} from '../testing/http-accounts.ts';
import { expectStatus, type HttpClient } from '../testing/http-client.ts';
import { findNginx, startNginx, type RunningNginx } from '../testing/nginx.ts';
import { runAdminQuery, withDatabaseName } from '../testing/postgres-admin.ts';
import { findTestRedis } from '../testing/redis.ts';
import { proofOrderRequest } from '../testing/proof-load.ts';
import { addProofTool, startProofRun } from '../testing/proof-shop.ts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { ensureWebBuilt } from './web-build.ts';
import { HANG_LIMIT_MS, PROOF_TEST_TIMEOUT_MS } from '../testing/hang-limits.ts';

/**
 * Scale-out (issue 15, part 4): three real server processes on one PostgreSQL database and one
 * Redis, behind Debian's nginx running the production site file the README quotes
 * (docs/production/nginx.conf), as production runs them: NODE_ENV=production, the same secrets,
 * PUBLIC_URL the nginx origin, TRUST_PROXY the address nginx connects from.
 *
 * Runs under `npm run test:postgres` (TEST_DATABASE_URL); skipped on PGlite, which one process
 * owns. Without nginx it fails on CI and is skipped, with a warning, elsewhere.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const nginxPath = findNginx();
const redis = adminUrl ? await findTestRedis('scale-out') : undefined;
const NGINX_MISSING =
  "[scale-out] nginx is not installed: install Debian's nginx (`apt-get install nginx-light`, " +
  'or `nginx`); .ci/run does so when it runs as root.';
if (adminUrl && !nginxPath && !process.env.CI) console.warn(`${NGINX_MISSING} Skipped.`);
const skip = !adminUrl || (!nginxPath && !process.env.CI) || redis?.skip === true;

/** How many instances run behind nginx. */
const INSTANCES = 3;
/** Orders placed at once, through nginx, on one tool whose stock cannot take them all. */
const CONCURRENT_ORDERS = 300;
const ORDER_CUSTOMERS = 20;
const START_STOCK = 1000;
/** Quantities 2..9 in turn: about 1,650 units asked of 1,000 in stock. */
const quantityOf = (index: number) => 2 + (index % 8);
/** Buyers checking out at once, each a cart of CHECKOUT_LINES of CHECKOUT_TOOLS tools. */
const CHECKOUT_BUYERS = 20;
const CHECKOUT_TOOLS = 12;
const CHECKOUT_LINES = 10;
/** Orders paid, each step of each payment on another instance. */
const CONCURRENT_PAYMENTS = 60;
/**
 * Payments under way at once: as many as the three instances' pools hold (10 connections each).
 * Payments take their invoice numbers one after the other (a row lock), so more at once only
 * makes requests queue for a connection, and on a loaded machine past the 5 s a request waits
 * for one (CONNECT_TIMEOUT_MS) before it answers 503: a test of overload, not of numbering.
 */
const PAYMENTS_IN_FLIGHT = 30;
/**
 * The stated requirement: a tool added on one instance is on the others' home pages within a
 * second. Tests assert no timing (docs/architecture.md#tests), so this is only the poll's deadline,
 * and it is the requirement itself rather than a margin above it: the path (NOTIFY, one catalog
 * query, one render) takes some tens of milliseconds here, loaded machine included, so a second is
 * missed only when propagation is broken or stalls (a lost NOTIFY never arrives at all).
 */
const PROPAGATION_DEADLINE_MS = 1_000;
/** The per-client-and-address sign-in limit a minute (auth-rate-limits.ts). */
const SIGN_IN_LIMIT = 10;
/** Each instance's payment reminder sweep, in seconds (INVOICE_REMINDER_SWEEP_SECONDS). */
const REMINDER_SWEEP_SECONDS = 1;
/** Open invoices on account made due for each kind of reminder. */
const INVOICES_PER_REMINDER = 4;

/** `work` over `items`, at most `limit` at a time; the results in the items' order. */
async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

type Instance = { server: ServerProcess; dataDir: string; site: Site };

/** Each test and hook of this proof may take as long as only a hang does (hang-limits.ts). */
vi.setConfig({ testTimeout: PROOF_TEST_TIMEOUT_MS, hookTimeout: PROOF_TEST_TIMEOUT_MS });

describe.skipIf(skip)('three instances behind nginx, one PostgreSQL, one Redis', () => {
  const databaseName = `tools_factory_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = adminUrl ? withDatabaseName(adminUrl, databaseName) : '';
  let databaseCreated = false;
  let pool: pg.Pool | undefined;
  let nginx: RunningNginx | undefined;
  const instances: Instance[] = [];
  /** Each client from a loopback address of its own, many requests at once through each. */
  const run = startProofRun({ maxSockets: 400 });
  /** The public site: nginx's origin, which is every instance's PUBLIC_URL. */
  let site: Site;
  let admin: HttpAccount;
  let adminClient: HttpClient;
  /** The orders the oversell test placed, paid by the invoice test. */
  let placedOrders: { account: HttpAccount; order: Order }[] = [];
  /** The test's longest propagation of a new tool, for the report. */
  let longestPropagationMs = 0;

  const query = async <Row>(text: string, values: unknown[] = []): Promise<Row[]> => {
    if (!pool) throw new Error('no database pool');
    return (await pool.query(text, values)).rows as Row[];
  };
  const instanceFailure = () =>
    instances.map(({ server }) => `--- ${server.name}:\n${server.output()}`).join('\n') +
    `\n--- nginx:\n${nginx?.errorLog() ?? ''}`;

  beforeAll(async () => {
    if (!nginxPath) throw new Error(NGINX_MISSING);
    redis?.expectAnswering();
    if (!adminUrl || !redis) throw new Error('unreachable: skipped without TEST_DATABASE_URL');
    ensureWebBuilt('scale-out');

    await runAdminQuery(adminUrl, `create database ${pg.escapeIdentifier(databaseName)}`);
    databaseCreated = true;
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // An idle connection of this pool ended by the server (the database dropped with force at the
    // end, while the pool's last connection was still closing) is no failure of the shop: without
    // a listener it would be an uncaught exception of the run.
    pool.on('error', (error) => console.warn(`[scale-out] the test's pool: ${error.message}`));

    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    // nginx starts once the instances answer (see below), but they must know its origin first.
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    site = { url: publicUrl, origin: publicUrl };
    const environment = {
      // Twenty customers place 300 orders within a second: the caps against hoarding are lifted.
      ...run.environment(publicUrl),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      // nginx connects to the instances from 127.0.0.1: only its X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      // Each instance sweeps for payment reminders every second (issue 45): the three race.
      INVOICE_REMINDER_SWEEP_SECONDS: String(REMINDER_SWEEP_SECONDS),
    };
    // All three start at once: the migrations run under an advisory lock, one instance at a time.
    const started = await Promise.allSettled(
      ports.map(async (port, index) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `tools-factory-scale-${index}-`));
        const name = `instance ${String.fromCharCode(65 + index)}`;
        try {
          const server = await startServerProcess({
            name,
            port,
            env: { ...environment, DATA_DIR: dataDir },
          });
          instances.push({ server, dataDir, site: { url: server.url, origin: publicUrl } });
        } catch (error) {
          rmSync(dataDir, { recursive: true, force: true });
          throw error;
        }
      }),
    );
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    instances.sort((a, b) => a.server.name.localeCompare(b.server.name));
    // Started before the instances, nginx would find them closed and leave them out for its
    // fail_timeout (10 s, as in production, where an instance that went away is skipped so).
    nginx = await startNginx({
      nginx: nginxPath,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      port: nginxPort,
    });

    adminClient = run.newClient();
    const first = instances[0]!;
    admin = await signUpAdminOverHttp(
      adminClient,
      first.site,
      { email: run.adminEmail, name: 'Admin' },
      path.join(first.dataDir, 'outbox'),
    );
  });

  afterAll(async () => {
    run.closeAll();
    await Promise.allSettled(instances.map(({ server }) => server.stop()));
    await nginx?.stop();
    for (const { dataDir } of instances) rmSync(dataDir, { recursive: true, force: true });
    await pool?.end();
    if (databaseCreated && adminUrl) {
      await runAdminQuery(
        adminUrl,
        `drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`,
      );
    }
    console.info(
      `[scale-out] ${INSTANCES} instances; longest propagation of a new tool: ` +
        `${Math.round(longestPropagationMs)} ms`,
    );
  });

  /** Adds a tool through `on` (an instance or nginx) as the admin: the tool as answered. */
  const addTool = (on: Site, name: string, stock: number): Promise<Tool> =>
    addProofTool(adminClient, on, admin, { name, stock });

  it('takes a session and an access token made on one instance on every other, and ends both everywhere', async () => {
    const client = run.newClient();
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const customer = await signUpOverHttp(client, a.site, {
      email: `session-${randomUUID().slice(0, 8)}@example.com`,
    });
    const ordersPath = `/api/orders?email=${encodeURIComponent(customer.email)}`;

    for (const other of [b.site, c.site, site]) {
      // The identity session (Better Auth's cookie) made on A: another access token on B, C, nginx.
      const tokenAnswer = await client.request(
        `${other.url}/api/user/${encodeURIComponent(customer.email)}`,
        {
          method: 'PUT',
          headers: { origin: site.origin, cookie: customer.cookie },
          json: { email: customer.email },
        },
      );
      expect(tokenAnswer.status, `${other.url}: ${tokenAnswer.body}`).toBe(200);
      // The access token made on A.
      const mine = await client.request(`${other.url}${ordersPath}`, {
        headers: bearer(customer.token),
      });
      expect(mine.status, `${other.url}: ${mine.body}`).toBe(200);
      expect(OrderListSchema.parse(mine.json())).toEqual([]);
    }

    // Signed out on B: A's token and A's session end on A, C and through nginx at once.
    expectStatus(
      'sign-out on B',
      await client.request(`${b.server.url}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin: site.origin, cookie: customer.cookie },
        json: {},
      }),
    );
    for (const other of [a.site, c.site, site]) {
      const mine = await client.request(`${other.url}${ordersPath}`, {
        headers: bearer(customer.token),
      });
      expect(mine.status, `${other.url}: ${mine.body}`).toBe(401);
      const tokenAnswer = await client.request(
        `${other.url}/api/user/${encodeURIComponent(customer.email)}`,
        {
          method: 'PUT',
          headers: { origin: site.origin, cookie: customer.cookie },
          json: { email: customer.email },
        },
      );
      expect(tokenAnswer.status, `${other.url}: ${tokenAnswer.body}`).toBe(401);
    }
  });

  /**
   * Adds a tool on instance `origin` and polls every other instance's GET /api/parts and home
   * page, all at once, until each shows it: the delays, measured from the admin's answer. Fails
   * when one does not show it within `deadlineMs`.
   */
  async function propagate(client: HttpClient, origin: number, deadlineMs: number) {
    const name = `Propagation Vise ${randomUUID().slice(0, 8)}`;
    const tool = await addTool(instances[origin]!.site, name, 500);
    const added = performance.now();
    const surfaces = instances
      .filter((_, other) => other !== origin)
      .flatMap(({ server }) => [
        {
          where: `${server.name} /api/parts`,
          shows: async () => {
            const answer = await client.request(`${server.url}/api/parts`);
            return ToolListSchema.parse(answer.json()).some(({ _id }) => _id === tool._id);
          },
        },
        {
          where: `${server.name} home page`,
          shows: async () => {
            const answer = await client.request(`${server.url}/`);
            expect(answer.status).toBe(200);
            // The rendered page itself, not only the data the page carries for hydration.
            const markup = answer.body.replace(/<script[\s\S]*?<\/script>/g, '');
            return markup.includes(name);
          },
        },
      ]);
    const delays = await Promise.all(
      surfaces.map(async ({ where, shows }) => {
        for (;;) {
          if (await shows()) return performance.now() - added;
          if (performance.now() - added > deadlineMs) {
            throw new Error(
              `${where} does not show "${name}" (added on ${instances[origin]!.server.name}) ` +
                `${deadlineMs} ms after it was added`,
            );
          }
          await sleep(10);
        }
      }),
    );
    const line = surfaces.map(({ where }, i) => `${where} ${Math.round(delays[i]!)} ms`);
    return { delays, line: `${instances[origin]!.server.name} -> ${line.join(', ')}` };
  }

  it('shows a tool added on one instance on the home page and in GET /api/parts of the others', async () => {
    const client = run.newClient();
    // The first catalog change after the instances start also compiles (V8) and warms the paths
    // it takes (the rebuild, the page render): up to 0.8 s on this 2-core machine under load.
    // The requirement is of a running shop, so that first change is waited for (as long as only
    // a hang takes), reported, and not held to the second.
    const warmUp = await propagate(client, 0, HANG_LIMIT_MS);
    const seen = [`first change after start: ${warmUp.line}`];
    for (const origin of instances.keys()) {
      const { delays, line } = await propagate(client, origin, PROPAGATION_DEADLINE_MS);
      longestPropagationMs = Math.max(longestPropagationMs, ...delays);
      seen.push(line);
    }
    console.info(`[scale-out] propagation of a new tool:\n  ${seen.join('\n  ')}`);
  });

  it(`never oversells: ${CONCURRENT_ORDERS} orders at once through nginx on one tool`, async () => {
    const tool = await addTool(site, `Scale Anvil ${randomUUID().slice(0, 8)}`, START_STOCK);
    const customers = await Promise.all(
      Array.from({ length: ORDER_CUSTOMERS }, async (_, index) => {
        const client = run.newClient();
        const account = await signUpOverHttp(client, site, {
          email: `orders-${index}-${randomUUID().slice(0, 8)}@example.com`,
        }).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${instanceFailure()}`);
        });
        return { client, account };
      }),
    );
    const logBefore = nginx!.accessLog().length;

    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_ORDERS }, async (_, index) => {
        const { client, account } = customers[index % ORDER_CUSTOMERS]!;
        const quantity = quantityOf(index);
        const answer = await client.request(
          `${site.url}/api/order`,
          proofOrderRequest(account, tool, quantity),
        );
        return { quantity, answer, account };
      }),
    );

    const accepted = answers.filter(({ answer }) => answer.status === 200);
    const refused = answers.filter(({ answer }) => answer.status !== 200);
    for (const { answer } of refused) {
      // The only refusal there may be: not enough stock left for this quantity.
      expect({ status: answer.status, body: answer.json() }, instanceFailure()).toEqual({
        status: 400,
        body: { statusCode: 400, message: texts.purchase.quantityOutOfRange },
      });
    }
    const placed = accepted.map(({ answer, account }) => ({
      account,
      order: PlaceOrderResponseSchema.parse(answer.json()).order,
    }));
    const acceptedUnits = placed.reduce((sum, { order }) => sum + order.quantity, 0);
    expect(accepted.length + refused.length).toBe(CONCURRENT_ORDERS);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(acceptedUnits).toBeLessThanOrEqual(START_STOCK);

    // The database: exactly the accepted orders, and the stock they took, no more, no less.
    const [stock] = await query<{ available: number }>(
      'select available_quantity as available from tools where id = $1',
      [tool._id],
    );
    const rows = await query<{ id: string; quantity: number }>(
      'select id, quantity from orders where tool_id = $1',
      [tool._id],
    );
    expect(new Set(rows.map(({ id }) => id))).toEqual(
      new Set(placed.map(({ order }) => order._id)),
    );
    expect(rows.reduce((sum, { quantity }) => sum + quantity, 0)).toBe(acceptedUnits);
    expect(stock?.available).toBe(START_STOCK - acceptedUnits);
    // Nothing was refused while there was enough: what is left is below every refused quantity
    // (stock only went down, and each refusal saw at most this much... or more).
    const smallestRefused = Math.min(...refused.map(({ quantity }) => quantity));
    expect(stock?.available).toBeLessThanOrEqual(smallestRefused);

    // nginx spread them over the three instances (round robin).
    const served = nginx!
      .accessLog()
      .slice(logBefore)
      .filter(({ request }) => request.startsWith('POST /api/order'));
    expect(served).toHaveLength(CONCURRENT_ORDERS);
    const perInstance = instances.map(
      ({ server }) =>
        served.filter(({ upstream }) => upstream === `127.0.0.1:${server.port}`).length,
    );
    expect(perInstance.every((count) => count >= CONCURRENT_ORDERS / INSTANCES / 2)).toBe(true);
    console.info(
      `[scale-out] ${CONCURRENT_ORDERS} orders (${perInstance.join(' + ')} per instance): ` +
        `${accepted.length} accepted (${acceptedUnits} of ${START_STOCK} units), ` +
        `${refused.length} refused; ${stock?.available} left`,
    );

    // Each instance's catalog comes to the database's stock (told through NOTIFY).
    for (const { server } of instances) {
      const deadline = Date.now() + HANG_LIMIT_MS;
      for (;;) {
        const shown = ToolSchema.parse(
          (await adminClient.request(`${server.url}/api/tool/${tool._id}`)).json(),
        );
        if (shown.availableQuantity === stock?.available) break;
        if (Date.now() > deadline) {
          expect(shown.availableQuantity, `${server.name}'s catalog`).toBe(stock?.available);
        }
        await sleep(20);
      }
    }

    placedOrders = placed;
  });

  it(`checks out ${CHECKOUT_BUYERS} overlapping carts of ${CHECKOUT_LINES} tools at once through nginx: each whole or nothing`, async () => {
    const tools = await Promise.all(
      Array.from({ length: CHECKOUT_TOOLS }, (_, index) =>
        addTool(site, `Scale Vice ${index} ${randomUUID().slice(0, 8)}`, START_STOCK),
      ),
    );
    // Each buyer's cart: 10 of the 12 tools, 60 to 160 of each (every pair of carts shares at
    // least eight tools; the demand on each tool is about twice its stock).
    const buyers = await Promise.all(
      Array.from({ length: CHECKOUT_BUYERS }, async (_, index) => {
        const client = run.newClient();
        const account = await signUpOverHttp(client, site, {
          email: `checkout-${index}-${randomUUID().slice(0, 8)}@example.com`,
        });
        const skipped = new Set([index % CHECKOUT_TOOLS, (index * 5 + 3) % CHECKOUT_TOOLS]);
        const lines = tools
          .filter((_, position) => !skipped.has(position))
          .map((tool, line) => ({ tool, quantity: 60 + ((index * 37 + line * 53) % 101) }));
        for (const { tool, quantity } of lines) {
          expectStatus(
            'PUT /api/cart/lines',
            await client.request(`${site.url}/api/cart/lines/${tool._id}`, {
              method: 'PUT',
              headers: bearer(account.token),
              json: { quantity },
            }),
          );
        }
        return { client, account, lines };
      }),
    );
    const logBefore = nginx!.accessLog().length;

    const answers = await Promise.all(
      buyers.map(({ client, account }) =>
        client.request(`${site.url}/api/checkout`, {
          method: 'POST',
          headers: { ...bearer(account.token), 'idempotency-key': randomUUID() },
          json: { address: '12 Forge Lane, Sheffield' },
        }),
      ),
    );

    const sold = new Map<string, number>();
    let placed = 0;
    for (const [index, answer] of answers.entries()) {
      const { account, lines } = buyers[index]!;
      const rows = await query<{ checkout_id: string; quantity: number; tool_id: string }>(
        'select checkout_id, quantity, tool_id from orders where user_id = $1',
        [account.userId],
      );
      if (answer.status === 201) {
        placed += 1;
        const { checkout } = CheckoutResponseSchema.parse(answer.json());
        expect(rows).toHaveLength(lines.length);
        expect(new Set(rows.map((row) => row.checkout_id))).toEqual(new Set([checkout._id]));
        for (const { tool, quantity } of lines) {
          sold.set(tool._id, (sold.get(tool._id) ?? 0) + quantity);
        }
      } else {
        // Nothing at all of a refused checkout, and never a deadlock (a 503) or a 500.
        expect({ status: answer.status, body: answer.body }, instanceFailure()).toMatchObject({
          status: 409,
        });
        expect(CheckoutRefusalSchema.parse(answer.json()).lines?.length).toBeGreaterThan(0);
        expect(rows).toEqual([]);
      }
    }
    expect(placed).toBeGreaterThan(0);
    expect(placed).toBeLessThan(CHECKOUT_BUYERS);
    for (const tool of tools) {
      const [stock] = await query<{ available: number }>(
        'select available_quantity as available from tools where id = $1',
        [tool._id],
      );
      const [ordered] = await query<{ units: number; lines: number }>(
        'select coalesce(sum(quantity), 0)::int as units, count(*)::int as lines from orders where tool_id = $1',
        [tool._id],
      );
      expect({ available: stock?.available, ordered: ordered?.units }).toEqual({
        available: START_STOCK - (sold.get(tool._id) ?? 0),
        ordered: sold.get(tool._id) ?? 0,
      });
    }
    const served = nginx!
      .accessLog()
      .slice(logBefore)
      .filter(({ request }) => request.startsWith('POST /api/checkout'));
    const perInstance = instances.map(
      ({ server }) =>
        served.filter(({ upstream }) => upstream === `127.0.0.1:${server.port}`).length,
    );
    expect(perInstance.filter((count) => count > 0).length).toBeGreaterThan(1);
    console.info(
      `[scale-out] ${CHECKOUT_BUYERS} checkouts of ${CHECKOUT_LINES} lines at once ` +
        `(${perInstance.join(' + ')} per instance): ${placed} placed whole, ` +
        `${CHECKOUT_BUYERS - placed} refused whole; the stock of all ${CHECKOUT_TOOLS} tools adds up`,
    );
  });

  it(`never gives an invoice number twice: ${CONCURRENT_PAYMENTS} orders paid concurrently over the instances`, async () => {
    // Each payment's three steps (intent, card, record) on three different instances.
    const placed = placedOrders.slice(0, CONCURRENT_PAYMENTS);
    expect(placed).toHaveLength(CONCURRENT_PAYMENTS);
    const started = performance.now();
    const clientOf = new Map<string, HttpClient>();
    const paid = await mapConcurrently(
      placed,
      PAYMENTS_IN_FLIGHT,
      async ({ account, order }, index) => {
        const client = clientOf.get(account.email) ?? run.newClient();
        clientOf.set(account.email, client);
        const sites = [0, 1, 2].map((step) => instances[(index + step) % INSTANCES]!.site) as [
          Site,
          Site,
          Site,
        ];
        return { account, order: await payOrderOverHttp(client, sites, account, order), client };
      },
    );
    for (const { order } of paid) expect(order.status).toBe('paid');
    expect(new Set(paid.map(({ order }) => order.transectionId)).size).toBe(CONCURRENT_PAYMENTS);

    const paidIn = performance.now() - started;
    // The numbers each customer's invoice carries (its file name), through nginx; a few at a
    // time, as drawing a PDF takes a while and this is not a test of load.
    const numbers = await mapConcurrently(
      paid,
      INSTANCES * 3,
      async ({ account, order, client }) => {
        const pdf = expectStatus(
          'GET invoice.pdf',
          await client.request(`${site.url}/api/orders/${order._id}/invoice.pdf`, {
            headers: bearer(account.token),
          }),
        );
        const fileName = /filename="([^"]+)\.pdf"/.exec(
          String(pdf.headers['content-disposition']),
        )?.[1];
        return { orderId: order._id, number: fileName };
      },
    );
    const issued = await query<{
      order_id: string;
      number: string;
      year: number;
      sequence: number;
    }>('select order_id, number, year, sequence from invoices order by year, sequence');
    expect(issued).toHaveLength(CONCURRENT_PAYMENTS);
    expect(new Set(issued.map(({ number }) => number)).size).toBe(CONCURRENT_PAYMENTS);
    expect(new Set(numbers.map(({ number }) => number)).size).toBe(CONCURRENT_PAYMENTS);
    expect(new Map(numbers.map(({ orderId, number }) => [orderId, number]))).toEqual(
      new Map(issued.map(({ order_id, number }) => [order_id, number])),
    );
    // No gap: each year's numbers run 1..n (a run across New Year has two such runs).
    for (const year of new Set(issued.map((row) => row.year))) {
      const sequences = issued.filter((row) => row.year === year).map((row) => row.sequence);
      expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    }
    console.info(
      `[scale-out] ${CONCURRENT_PAYMENTS} payments, ${PAYMENTS_IN_FLIGHT} at a time over ` +
        `${INSTANCES} instances: invoices ${issued[0]?.number} .. ${issued.at(-1)?.number}, ` +
        `none twice, no gap (paid in ${Math.round(paidIn)} ms, invoices read in ` +
        `${Math.round(performance.now() - started - paidIn)} ms)`,
    );
  });

  it('counts sign-in attempts of one client on every instance, and only that client', async () => {
    const attacker = run.newClient();
    const bystander = run.newClient();
    const target = await signUpOverHttp(bystander, site, {
      email: `target-${randomUUID().slice(0, 8)}@example.com`,
      password: 'the-right-password',
    });
    const signIn = (client: HttpClient, url: string, password: string, spoofed?: string) =>
      client.request(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: site.origin, ...(spoofed ? { 'x-forwarded-for': spoofed } : {}) },
        json: { email: target.email, password },
      });
    const logBefore = nginx!.accessLog().length;

    // One client, one after the other through nginx (round robin over the three instances).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt += 1) {
      statuses.push((await signIn(attacker, site.url, 'wrong-guess')).status);
    }
    expect(statuses).toEqual(Array.from({ length: SIGN_IN_LIMIT }, () => 401));
    const answered = nginx!
      .accessLog()
      .slice(logBefore)
      .filter(({ client }) => client === attacker.localAddress);
    expect(new Set(answered.map(({ upstream }) => upstream)).size).toBe(INSTANCES);

    // Over the limit: refused through nginx, whichever instance answers, whatever it claims to be.
    for (const spoofed of [undefined, '198.51.100.7']) {
      const refused = await signIn(attacker, site.url, 'wrong-guess', spoofed);
      expect(refused.status, refused.body).toBe(429);
      expect(refused.json()).toEqual({
        statusCode: 429,
        message: texts.identityErrors.tooManySignInAttempts,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // ... and on each instance addressed directly: it is the same client (not a trusted proxy,
    // so its X-Forwarded-For is not believed either).
    for (const { server } of instances) {
      const refused = await signIn(attacker, server.url, 'the-right-password', '198.51.100.8');
      expect(refused.status, `${server.name}: ${refused.body}`).toBe(429);
    }

    // Another client, same account: not held back by the first one's attempts.
    expect((await signIn(bystander, site.url, 'wrong-guess')).status).toBe(401);
    const signedIn = await signIn(bystander, site.url, 'the-right-password');
    expect(signedIn.status, signedIn.body).toBe(200);
  });

  it(`sends each payment reminder once while the ${INSTANCES} instances sweep every ${REMINDER_SWEEP_SECONDS} s`, async () => {
    // A company on account with two admins and a buyer (accounts made through nginx), and open
    // invoices of it written as the checkout on account writes them, due so that a reminder of
    // each kind is due now: three days ahead, today, and 15 days past due (overdue-14 alone).
    // The instances run on the real clock.
    const tag = randomUUID().slice(0, 8);
    const [admin1, admin2, buyer] = await Promise.all(
      ['admin-1', 'admin-2', 'buyer'].map((who) =>
        signUpOverHttp(run.newClient(), site, { email: `reminders-${who}-${tag}@example.com` }),
      ),
    );
    const [company] = await query<{ id: string }>(
      `insert into companies (legal_name, billing_address, payment_terms_days, credit_limit_cents)
       values ($1, '1 Ledger Lane', 30, 100000000) returning id`,
      [`Reminded ${tag} Ltd`],
    );
    const companyId = company!.id;
    await query(
      `insert into company_members (user_id, company_id, role)
       values ($1, $4, 'admin'), ($2, $4, 'admin'), ($3, $4, 'buyer')`,
      [admin1!.userId, admin2!.userId, buyer!.userId, companyId],
    );
    const HOUR_MS = 60 * 60 * 1000;
    const dueIn = { 'due-in-3': 48 * HOUR_MS, due: -HOUR_MS, 'overdue-14': -15 * 24 * HOUR_MS };
    const invoiceKinds = new Map<string, string>();
    let sequence = 0;
    for (const [kind, fromNow] of Object.entries(dueIn)) {
      for (let index = 0; index < INVOICES_PER_REMINDER; index += 1) {
        sequence += 1;
        const dueAt = new Date(Date.now() + fromNow);
        const [invoice] = await query<{ id: string }>(
          `insert into invoices (year, sequence, number, order_reference, buyer_name, buyer_email,
             buyer_address, buyer_company, total_cents, transaction_id, issued_at, company_id,
             payment_terms_days, due_at, po_number)
           values (1999, $1, $2, $3, 'Buyer', $4, '12 Forge Lane', $5, 30000, '',
             $6::timestamptz - interval '30 days', $7, 30, $6, $8)
           returning id`,
          [
            sequence,
            `INV-1999-${String(sequence).padStart(6, '0')}`,
            `TF-${tag}-${sequence}`,
            buyer!.email,
            `Reminded ${tag} Ltd`,
            dueAt.toISOString(),
            companyId,
            `PO-${sequence}`,
          ],
        );
        invoiceKinds.set(invoice!.id, kind);
        // One at a time over a few sweeps, so that more than one instance finds some.
        await sleep((REMINDER_SWEEP_SECONDS * 1000) / 4);
      }
    }
    const ids = [...invoiceKinds.keys()];
    const remindersOf = () =>
      query<{ invoice_id: string; kind: string }>(
        'select invoice_id, kind from invoice_reminders where invoice_id = any($1::uuid[])',
        [ids],
      );

    // Every invoice reminded, then five more sweeps of each instance: still one of each.
    const deadline = Date.now() + HANG_LIMIT_MS;
    while ((await remindersOf()).length < ids.length) {
      if (Date.now() > deadline) {
        expect(await remindersOf(), instanceFailure()).toHaveLength(ids.length);
      }
      await sleep(100);
    }
    await sleep(5 * REMINDER_SWEEP_SECONDS * 1000);

    const reminders = await remindersOf();
    expect(reminders.map((row) => `${row.invoice_id} ${row.kind}`).sort()).toEqual(
      [...invoiceKinds].map(([id, kind]) => `${id} ${kind}`).sort(),
    );
    const mails = await query<{ to: string; invoice_id: string; kind: string; origin: string }>(
      `select "to", about ->> 'invoiceId' as invoice_id, about ->> 'kind' as kind, origin
       from outbox_messages
       where about ->> 'mail' = 'invoice reminder' and about ->> 'invoiceId' = any($1)`,
      [ids],
    );
    // Exactly one e-mail per admin per invoice and kind; none to the buyer.
    expect(mails.map((mail) => `${mail.invoice_id} ${mail.kind} ${mail.to}`).sort()).toEqual(
      [...invoiceKinds]
        .flatMap(([id, kind]) => [admin1!, admin2!].map((a) => `${id} ${kind} ${a.email}`))
        .sort(),
    );
    const writers = new Set(mails.map((mail) => mail.origin));
    console.info(
      `[scale-out] ${ids.length} invoices due for a reminder, ${INSTANCES} instances sweeping ` +
        `every ${REMINDER_SWEEP_SECONDS} s: ${reminders.length} reminders, ${mails.length} ` +
        `e-mails (one per admin each), written by ${writers.size} instance(s)`,
    );
  });

  it('leaves every instance up', () => {
    for (const { server } of instances) expect(server.running(), instanceFailure()).toBe(true);
  });
});

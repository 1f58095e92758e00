import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  centsToDollars,
  CheckoutResponseSchema,
  CreateToolResponseSchema,
  ManagedOrderListSchema,
  PlaceOrderResponseSchema,
  ToolListSchema,
  ToolSchema,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import { bearer } from '../testing/accounts.ts';
import type { HttpAccount, Site } from '../testing/http-accounts.ts';
import { expectStatus, type HttpClient, type HttpRequest } from '../testing/http-client.ts';
import {
  payProofOrder,
  proofOrderRequest,
  waitForLoad,
  type ProofSend,
} from '../testing/proof-load.ts';
import {
  addProofTool,
  PROOF_SHOP_STOCK,
  startProofRun,
  type ProofCustomer,
} from '../testing/proof-shop.ts';
import { runAdminQuery, withDatabaseName } from '../testing/postgres-admin.ts';
import { pgliteExtensions } from '../db/pglite-extensions.ts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { createPgliteDataDir } from '../testing/test-database.ts';
import { PROOF_TEST_TIMEOUT_MS } from '../testing/hang-limits.ts';

/**
 * Crash (issue 15, part 5): the real server killed with SIGKILL while 50 customers order and pay
 * at once, then started again on the same data. Whatever it answered 2xx is there; what it was
 * doing when it died is either wholly there or wholly absent (and a retry with the same
 * Idempotency-Key places it exactly once); payments sit on their orders; the stock adds up. Then
 * killed while an admin changes the catalog: after the restart the catalog it serves is the
 * database's, with every acknowledged change.
 *
 * On PGlite (DATA_DIR) under `npm test`, on PostgreSQL under `npm run test:postgres`.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';

const CUSTOMERS = 50;
/** Killed once this many orders and payments were acknowledged, all customers still busy. */
const KILL_AFTER_ORDERS = 150;
const KILL_AFTER_PAYMENTS = 60;
const KILL_AFTER_CATALOG_CHANGES = 40;
const CATALOG_ADMIN_WORKERS = 4;
/** Buyers checking out carts of CHECKOUT_TOOLS tools; killed after this many checkouts. */
const CHECKOUT_BUYERS = 12;
const CHECKOUT_TOOLS = 3;
const KILL_AFTER_CHECKOUTS = 20;
const CATALOG_CUSTOMERS = 10;
/** Quantities 2..9 in turn. */
const quantityOf = (index: number) => 2 + (index % 8);

type Rows = Record<string, unknown>[];
/** Runs SQL on the server's database (PGlite only while the server is stopped: one owner). */
type WithDatabase = <Result>(
  work: (query: (text: string) => Promise<Rows>) => Promise<Result>,
) => Promise<Result>;

/** What the customers were told, and what they were not told because the server died. */
type Ledger = {
  /** Orders answered 200: id -> what was ordered. */
  acknowledgedOrders: Map<string, { key: string; quantity: number; email: string }>;
  /** Orders sent whose answer never came: to be retried with their Idempotency-Key. */
  unansweredOrders: { customer: Customer; key: string; request: HttpRequest }[];
  /** Payments recorded (PATCH answered 200): order id -> transaction id. */
  acknowledgedPayments: Map<string, string>;
  /** Payment steps sent whose answer never came. */
  unansweredPaymentSteps: number;
  /** Anything else than 200 answered while the server was up: a failure. */
  unexpected: string[];
};

type Customer = ProofCustomer;

/** Each test and hook of this proof may take as long as only a hang does (hang-limits.ts). */
vi.setConfig({ testTimeout: PROOF_TEST_TIMEOUT_MS, hookTimeout: PROOF_TEST_TIMEOUT_MS });

describe(`kill -9 on ${engine}: nothing acknowledged is lost`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-crash-'));
  const databaseName = `tools_factory_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = adminUrl ? withDatabaseName(adminUrl, databaseName) : undefined;
  let databaseCreated = false;
  let port = 0;
  let environment: Record<string, string> = {};
  let server: ServerProcess | undefined;
  let site: Site;
  let adminClient: HttpClient;
  let admin: HttpAccount;
  let tool: Tool;
  let customers: Customer[] = [];
  const run = startProofRun();

  const start = async (name: string) => {
    server = await startServerProcess({ name, port, env: environment });
    return server;
  };
  const withDatabase: WithDatabase = async (work) => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await work(async (text) => (await client.query(text)).rows as Rows);
      } finally {
        await client.end();
      }
    }
    if (server?.running()) throw new Error('PGlite has one owner: stop the server first');
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: pgliteExtensions,
    });
    try {
      return await work(async (text) => (await pglite.query(text)).rows as Rows);
    } finally {
      await pglite.close();
    }
  };

  beforeAll(async () => {
    port = await freePort();
    if (adminUrl && databaseUrl) {
      await runAdminQuery(adminUrl, `create database ${pg.escapeIdentifier(databaseName)}`);
      databaseCreated = true;
    } else {
      // The migrated template: a fresh PGlite spends seconds in initdb.
      await createPgliteDataDir(path.join(dataDir, 'pglite'));
    }
    const url = `http://127.0.0.1:${port}`;
    environment = {
      ...run.environment(url),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    site = { url, origin: url };
    await start('server');
    ({ adminClient, admin, tool, customers } = await run.openShop(site, {
      mail: path.join(dataDir, 'outbox'),
      toolName: `Crash Anvil ${randomUUID().slice(0, 8)}`,
      customers: { count: CUSTOMERS, prefix: 'crash' },
    }));
  });

  afterAll(async () => {
    run.closeAll();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseCreated && adminUrl) {
      await runAdminQuery(
        adminUrl,
        `drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`,
      );
    }
  });

  /**
   * Kills the server (-9) in the middle of a load once `ready()` holds, after a pause of chance
   * (the load moves in waves, and the kill should not always fall on the same step of it):
   * `stop()` tells the load, which then ends; nothing unexpected may have come before.
   */
  async function killMidLoad(
    what: string,
    ready: () => boolean,
    load: { pauseMs: number; stop: () => void; ended: Promise<unknown>; unexpected: string[] },
  ): Promise<void> {
    await waitForLoad(what, ready, { everyMs: 5 });
    await sleep(randomInt(0, load.pauseMs));
    load.stop();
    await server!.kill9();
    await load.ended;
    expect(load.unexpected, server!.output()).toEqual([]);
  }

  it('keeps every acknowledged order and payment, and the stock adds up', async () => {
    const ledger: Ledger = {
      acknowledgedOrders: new Map(),
      unansweredOrders: [],
      acknowledgedPayments: new Map(),
      unansweredPaymentSteps: 0,
      unexpected: [],
    };
    let killed = false;

    /** One request of the load: its answer, or undefined when the server died under it. */
    const send: ProofSend = async (customer, _what, url, request) => {
      try {
        const answer = await customer.client.request(url, request);
        if (answer.status !== 200 && !killed) {
          ledger.unexpected.push(`${request?.method} ${url}: ${answer.status} ${answer.body}`);
        }
        return answer.status === 200 ? answer : undefined;
      } catch (error) {
        if (!killed) ledger.unexpected.push(`${request?.method} ${url}: ${String(error)}`);
        return undefined;
      }
    };

    const pay = async (customer: Customer, order: Order): Promise<boolean> => {
      const transectionId = await payProofOrder(send, site, customer, order);
      if (transectionId === undefined) return false;
      ledger.acknowledgedPayments.set(order._id, transectionId);
      return true;
    };

    const shop = async (customer: Customer, number: number) => {
      for (let round = 0; !killed; round += 1) {
        const key = randomUUID();
        const quantity = quantityOf(number + round);
        const request = proofOrderRequest(customer.account, tool, quantity, key);
        const answer = await send(customer, 'POST /api/order', `${site.url}/api/order`, request);
        if (!answer) {
          if (killed) ledger.unansweredOrders.push({ customer, key, request });
          return;
        }
        const { order } = PlaceOrderResponseSchema.parse(answer.json());
        ledger.acknowledgedOrders.set(order._id, {
          key,
          quantity: order.quantity,
          email: customer.account.email,
        });
        // Every other order is paid at once (three requests), each customer at its own turn: at
        // the kill, some customers are placing an order and some are paying. The rest stay
        // unpaid, their stock held.
        if ((round + number) % 2 === 0 && !(await pay(customer, order))) {
          if (killed) ledger.unansweredPaymentSteps += 1;
          return;
        }
      }
    };

    const load = Promise.all(customers.map((customer, number) => shop(customer, number)));
    await killMidLoad(
      'orders and payments acknowledged before the kill',
      () =>
        ledger.unexpected.length > 0 ||
        (ledger.acknowledgedOrders.size >= KILL_AFTER_ORDERS &&
          ledger.acknowledgedPayments.size >= KILL_AFTER_PAYMENTS),
      { pauseMs: 500, stop: () => (killed = true), ended: load, unexpected: ledger.unexpected },
    );

    await start('server, restarted');
    // The orders whose answer never came: the same request again, with the same key.
    const retried = await Promise.all(
      ledger.unansweredOrders.map(async ({ customer, key, request }) => {
        const answer = expectStatus(
          'the retry of an unanswered order',
          await customer.client.request(`${site.url}/api/order`, request),
        );
        return { key, order: PlaceOrderResponseSchema.parse(answer.json()).order };
      }),
    );

    // Through the restarted server: every acknowledged order, as acknowledged.
    const managed = ManagedOrderListSchema.parse(
      expectStatus(
        'GET /api/manageOrders',
        await adminClient.request(`${site.url}/api/manageOrders`, {
          headers: bearer(admin.token),
        }),
      ).json(),
    ).filter((order) => order.toolId === tool._id);
    const byId = new Map(managed.map((order) => [order._id, order]));
    for (const [id, acknowledged] of ledger.acknowledgedOrders) {
      expect(byId.get(id), `acknowledged order ${id}`).toMatchObject({
        quantity: acknowledged.quantity,
        email: acknowledged.email,
      });
    }
    for (const [id, transectionId] of ledger.acknowledgedPayments) {
      expect(byId.get(id), `acknowledged payment of ${id}`).toMatchObject({
        paid: true,
        transectionId,
      });
    }
    // No order but those acknowledged or retried: nothing appeared that nobody was told of.
    expect(managed).toHaveLength(ledger.acknowledgedOrders.size + retried.length);
    const shown = ToolSchema.parse(
      (await adminClient.request(`${site.url}/api/tool/${tool._id}`)).json(),
    );
    const ordered = managed.reduce((sum, order) => sum + order.quantity, 0);
    expect(shown.availableQuantity).toBe(PROOF_SHOP_STOCK - ordered);

    // In the database itself (for PGlite, once the server is stopped: one owner).
    await server!.stop();
    const found = await withDatabase(async (query) => ({
      tool: await query(`select available_quantity from tools where id = '${tool._id}'`),
      orders: await query(
        `select id, status, quantity, transaction_id, idempotency_key, made_to_order,
           unit_price_cents from orders where tool_id = '${tool._id}'`,
      ),
      payments: await query('select order_id, transaction_id, amount_cents from payments'),
      invoices: await query('select order_id, transaction_id from invoices'),
      confirmedUnrecorded: await query(
        `select count(*)::int as count from payment_intents i join orders o on o.id = i.order_id
          where i.status = 'succeeded' and o.status = 'unpaid'`,
      ),
    }));
    const orders = found.orders as {
      id: string;
      status: string;
      quantity: number;
      transaction_id: string | null;
      idempotency_key: string;
      made_to_order: boolean;
      unit_price_cents: number;
    }[];
    const payments = found.payments as {
      order_id: string;
      transaction_id: string;
      amount_cents: number;
    }[];
    // Each key, acknowledged or retried, placed exactly one order; no other order exists.
    const keys = [
      ...[...ledger.acknowledgedOrders.values()].map(({ key }) => key),
      ...retried.map(({ key }) => key),
    ];
    expect(orders.map((order) => order.idempotency_key).sort()).toEqual(keys.sort());
    // Paid orders carry their transaction id, recorded once in payments (and on their invoice);
    // no payment without its order.
    const paidOrders = orders.filter((order) => order.status !== 'unpaid');
    const paymentByOrder = new Map(payments.map((payment) => [payment.order_id, payment]));
    expect(payments).toHaveLength(paidOrders.length);
    for (const order of paidOrders) {
      expect(order.transaction_id).toBeTruthy();
      expect(paymentByOrder.get(order.id)).toEqual({
        order_id: order.id,
        transaction_id: order.transaction_id,
        amount_cents: order.unit_price_cents * order.quantity,
      });
    }
    expect(new Set(found.invoices.map((invoice) => invoice.order_id))).toEqual(
      new Set(paidOrders.map((order) => order.id)),
    );
    for (const order of orders.filter((order) => order.status === 'unpaid')) {
      expect(order.transaction_id).toBeNull();
    }
    // start = available + held by unpaid orders + sold in paid ones.
    const held = orders
      .filter((order) => order.status === 'unpaid' && !order.made_to_order)
      .reduce((sum, order) => sum + order.quantity, 0);
    const sold = paidOrders.reduce((sum, order) => sum + order.quantity, 0);
    const available = Number(found.tool[0]?.available_quantity);
    expect(available + held + sold).toBe(PROOF_SHOP_STOCK);
    console.info(
      `[crash, ${engine}] ${CUSTOMERS} customers; killed after ${ledger.acknowledgedOrders.size} ` +
        `orders and ${ledger.acknowledgedPayments.size} payments acknowledged; ` +
        `${ledger.unansweredOrders.length} orders and ${ledger.unansweredPaymentSteps} payment ` +
        `steps unanswered (orders retried: ${retried.length}); after restart ${orders.length} ` +
        `orders checked (${paidOrders.length} paid, ${payments.length} payments, ` +
        `${Number(found.confirmedUnrecorded[0]?.count)} card payments confirmed but not yet ` +
        `recorded); stock ${available} + ${held} held + ${sold} sold = ${PROOF_SHOP_STOCK}`,
    );
  });

  it('keeps every acknowledged checkout whole, and no checkout is ever partial', async () => {
    await start('server, for the checkouts');
    const checkoutTools = await Promise.all(
      Array.from({ length: CHECKOUT_TOOLS }, (_, index) =>
        addProofTool(adminClient, site, admin, {
          name: `Crash Clamp ${index} ${randomUUID().slice(0, 8)}`,
          stock: PROOF_SHOP_STOCK,
        }),
      ),
    );
    let killed = false;
    const unexpected: string[] = [];
    /** Checkouts answered 201: id -> the lines the buyer's cart held. */
    const acknowledged = new Map<string, { key: string; lines: number }>();
    const unanswered: { customer: Customer; key: string }[] = [];

    const send = async (
      customer: Customer,
      method: string,
      url: string,
      json: unknown,
      key?: string,
    ) => {
      try {
        const answer = await customer.client.request(`${site.url}${url}`, {
          method,
          headers: {
            ...bearer(customer.account.token),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          json,
        });
        if (answer.status >= 300 && !killed) {
          unexpected.push(`${method} ${url}: ${answer.status} ${answer.body}`);
        }
        return answer.status < 300 ? answer : undefined;
      } catch (error) {
        if (!killed) unexpected.push(`${method} ${url}: ${String(error)}`);
        return undefined;
      }
    };

    // Each buyer fills a cart with the checkout tools (quantities 2..9) and checks it out, again
    // and again: at the kill some are filling a cart, some are checking out.
    const buy = async (customer: Customer, number: number) => {
      for (let round = 0; !killed; round += 1) {
        for (const [line, tool] of checkoutTools.entries()) {
          const quantity = quantityOf(number + round + line);
          if (!(await send(customer, 'PUT', `/api/cart/lines/${tool._id}`, { quantity }))) return;
        }
        const key = randomUUID();
        const answer = await send(
          customer,
          'POST',
          '/api/checkout',
          { address: '1 Crash Row' },
          key,
        );
        if (!answer) {
          if (killed) unanswered.push({ customer, key });
          return;
        }
        const { checkout } = CheckoutResponseSchema.parse(answer.json());
        acknowledged.set(checkout._id, { key, lines: checkout.lines.length });
      }
    };

    const buyers = customers.slice(0, CHECKOUT_BUYERS);
    const load = Promise.all(buyers.map((customer, number) => buy(customer, number)));
    await killMidLoad(
      'checkouts acknowledged before the kill',
      () => unexpected.length > 0 || acknowledged.size >= KILL_AFTER_CHECKOUTS,
      { pauseMs: 300, stop: () => (killed = true), ended: load, unexpected },
    );

    await start('server, restarted after the checkouts');
    // A checkout whose answer never came, sent again with its key: placed once (its cart was
    // kept when it had not committed; when it had, the key answers with it).
    const retried = await Promise.all(
      unanswered.map(async ({ customer, key }) => {
        const answer = await customer.client.request(`${site.url}/api/checkout`, {
          method: 'POST',
          headers: { ...bearer(customer.account.token), 'idempotency-key': key },
          json: { address: '1 Crash Row' },
        });
        expect([200, 201], answer.body).toContain(answer.status);
        return { key, checkout: CheckoutResponseSchema.parse(answer.json()).checkout };
      }),
    );
    await server!.stop();

    const toolIds = checkoutTools.map((tool) => `'${tool._id}'`).join(', ');
    const found = await withDatabase(async (query) => ({
      checkouts: await query(
        `select c.id, c.idempotency_key, count(o.id)::int as lines
           from checkouts c join orders o on o.checkout_id = c.id
          where o.tool_id in (${toolIds}) group by c.id, c.idempotency_key`,
      ),
      ordered: await query(
        `select tool_id, coalesce(sum(quantity), 0)::int as units from orders
          where tool_id in (${toolIds}) group by tool_id`,
      ),
      tools: await query(`select id, available_quantity from tools where id in (${toolIds})`),
    }));
    const checkouts = found.checkouts as { id: string; idempotency_key: string; lines: number }[];
    // Whole: every checkout has all its lines (one per checkout tool), never some of them.
    for (const checkout of checkouts) expect(checkout.lines, checkout.id).toBe(CHECKOUT_TOOLS);
    // Every acknowledged checkout is there; every retried key placed exactly one; no other.
    const byId = new Map(checkouts.map((checkout) => [checkout.id, checkout]));
    for (const [id, { key, lines }] of acknowledged) {
      expect(byId.get(id), `acknowledged checkout ${id}`).toMatchObject({
        idempotency_key: key,
        lines,
      });
    }
    expect(checkouts.map((checkout) => checkout.idempotency_key).sort()).toEqual(
      [
        ...[...acknowledged.values()].map(({ key }) => key),
        ...retried.map(({ key }) => key),
      ].sort(),
    );
    // The stock of each tool: what the database's orders took, no more, no less.
    const units = new Map(found.ordered.map((row) => [String(row.tool_id), Number(row.units)]));
    for (const row of found.tools) {
      expect(Number(row.available_quantity) + (units.get(String(row.id)) ?? 0)).toBe(
        PROOF_SHOP_STOCK,
      );
    }
    console.info(
      `[crash, ${engine}] ${buyers.length} buyers checking out carts of ${CHECKOUT_TOOLS} tools; ` +
        `killed after ${acknowledged.size} checkouts acknowledged; ${unanswered.length} unanswered ` +
        `and retried; after restart ${checkouts.length} checkouts, each whole; stock adds up`,
    );
  });

  it('serves, after a kill during catalog changes, the catalog of the database', async () => {
    await start('server, for the catalog');
    let killed = false;
    const unexpected: string[] = [];
    /** Per tool added (and acknowledged): what the admin was told of it since. */
    type Known = {
      removed: boolean;
      /** The last price breaks acknowledged, and whether a change was under way at the kill. */
      breaks: { minQuantity: number; price: number }[];
      unsure: boolean;
    };
    const known = new Map<string, Known>();
    let changes = 0;

    const change = async (method: string, url: string, json?: unknown) => {
      try {
        const answer = await adminClient.request(`${site.url}${url}`, {
          method,
          headers: bearer(admin.token),
          ...(json === undefined ? {} : { json }),
        });
        if (answer.status === 200) {
          changes += 1;
          return answer;
        }
        if (!killed) unexpected.push(`${method} ${url}: ${answer.status} ${answer.body}`);
      } catch (error) {
        if (!killed) unexpected.push(`${method} ${url}: ${String(error)}`);
      }
      return undefined;
    };

    // Each worker changes only the tools it added itself: one change at a time per tool, so
    // the last change acknowledged is the database's (unless one was under way at the kill).
    const adminWorker = async (worker: number) => {
      const mine: string[] = [];
      // Each worker at its own turn of the four steps (the first is an addition all the same).
      for (let step = worker; !killed; step += 1) {
        const live = mine.filter((id) => !known.get(id)?.removed);
        // In four steps: a tool added, two price changes, and a tool removed (one kept at least).
        if (step % 4 === 0 || live.length === 0) {
          const answer = await change('POST', '/api/tool', {
            name: `Crash Plane ${worker}-${randomUUID().slice(0, 8)}`,
            desc: 'A tool of the crash proof.',
            img: '/images/tools/claw-hammer.svg',
            price: 20,
            minOrderQuantity: 1,
            availableQuantity: 500,
          });
          if (!answer) return;
          const added = CreateToolResponseSchema.parse(answer.json()).tool;
          known.set(added._id, { removed: false, breaks: [], unsure: false });
          mine.push(added._id);
        } else if (step % 4 !== 3 || live.length === 1) {
          const id = live[step % live.length]!;
          const breaks = [{ minQuantity: 10 + step, price: 19 }];
          const entry = known.get(id)!;
          entry.unsure = true;
          const answer = await change('PUT', `/api/tool/${id}/priceBreaks`, {
            priceBreaks: breaks,
          });
          if (!answer) return;
          Object.assign(entry, { breaks, unsure: false });
        } else {
          const id = live[0]!;
          const entry = known.get(id)!;
          entry.unsure = true;
          if (!(await change('DELETE', `/api/deleteTols/${id}`))) return;
          Object.assign(entry, { removed: true, unsure: false });
        }
      }
    };
    // Stock moves meanwhile: customers keep ordering the anvil.
    const customerLoop = async (customer: Customer) => {
      while (!killed) {
        try {
          await customer.client.request(
            `${site.url}/api/order`,
            proofOrderRequest(customer.account, tool, 3),
          );
        } catch {
          return;
        }
      }
    };

    const load = Promise.all([
      ...Array.from({ length: CATALOG_ADMIN_WORKERS }, (_, worker) => adminWorker(worker)),
      ...customers.slice(0, CATALOG_CUSTOMERS).map(customerLoop),
    ]);
    await killMidLoad(
      'catalog changes acknowledged before the kill',
      () => unexpected.length > 0 || changes >= KILL_AFTER_CATALOG_CHANGES,
      { pauseMs: 300, stop: () => (killed = true), ended: load, unexpected },
    );

    await start('server, restarted after the catalog kill');
    const parts = ToolListSchema.parse(
      expectStatus('GET /api/parts', await adminClient.request(`${site.url}/api/parts`)).json(),
    );
    const single = await Promise.all(
      parts.map(async ({ _id }) =>
        ToolSchema.parse((await adminClient.request(`${site.url}/api/tool/${_id}`)).json()),
      ),
    );
    const removedStatuses = await Promise.all(
      [...known].flatMap(([id, entry]) =>
        entry.removed ? [adminClient.request(`${site.url}/api/tool/${id}`)] : [],
      ),
    );
    await server!.stop();
    const database = await withDatabase(async (query) => ({
      tools: await query(
        `select t.id, t.name, t.sku, t.image, t.description, t.price_cents, t.min_order_quantity,
                t.available_quantity, c.slug as category, t.brand_line, t.size, t.material
           from tools t left join categories c on c.id = t.category_id
          where t.archived_at is null order by t.created_at, t.name`,
      ),
      breaks: await query(
        'select tool_id, min_quantity, price_cents from tool_price_breaks order by min_quantity',
      ),
    }));
    // Issue 43: a tool's category and attributes are shown when it has them.
    const attributesOf = (row: Record<string, unknown>) => {
      const attributes = Object.fromEntries(
        (
          [
            ['brandLine', row.brand_line],
            ['size', row.size],
            ['material', row.material],
          ] as const
        ).filter(([, value]) => value !== null),
      );
      return Object.keys(attributes).length > 0 ? { attributes } : {};
    };
    const catalogOfDatabase: Tool[] = database.tools.map((row) => ({
      ...(row.category === null ? {} : { category: String(row.category) }),
      ...attributesOf(row),
      _id: String(row.id),
      name: String(row.name),
      sku: String(row.sku),
      img: String(row.image),
      price: centsToDollars(Number(row.price_cents)),
      desc: String(row.description),
      minOrderQuantity: Number(row.min_order_quantity),
      availableQuantity: Number(row.available_quantity),
      priceBreaks: database.breaks
        .filter((priceBreak) => priceBreak.tool_id === row.id)
        .map((priceBreak) => ({
          minQuantity: Number(priceBreak.min_quantity),
          price: centsToDollars(Number(priceBreak.price_cents)),
        })),
    }));

    // The snapshot is the database's catalog, the list and each tool alike.
    expect(parts).toEqual(catalogOfDatabase);
    expect(single).toEqual(parts);
    for (const answer of removedStatuses) expect(answer.status).toBe(404);
    // Every acknowledged change is in it.
    const onSale = new Map(parts.map((entry) => [entry._id, entry]));
    for (const [id, entry] of known) {
      if (entry.unsure) continue;
      if (entry.removed) expect(onSale.has(id), `removed tool ${id}`).toBe(false);
      else expect(onSale.get(id)?.priceBreaks, `tool ${id}`).toEqual(entry.breaks);
    }
    console.info(
      `[crash, ${engine}] killed after ${changes} catalog changes acknowledged (${known.size} ` +
        `tools added, ${[...known.values()].filter((entry) => entry.removed).length} removed, ` +
        `${[...known.values()].filter((entry) => entry.unsure).length} under way); after restart ` +
        `${parts.length} tools on sale, each as in the database`,
    );
  });
});

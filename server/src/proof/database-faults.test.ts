import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  orderReference,
  PlaceOrderResponseSchema,
  serverTexts,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import type { Site } from '../testing/http-accounts.ts';
import { createHttpClient, type HttpAnswer, type HttpClient } from '../testing/http-client.ts';
import { findNginx, startNginx, type RunningNginx } from '../testing/nginx.ts';
import { payProofOrder, proofOrderRequest, waitForLoad } from '../testing/proof-load.ts';
import { PROOF_SHOP_STOCK, startProofRun, type ProofCustomer } from '../testing/proof-shop.ts';
import {
  freePort,
  startServerProcess,
  type ProcessEnd,
  type ServerProcess,
} from '../testing/server-process.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '../testing/smtp.ts';
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../testing/throwaway-postgres.ts';
import { HANG_LIMIT_MS, PROOF_TEST_TIMEOUT_MS } from '../testing/hang-limits.ts';

/**
 * Surviving the database (issue 23): two real instances behind the production nginx site, on a
 * PostgreSQL cluster of the test's own, with an SMTP stand-in, while customers order and pay.
 * The cluster is killed with -9 and restarted; backends inside a transaction are terminated; an
 * instance gets SIGTERM behind nginx. Each time no instance exits, each serves again within
 * seconds, and in the end every acknowledged order is there exactly once, the stock adds up, and
 * every committed order's e-mails arrived exactly once.
 *
 * Runs under `npm run test:postgres` (its own cluster, never the shared server's).
 */

const underPostgres = Boolean(process.env.TEST_DATABASE_URL);
const nginxPath = findNginx();
const skip = !underPostgres;
if (underPostgres && (!nginxPath || !findPostgresBin()) && !process.env.CI) {
  console.warn(
    '[database faults] needs nginx and PostgreSQL server binaries: .ci/run installs them.',
  );
}

const CUSTOMERS = 12;
/** Every instance serves again within this after the database is back (the bound). */
const SERVE_AGAIN_MS = 10_000;
const quantityOf = (index: number) => 2 + (index % 6);

type Customer = ProofCustomer;

/** What the customers were told. */
type Ledger = {
  /** Orders answered 200: id -> quantity. */
  acknowledged: Map<string, number>;
  /** Payments recorded (PATCH answered 200). */
  paid: Set<string>;
  /** Answers other than 200 or 503-in-words, or 503s not in words: each a failure. */
  unexpected: string[];
  /** 503s in words, and requests that got no answer, while a fault was on. */
  refused: number;
  /**
   * POSTs nginx answered 502 while instance B stopped: requests on a connection still in the
   * kernel's accept queue when B closed its listening socket, reset unread. nginx does not send
   * a POST elsewhere once it wrote it (it cannot know it was never read); the client sends it
   * again with the same Idempotency-Key. README, "Running in production", says how to avoid it.
   */
  resetAtStop: number;
};

/** The `message` of an answer in the API's error shape, or its body when it is not that. */
function messageOf(answer: HttpAnswer): string {
  try {
    return String((JSON.parse(answer.body) as { message?: unknown }).message);
  } catch {
    return answer.body;
  }
}

/**
 * 503s that say nothing was done (or, past the stop's time, that a retry with the same key is
 * safe): the load sends the same request again, with the same Idempotency-Key.
 */
const IN_WORDS = new Set<string>([
  serverTexts.apiErrors.serviceUnavailable,
  serverTexts.apiErrors.storageFull,
  serverTexts.apiErrors.stopping,
  serverTexts.apiErrors.stoppedBeforeFinishing,
]);

/** Each test and hook of this proof may take as long as only a hang does (hang-limits.ts). */
vi.setConfig({ testTimeout: PROOF_TEST_TIMEOUT_MS, hookTimeout: PROOF_TEST_TIMEOUT_MS });

describe.skipIf(skip)('two instances behind nginx survive their PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  let smtp: LocalSmtpServer;
  let nginx: RunningNginx;
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let site: Site;
  let environment: Record<string, string>;
  let tool: Tool;
  let customers: Customer[] = [];
  const run = startProofRun();
  const databaseUrl = () => postgres.url;
  /** When each step of the test began: a failure's answers and logs are placed by these. */
  const steps: string[] = [];
  const step = (what: string) => steps.push(`${new Date().toISOString()} ${what}`);
  const failure = () =>
    `--- steps:\n${steps.join('\n')}\n` +
    instances
      .map((server) => `--- ${server.name} (${server.url}):\n${server.output()}`)
      .join('\n') +
    `\n--- nginx:\n${nginx?.errorLog() ?? ''}\n--- postgres:\n${postgres?.output() ?? ''}`;

  const startInstance = async (name: string, port: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-faults-'));
    dataDirs.push(dataDir);
    const server = await startServerProcess({
      name,
      port,
      env: { ...environment, DATA_DIR: dataDir },
    });
    instances.push(server);
    return server;
  };

  beforeAll(async () => {
    if (!nginxPath) throw new Error('nginx is not installed: apt-get install nginx-light');
    postgres = await startThrowawayPostgres('the faults cluster');
    smtp = await startLocalSmtpServer();
    const ports = [await freePort(), await freePort()];
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    site = { url: publicUrl, origin: publicUrl };
    environment = {
      ...run.environment(publicUrl),
      DATABASE_URL: databaseUrl(),
      SMTP_URL: smtp.url,
      TRUST_PROXY: '127.0.0.1',
    };
    await startInstance('instance A', ports[0]!);
    await startInstance('instance B', ports[1]!);
    nginx = await startNginx({
      nginx: nginxPath,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      port: nginxPort,
    });
    ({ tool, customers } = await run.openShop(site, {
      mail: (to, subject) => smtp.latestLink(to, subject),
      toolName: `Faults Anvil ${randomUUID().slice(0, 8)}`,
      customers: { count: CUSTOMERS, prefix: 'faults' },
    }));
  });

  afterAll(async () => {
    run.closeAll();
    await Promise.allSettled(instances.map((server) => server.stop()));
    await nginx?.stop();
    await smtp?.close();
    await postgres?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps serving through a crash of the database, a terminated backend and a SIGTERM, and loses nothing', async () => {
    const ledger: Ledger = {
      acknowledged: new Map(),
      paid: new Set(),
      unexpected: [],
      refused: 0,
      resetAtStop: 0,
    };
    let stopping = false;
    let faultOn = false;
    let stopped = false;

    /** A request that must succeed in the end: retried (same body, same key) while refused in words. */
    const insist = async (
      customer: Customer,
      what: string,
      url: string,
      request: Parameters<HttpClient['request']>[1],
    ): Promise<HttpAnswer | undefined> => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        let answer: HttpAnswer | undefined;
        try {
          answer = await customer.client.request(url, request);
        } catch (error) {
          // No answer at all (a connection nginx could not finish): only while a fault is on.
          if (!faultOn) ledger.unexpected.push(`${what}: ${String(error)}`);
          ledger.refused += 1;
          await sleep(200);
          continue;
        }
        if (answer.status === 200) return answer;
        if (stopping && answer.status === 502 && answer.body.includes('502 Bad Gateway')) {
          ledger.resetAtStop += 1;
          await sleep(200);
          continue;
        }
        if (answer.status === 503 && IN_WORDS.has(messageOf(answer))) {
          ledger.refused += 1;
          await sleep(200);
          continue;
        }
        ledger.unexpected.push(
          `${new Date().toISOString()} ${what}: ${answer.status} ${answer.body}`,
        );
        return undefined;
      }
      ledger.unexpected.push(`${what}: still refused after 200 tries`);
      return undefined;
    };

    const pay = async (customer: Customer, order: Order) => {
      if ((await payProofOrder(insist, site, customer, order)) !== undefined) {
        ledger.paid.add(order._id);
      }
    };

    const shop = async (customer: Customer, number: number) => {
      for (let round = 0; !stopped; round += 1) {
        const answer = await insist(
          customer,
          'POST /api/order',
          `${site.url}/api/order`,
          proofOrderRequest(customer.account, tool, quantityOf(number + round)),
        );
        if (!answer) return;
        const { order } = PlaceOrderResponseSchema.parse(answer.json());
        ledger.acknowledged.set(order._id, order.quantity);
        if ((round + number) % 3 === 0) await pay(customer, order);
      }
    };

    const load = Promise.all(customers.map(shop));
    const waitFor = (
      what: string,
      done: () => boolean | Promise<boolean>,
      timeoutMs = HANG_LIMIT_MS,
    ) => waitForLoad(what, done, { timeoutMs, context: failure });
    const moreOrders = async (what: string, count: number) => {
      const target = ledger.acknowledged.size + count;
      await waitFor(what, () => ledger.acknowledged.size >= target || ledger.unexpected.length > 0);
    };
    /** Seconds until every running instance answers /api/ready, from `since`. */
    const everyInstanceReady = async (since: number) => {
      const probe = createHttpClient();
      try {
        await waitFor(
          'every instance ready again',
          async () => {
            for (const server of instances.filter((instance) => instance.running())) {
              const answer = await probe.request(`${server.url}/api/ready`).catch(() => undefined);
              if (answer?.status !== 200) return false;
            }
            return true;
          },
          SERVE_AGAIN_MS,
        );
      } finally {
        probe.close();
      }
      return (Date.now() - since) / 1000;
    };
    const figures: string[] = [];

    step('orders before the crash');
    // 1. The database crashes (kill -9 on the postmaster and its backends) and comes back.
    await moreOrders('orders before the crash', 60);
    step('the database killed');
    faultOn = true;
    await postgres.kill9();
    await sleep(2_000);
    await postgres.restart();
    const restartedAt = Date.now();
    const crashReady = await everyInstanceReady(restartedAt);
    faultOn = false;
    expect(
      instances.map((server) => server.running()),
      failure(),
    ).toEqual([true, true]);
    figures.push(`crash: every instance ready ${crashReady.toFixed(1)} s after the restart`);
    step('orders after the crash');
    await moreOrders('orders after the crash', 60);

    step('backends terminated');
    // 2. Backends inside a transaction are terminated.
    faultOn = true;
    let terminated = 0;
    await waitFor('a backend inside a transaction', async () => {
      terminated += await postgres.terminateBackends(
        "application_name = 'tools-factory' and xact_start is not null",
      );
      return terminated > 0;
    });
    const terminatedAt = Date.now();
    const terminateReady = await everyInstanceReady(terminatedAt);
    faultOn = false;
    expect(
      instances.map((server) => server.running()),
      failure(),
    ).toEqual([true, true]);
    figures.push(
      `terminate: ${terminated} backend(s) in a transaction ended; ready ${terminateReady.toFixed(1)} s after`,
    );
    step('orders after the terminated backends');
    await moreOrders('orders after the terminated backends', 60);

    // 3. SIGTERM to instance B behind nginx: it drains and exits 0; A serves on.
    step('SIGTERM to instance B');
    stopping = true;
    const end: ProcessEnd = await instances[1]!.stop(15_000);
    step('instance B ended');
    // nginx's error for a reset connection is logged at once; a second later none is left.
    await sleep(1_000);
    stopping = false;
    expect(end, failure()).toMatchObject({ code: 0, signal: null });
    figures.push(
      `SIGTERM: instance B exited ${end.code} after ${end.ms} ms ` +
        `(${ledger.resetAtStop} POST(s) reset in its accept queue, sent again)`,
    );
    await moreOrders('orders after instance B stopped', 60);

    stopped = true;
    await load;
    expect(ledger.unexpected, failure()).toEqual([]);
    expect(instances[0]!.running(), failure()).toBe(true);

    // Every acknowledged order is there exactly once, and the stock adds up.
    const database = new pg.Client({ connectionString: databaseUrl() });
    await database.connect();
    try {
      const { rows: orders } = await database.query<{
        id: string;
        quantity: number;
        status: string;
      }>('select id, quantity, status from orders where tool_id = $1', [tool._id]);
      const stored = new Map(orders.map((row) => [row.id, row]));
      expect(stored.size).toBe(orders.length);
      for (const [id, quantity] of ledger.acknowledged)
        expect(stored.get(id)?.quantity).toBe(quantity);
      for (const id of ledger.paid) expect(stored.get(id)?.status).toBe('paid');
      const {
        rows: [stock],
      } = await database.query<{ available_quantity: number }>(
        'select available_quantity from tools where id = $1',
        [tool._id],
      );
      const ordered = orders.reduce((sum, row) => sum + row.quantity, 0);
      expect(stock!.available_quantity + ordered).toBe(PROOF_SHOP_STOCK);

      // Every committed order's e-mail arrived exactly once, and every paid one's too.
      const subjects = (id: string) => ({
        placed: serverTexts.mail.orderPlaced.subject(orderReference(id)),
        paid: serverTexts.mail.orderPaid.subject(orderReference(id)),
      });
      const count = (subject: string) =>
        smtp.received.filter((mail) => mail.headers.subject === subject).length;
      const delivered = () =>
        orders.every(
          (row) =>
            count(subjects(row.id).placed) >= 1 &&
            (row.status !== 'paid' || count(subjects(row.id).paid) >= 1),
        );
      await waitFor('every e-mail delivered', delivered).catch(async (error: unknown) => {
        // Which are missing, and what the outbox holds of them: the failure's first clue.
        const missing = orders.flatMap((row) => [
          ...(count(subjects(row.id).placed) === 0 ? [subjects(row.id).placed] : []),
          ...(row.status === 'paid' && count(subjects(row.id).paid) === 0
            ? [subjects(row.id).paid]
            : []),
        ]);
        const { rows: outbox } = await database.query<Record<string, unknown>>(
          `select coalesce(subject, recipe->>'kind') as subject, "to", attempts, sent_at,
              last_error from outbox_messages
            where subject = any($1::text[]) or (recipe is not null and sent_at is null)`,
          [missing],
        );
        throw new Error(
          `${String(error)}\n${missing.length} missing of ${smtp.received.length} delivered: ` +
            `${JSON.stringify(missing.slice(0, 5))}\noutbox rows of them: ` +
            JSON.stringify(outbox.slice(0, 5)),
        );
      });
      await sleep(2_000);
      for (const row of orders) {
        expect(count(subjects(row.id).placed), `order placed e-mail of ${row.id}`).toBe(1);
        expect(count(subjects(row.id).paid), `order paid e-mail of ${row.id}`).toBe(
          row.status === 'paid' ? 1 : 0,
        );
      }
      const paidOrders = orders.filter((row) => row.status === 'paid').length;
      console.log(
        `[database faults, PostgreSQL] 2 instances behind nginx, ${CUSTOMERS} customers; ` +
          `${ledger.acknowledged.size} orders acknowledged, ${orders.length} stored and checked ` +
          `(${paidOrders} paid); ${ledger.refused} answers refused in words or retried meanwhile; ` +
          `${smtp.received.length} e-mails delivered, each once; ${figures.join('; ')}`,
      );
    } finally {
      await database.end();
    }
  });
});

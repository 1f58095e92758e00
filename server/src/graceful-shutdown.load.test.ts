import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderListSchema,
  PlaceOrderResponseSchema,
  serverTexts,
  type Tool,
} from '@tools-factory/contract';
import { bearer } from './testing/accounts.ts';
import type { Site } from './testing/http-accounts.ts';
import { proofOrderRequest } from './testing/proof-load.ts';
import { startProofRun, type ProofCustomer } from './testing/proof-shop.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
} from './testing/test-database.ts';

/** What server.ts gives a shutdown before its own timer ends the process with exit 1. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Customers ordering as fast as they are answered when the SIGTERM comes. */
const CUSTOMERS = 20;
/** Only a hang reaches these (a start, a sign-up of twenty on a loaded machine). */
const TEST_TIMEOUT_MS = 15 * 60_000;

const IN_WORDS = new Set<string>([
  serverTexts.apiErrors.stopping,
  serverTexts.apiErrors.stoppedBeforeFinishing,
]);

/**
 * Issue 40, item 11: a SIGTERM under a steady stream of orders from twenty customers. Readiness
 * goes down at once; every request gets a real answer (200, or 503 in words: never a reset
 * socket, never a 502); the process exits 0 within its timer; and every order sent again with
 * its Idempotency-Key after the restart is placed once.
 */
describe('a SIGTERM under load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-shutdown-load-'));
  const run = startProofRun();
  let database: TestDatabase | undefined;
  let environment: Record<string, string>;
  let server: ServerProcess | undefined;
  let site: Site;
  let tool: Tool;
  let customers: ProofCustomer[] = [];

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    else await createPgliteDataDir(path.join(dataDir, 'pglite'));
    const port = await (await import('./testing/server-process.ts')).freePort();
    const url = `http://127.0.0.1:${port}`;
    site = { url, origin: url };
    environment = {
      ...run.environment(url),
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...(database?.url && { DATABASE_URL: database.url }),
    };
    server = await startServerProcess({ name: 'the server', port, env: environment });
    ({ tool, customers } = await run.openShop(site, {
      mail: path.join(dataDir, 'outbox'),
      toolName: `Drain Anvil ${randomUUID().slice(0, 8)}`,
      customers: { count: CUSTOMERS, prefix: 'drain' },
    }));
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    run.closeAll();
    await server?.kill9();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers every request in words, exits 0 within its timer and places each order once',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const acknowledged = new Map<string, string>(); // order id -> customer e-mail
      const refusedKeys: { customer: ProofCustomer; key: string; quantity: number }[] = [];
      const unexpected: string[] = [];
      let ordered = 0;
      let signalled = false;

      const shop = async (customer: ProofCustomer, index: number) => {
        for (let round = 0; ; round += 1) {
          const key = randomUUID();
          const quantity = 2 + ((index + round) % 5);
          let answer;
          try {
            answer = await customer.client.request(
              `${site.url}/api/order`,
              proofOrderRequest(customer.account, tool, quantity, key),
            );
          } catch (error) {
            // After the listener closed a new connection is refused (a proxy sends it elsewhere):
            // nothing was written. Any other failure (a reset, a hang-up) is a dropped request.
            const code = (error as NodeJS.ErrnoException).code;
            if (signalled && code === 'ECONNREFUSED') return;
            unexpected.push(`order: ${code ?? ''} ${String(error)}`);
            return;
          }
          if (answer.status === 200) {
            const { order } = PlaceOrderResponseSchema.parse(answer.json());
            acknowledged.set(order._id, customer.account.email);
            ordered += 1;
            continue;
          }
          const message = String((answer.json() as { message?: unknown }).message);
          if (answer.status === 503 && IN_WORDS.has(message)) {
            // Told in words: sent again (same key) once a server answers, below.
            refusedKeys.push({ customer, key, quantity });
            return;
          }
          unexpected.push(`order: ${answer.status} ${answer.body}`);
          return;
        }
      };

      const load = Promise.all(customers.map(shop));
      // A steady stream first.
      while (ordered < CUSTOMERS * 3 && unexpected.length === 0) await sleep(50);
      signalled = true;
      const stopping = server!.stop(SHUTDOWN_GRACE_MS + 50_000);
      await sleep(50);
      // Readiness is down at once, in words, and says so on a new connection.
      const ready = await fetch(`${site.url}/api/ready`).catch((error: unknown) => error);
      expect(ready).toBeInstanceOf(Response);
      const readiness = ready as Response;
      expect(readiness.status).toBe(503);
      expect(readiness.headers.get('connection')).toBe('close');
      expect(((await readiness.json()) as { message: string }).message).toBe(
        serverTexts.apiErrors.stopping,
      );

      const end = await stopping;
      await load;
      const output = server!.output();
      expect(unexpected, output).toEqual([]);
      expect(end, output).toMatchObject({ code: 0, signal: null });
      expect(end.ms, output).toBeLessThan(SHUTDOWN_GRACE_MS);
      expect(output).not.toMatch(/killed by timeout/);

      // Started again: every refused order, sent again with its key, is placed once.
      server = await startServerProcess({
        name: 'the server again',
        port: Number(new URL(site.url).port),
        env: environment,
      });
      for (const { customer, key, quantity } of refusedKeys) {
        const answer = await customer.client.request(
          `${site.url}/api/order`,
          proofOrderRequest(customer.account, tool, quantity, key),
        );
        expect(answer.status, answer.body).toBe(200);
        acknowledged.set(
          PlaceOrderResponseSchema.parse(answer.json()).order._id,
          customer.account.email,
        );
      }
      const stored: string[] = [];
      for (const customer of customers) {
        const answer = await customer.client.request(
          `${site.url}/api/orders?email=${encodeURIComponent(customer.account.email)}`,
          { headers: bearer(customer.account.token) },
        );
        expect(answer.status, answer.body).toBe(200);
        stored.push(...OrderListSchema.parse(answer.json()).map((order) => order._id));
      }
      // Nothing placed twice: each order stored is one a customer was told of, once.
      expect(new Set(stored).size).toBe(stored.length);
      expect([...stored].sort()).toEqual([...acknowledged.keys()].sort());
      console.info(
        `[shutdown under load] ${ordered} orders before the exit after ${end.ms} ms; ` +
          `${refusedKeys.length} refused in words and placed once when sent again`,
      );
    },
  );
});

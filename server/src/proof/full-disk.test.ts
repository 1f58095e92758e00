import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderListSchema,
  orderReference,
  PlaceOrderResponseSchema,
  serverTexts,
  ToolSchema,
  type Tool,
} from '@tools-factory/contract';
import { bearer } from '../testing/accounts.ts';
import type { Site } from '../testing/http-accounts.ts';
import { expectStatus } from '../testing/http-client.ts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { mountSmallDisk, type SmallDisk } from '../testing/small-disk.ts';
import { createPgliteDataDir } from '../testing/test-database.ts';
import { PROOF_SHOP_STOCK, startProofRun, type ProofCustomer } from '../testing/proof-shop.ts';
import { proofOrderRequest, waitForLoad } from '../testing/proof-load.ts';
import { parseMail } from '../testing/mail.ts';
import { DEFAULT_DISK_RESERVE_MB, NEW_DATABASE_MB } from '../db/disk-reserve.ts';
import { HANG_LIMIT_MS, PROOF_TEST_TIMEOUT_MS } from '../testing/hang-limits.ts';

/**
 * A full disk (issue 23): the embedded database's DATA_DIR on a small file system of its own,
 * filled while customers order. Orders that cannot be stored answer 503 in words, never a bare
 * 500; /api/ready says the storage is full; the process stays up; once the space is back, orders
 * are taken again and every acknowledged order is there exactly once, with its stock.
 */

const DISK_MB = 160;
const CUSTOMERS = 6;
/** Acknowledged before the disk is filled, and again after the space is back. */
const ORDERS_BEFORE = 30;
const ORDERS_AFTER = 30;
/** How long the shop is kept full while customers keep ordering. */
const FULL_FOR_MS = 3_000;
const MB = 1024 * 1024;
/** What the audit (issue 40 item 10) left free when PGlite hung in XLogFlush: under a WAL segment. */
const LEFT_BELOW_RESERVE = 15.5 * MB;
/** What it left free when the start after kill -9 said only 'PGlite failed to initialize properly'. */
const LEFT_AT_START = 11 * MB;
/** Orders a customer tries while the shop is below its reserve. */
const BELOW_RESERVE_ORDERS = 20;

type Customer = ProofCustomer;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a full disk under PGlite', () => {
  let disk: SmallDisk;
  let dataDir: string;
  let server: ServerProcess;
  let environment: Record<string, string>;
  let site: Site;
  let tool: Tool;
  let customers: Customer[] = [];
  const run = startProofRun();

  beforeAll(async () => {
    disk = await mountSmallDisk(DISK_MB);
    dataDir = path.join(disk.dir, 'data');
    mkdirSync(dataDir);
    await createPgliteDataDir(path.join(dataDir, 'pglite'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    site = { url, origin: url };
    environment = { ...run.environment(url), DATA_DIR: dataDir };
    server = await startServerProcess({ name: 'server on a small disk', port, env: environment });
    ({ tool, customers } = await run.openShop(site, {
      mail: path.join(dataDir, 'outbox'),
      toolName: `Full Disk Anvil ${randomUUID().slice(0, 8)}`,
      customers: { count: CUSTOMERS, prefix: 'disk' },
    }));
  }, PROOF_TEST_TIMEOUT_MS);

  afterAll(async () => {
    run.closeAll();
    await server?.stop();
    await disk?.unmount();
  }, HANG_LIMIT_MS);

  it(
    'answers 503 in words while full, says so in /api/ready, and loses nothing',
    async () => {
      const acknowledged = new Map<string, { quantity: number; email: string }>();
      const refusals: { status: number; message: string }[] = [];
      let stopped = false;

      const shop = async (customer: Customer) => {
        for (let round = 0; !stopped; round += 1) {
          // Above the minimum of 1 (the spec: strictly more than the minimum).
          const quantity = 2 + (round % 5);
          const answer = await customer.client.request(
            `${site.url}/api/order`,
            proofOrderRequest(customer.account, tool, quantity),
          );
          if (answer.status === 200) {
            const { order } = PlaceOrderResponseSchema.parse(answer.json());
            acknowledged.set(order._id, { quantity, email: customer.account.email });
          } else {
            const body = answer.json() as { message?: unknown };
            refusals.push({ status: answer.status, message: String(body.message) });
            // A refused customer waits a little, as a person would, before trying again.
            await sleep(100);
          }
        }
      };
      const load = Promise.all(customers.map(shop));
      const waitFor = (what: string, done: () => boolean | Promise<boolean>) =>
        waitForLoad(what, done, { context: () => server.output() });
      const ready = async () => await customers[0]!.client.request(`${site.url}/api/ready`);

      await waitFor('orders before the disk fills', () => acknowledged.size >= ORDERS_BEFORE);
      const acknowledgedBeforeFull = acknowledged.size;
      await disk.fill();
      const fullAt = Date.now();
      await sleep(FULL_FOR_MS);
      const readyWhileFull = await ready();
      expect(readyWhileFull.status).toBe(503);
      // A full disk is below the reserve too: /ready says which (issue 40 item 10).
      expect(readyWhileFull.json()).toEqual({
        statusCode: 503,
        message: serverTexts.apiErrors.storageBelowReserve(DEFAULT_DISK_RESERVE_MB),
      });
      const refusedWhileFull = refusals.length;

      await disk.free();
      const freedAt = Date.now();
      await waitFor(
        '/api/ready after the space is back',
        async () => (await ready()).status === 200,
      );
      const readyAfter = (Date.now() - freedAt) / 1000;
      const target = acknowledged.size + ORDERS_AFTER;
      await waitFor('orders after the space is back', () => acknowledged.size >= target);
      stopped = true;
      await load;

      // Every refusal was a 503 in words, and the customers met some while the disk was full.
      expect(refusedWhileFull).toBeGreaterThan(0);
      const allowed: string[] = [
        serverTexts.apiErrors.storageFull,
        serverTexts.apiErrors.serviceUnavailable,
      ];
      expect(
        refusals.filter(({ status, message }) => status !== 503 || !allowed.includes(message)),
        server.output(),
      ).toEqual([]);
      expect(server.running(), server.output()).toBe(true);

      // Every acknowledged order is there, exactly once, and the stock adds up.
      const stored = new Map<string, number>();
      for (const customer of customers) {
        const answer = expectStatus(
          'GET /api/orders',
          await customer.client.request(
            `${site.url}/api/orders?email=${encodeURIComponent(customer.account.email)}`,
            { headers: bearer(customer.account.token) },
          ),
        );
        for (const order of OrderListSchema.parse(answer.json())) {
          expect(stored.has(order._id)).toBe(false);
          stored.set(order._id, order.quantity);
        }
      }
      expect([...stored.keys()].sort()).toEqual([...acknowledged.keys()].sort());
      const held = [...acknowledged.values()].reduce((sum, order) => sum + order.quantity, 0);
      const after = ToolSchema.parse(
        expectStatus(
          'GET /api/tool',
          await customers[0]!.client.request(`${site.url}/api/tool/${tool._id}`),
        ).json(),
      );
      expect(after.availableQuantity + held).toBe(PROOF_SHOP_STOCK);

      // Every acknowledged order's e-mail was written to the outbox folder exactly once, those of
      // the orders taken while the disk was full included (they waited in the outbox table).
      const outbox = path.join(dataDir, 'outbox');
      const subjectsWritten = async () =>
        Promise.all(
          (await readdir(outbox))
            .filter((file) => file.endsWith('.eml'))
            .map(
              async (file) => parseMail(await readFile(path.join(outbox, file))).headers.subject,
            ),
        );
      const placedSubject = (id: string) =>
        serverTexts.mail.orderPlaced.subject(orderReference(id));
      await waitFor('every order e-mail written', async () => {
        const written = new Set(await subjectsWritten());
        return [...acknowledged.keys()].every((id) => written.has(placedSubject(id)));
      });
      const written = await subjectsWritten();
      for (const id of acknowledged.keys()) {
        expect(written.filter((subject) => subject === placedSubject(id))).toHaveLength(1);
      }

      console.log(
        `[full disk, PGlite] ${DISK_MB} MB tmpfs; ${acknowledgedBeforeFull} orders acknowledged before it filled; ` +
          `${refusedWhileFull} refused while full (all 503 in words), full for ${((freedAt - fullAt) / 1000).toFixed(1)} s; ` +
          `ready again ${readyAfter.toFixed(1)} s after the space came back; ${acknowledged.size} acknowledged in all, ` +
          `${stored.size} stored, each with its e-mail written once; stock ${after.availableQuantity} + ${held} held = ${PROOF_SHOP_STOCK}`,
      );
    },
    PROOF_TEST_TIMEOUT_MS,
  );

  it(
    'keeps its reserve: below it writes are refused in words, /api/ready says why, no hang',
    async () => {
      // Issue 40 item 10: with 15.5 MB left (less than a WAL segment) PGlite spun in XLogFlush.
      const customer = customers[0]!;
      const order = (quantity: number) =>
        customer.client.request(
          `${site.url}/api/order`,
          proofOrderRequest(customer.account, tool, quantity),
        );
      const storedOrders = async () =>
        OrderListSchema.parse(
          expectStatus(
            'GET /api/orders',
            await customer.client.request(
              `${site.url}/api/orders?email=${encodeURIComponent(customer.account.email)}`,
              { headers: bearer(customer.account.token) },
            ),
          ).json(),
        ).length;
      const before = await storedOrders();

      await disk.fill(LEFT_BELOW_RESERVE);
      const left = await disk.freeBytes();
      expect(left).toBeLessThan(16 * MB);
      // Far from the reserve one look at the disk is trusted for a second: past it.
      await sleep(1_500);
      const refusals: { status: number; message: string }[] = [];
      for (let attempt = 0; attempt < BELOW_RESERVE_ORDERS; attempt += 1) {
        const answer = await order(2);
        refusals.push({
          status: answer.status,
          message: String((answer.json() as { message?: unknown }).message),
        });
      }
      expect(refusals, server.output()).toEqual(
        refusals.map(() => ({ status: 503, message: serverTexts.apiErrors.storageFull })),
      );
      const readyBelow = await customer.client.request(`${site.url}/api/ready`);
      expect(readyBelow.status).toBe(503);
      expect(readyBelow.json()).toEqual({
        statusCode: 503,
        message: serverTexts.apiErrors.storageBelowReserve(DEFAULT_DISK_RESERVE_MB),
      });
      // The process answers (no engine spinning on its one thread), and nothing was stored.
      expect((await customer.client.request(`${site.url}/api/health`)).status).toBe(200);
      expect(await storedOrders()).toBe(before);

      await disk.free();
      const freedAt = Date.now();
      await waitForLoad(
        '/api/ready after the space is back',
        async () => (await customer.client.request(`${site.url}/api/ready`)).status === 200,
        { context: () => server.output() },
      );
      const readyAfter = Date.now() - freedAt;
      expect((await order(2)).status).toBe(200);
      expect(await storedOrders()).toBe(before + 1);
      expect(server.running(), server.output()).toBe(true);
      console.log(
        `[disk reserve, PGlite] ${(left / MB).toFixed(1)} MB left (reserve ${DEFAULT_DISK_RESERVE_MB} MB): ` +
          `${refusals.length} orders refused with 503 in words, /api/ready 503 with the reason; ` +
          `ready again ${readyAfter} ms after the space came back, the next order stored`,
      );
    },
    PROOF_TEST_TIMEOUT_MS,
  );

  it(
    'after a kill -9, a start with too little room says so in one line and exits 1',
    async () => {
      await server.kill9();
      await disk.fill(LEFT_AT_START);
      const left = Math.floor((await disk.freeBytes()) / MB);
      const start = startServerProcess({
        name: 'server below its reserve',
        port: server.port,
        env: environment,
      });
      await expect(start).rejects.toThrow(
        `exited (1) before ready:\nDATA_DIR (${dataDir}) has ${left} MB free; the server needs at ` +
          `least ${DEFAULT_DISK_RESERVE_MB} MB free there to start (the ${DEFAULT_DISK_RESERVE_MB} MB ` +
          `reserve of DISK_RESERVE_MB, so that the embedded database never meets a full disk). ` +
          `Free some space or give DATA_DIR more room.\n`,
      );
      // With the space back it starts on the same data.
      await disk.free();
      server = await startServerProcess({
        name: 'server again',
        port: server.port,
        env: environment,
      });
      expect((await customers[0]!.client.request(`${site.url}/api/ready`)).status).toBe(200);
    },
    PROOF_TEST_TIMEOUT_MS,
  );
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a start on a full disk (PGlite)', () => {
  let disk: SmallDisk | undefined;
  afterAll(async () => disk?.unmount());

  it(
    'says how much room DATA_DIR lacks, and leaves no half-built database',
    async () => {
      // Room for the secrets, not for a database (initdb writes tens of MB).
      disk = await mountSmallDisk(4);
      const dataDir = path.join(disk.dir, 'data');
      const pgliteDir = path.join(dataDir, 'pglite');
      const start = startServerProcess({
        name: 'server on a full disk',
        env: {
          DATA_DIR: dataDir,
          ACCESS_TOKEN_SECRET: randomBytes(32).toString('base64url'),
          BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
        },
      });
      // Issue 40 item 10: what is missing, in one line (PGlite said 'failed to initialize').
      const needed = DEFAULT_DISK_RESERVE_MB + NEW_DATABASE_MB;
      const failure = await start.then(
        () => undefined,
        (error: unknown) => String(error),
      );
      expect(failure).toMatch(
        new RegExp(
          `exited \\(1\\) before ready:\\nDATA_DIR \\(${dataDir.replaceAll('.', '\\.')}\\) has [0-4] MB free; ` +
            `the server needs at least ${needed} MB free there to start \\(${NEW_DATABASE_MB} MB for a new ` +
            `database and the ${DEFAULT_DISK_RESERVE_MB} MB reserve of DISK_RESERVE_MB, [^\\n]*\\n$`,
        ),
      );
      expect(existsSync(pgliteDir)).toBe(false);
    },
    PROOF_TEST_TIMEOUT_MS,
  );
});

import { randomBytes, randomUUID } from 'node:crypto';
import { CreateToolResponseSchema, type Tool } from '@tools-factory/contract';
import { bearer } from './accounts.ts';
import { signUpOverHttp, type HttpAccount, type Site } from './http-accounts.ts';
import {
  createHttpClient,
  expectStatus,
  randomLoopbackAddress,
  type HttpClient,
} from './http-client.ts';

/**
 * What the proofs (crash, scale-out, database faults, full disk) have in common: real server
 * processes configured as production runs them, an admin, a tool with a large stock, and
 * customers who order as fast as they are answered.
 */

/** An admin address of its own for one proof run. */
export const proofAdminEmail = (): string => `admin-${randomUUID().slice(0, 8)}@example.com`;

/**
 * The environment of every instance of one proof run: production mode, the same secrets, no demo
 * data, and the caps against hoarding lifted (customers order as fast as they are answered from
 * unverified accounts: the caps have tests of their own, orders.hoarding and orders.holds).
 */
export function proofEnvironment(options: {
  publicUrl: string;
  adminEmail: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: options.publicUrl,
    ADMIN_EMAILS: options.adminEmail,
    SEED_DEMO: '0',
    MAX_UNPAID_ORDERS: '1000000',
    ORDER_RATE_LIMIT: '1000000',
    UNVERIFIED_HOLD_LIMIT: '1000000000',
  };
}

/** Adds a tool of the proof (minimum order 1: any quantity from 2 is on sale) through the API. */
export async function addProofTool(
  client: HttpClient,
  site: Site,
  admin: HttpAccount,
  options: { name: string; stock: number },
): Promise<Tool> {
  const answer = expectStatus(
    'POST /api/tool',
    await client.request(`${site.url}/api/tool`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: {
        name: options.name,
        desc: 'A tool of a proof run.',
        img: '/images/tools/claw-hammer.svg',
        price: 20,
        minOrderQuantity: 1,
        availableQuantity: options.stock,
      },
    }),
  );
  return CreateToolResponseSchema.parse(answer.json()).tool;
}

/** A customer of a proof: an HTTP client from an address of its own, and its account. */
export type ProofCustomer = { client: HttpClient; account: HttpAccount };

/**
 * HTTP clients each from a loopback address of its own (the sign-up and sign-in limits count per
 * client address), all closed by `closeAll` after the tests.
 */
export function proofClients(): { newClient(): HttpClient; closeAll(): void } {
  const clients: HttpClient[] = [];
  return {
    newClient() {
      const client = createHttpClient({ localAddress: randomLoopbackAddress() });
      clients.push(client);
      return client;
    },
    closeAll() {
      for (const client of clients) client.close();
    },
  };
}

/** Signs up `count` customers at once, each with a client of its own from `newClient`. */
export function signUpProofCustomers(
  newClient: () => HttpClient,
  site: Site,
  options: { count: number; prefix: string },
): Promise<ProofCustomer[]> {
  return Promise.all(
    Array.from({ length: options.count }, async (_, index) => {
      const client = newClient();
      const account = await signUpOverHttp(client, site, {
        email: `${options.prefix}-${index}-${randomUUID().slice(0, 8)}@example.com`,
      });
      return { client, account };
    }),
  );
}

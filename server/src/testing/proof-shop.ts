import { randomBytes, randomUUID } from 'node:crypto';
import { CreateToolResponseSchema, type Tool } from '@tools-factory/contract';
import { bearer } from './accounts.ts';
import {
  signUpAdminOverHttp,
  signUpOverHttp,
  type HttpAccount,
  type MailLinkFinder,
  type Site,
} from './http-accounts.ts';
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

/**
 * One proof run: an admin address of its own, one set of secrets for all its instances, HTTP
 * clients each from a loopback address of its own (all closed by `closeAll` after the tests), and
 * the shop it opens on its site.
 */
export type ProofRun = {
  adminEmail: string;
  /**
   * The environment of every instance of the run: production mode, the run's secrets, no demo
   * data, and the caps against hoarding lifted (customers order as fast as they are answered from
   * unverified accounts: the caps have tests of their own, orders.hoarding and holds.routes).
   */
  environment(publicUrl: string): Record<string, string>;
  newClient(): HttpClient;
  closeAll(): void;
  /** Opens the run's shop on `site`: see openProofShop. */
  openShop(site: Site, shop: ProofShopOptions): Promise<ProofShop>;
};

export function startProofRun(options: { maxSockets?: number } = {}): ProofRun {
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.com`;
  const secrets = {
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  };
  const { newClient, closeAll } = proofClients(options);
  return {
    adminEmail,
    environment: (publicUrl) => ({
      NODE_ENV: 'production',
      ...secrets,
      PUBLIC_URL: publicUrl,
      ADMIN_EMAILS: adminEmail,
      SEED_DEMO: '0',
      MAX_UNPAID_ORDERS: '1000000',
      ORDER_RATE_LIMIT: '1000000',
      UNVERIFIED_HOLD_LIMIT: '1000000000',
      UNPAID_HOLD_LIMIT: '1000000000',
      UNPAID_TOOL_SHARE: '100',
    }),
    newClient,
    closeAll,
    openShop: (site, shop) => openProofShop(site, { ...shop, newClient, adminEmail }),
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
function proofClients(options: { maxSockets?: number } = {}): {
  newClient(): HttpClient;
  closeAll(): void;
} {
  const clients: HttpClient[] = [];
  return {
    newClient() {
      const client = createHttpClient({ ...options, localAddress: randomLoopbackAddress() });
      clients.push(client);
      return client;
    },
    closeAll() {
      for (const client of clients) client.close();
    },
  };
}

/** Signs up `count` customers at once, each with a client of its own from `newClient`. */
function signUpProofCustomers(
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

/**
 * The stock of the tool a proof's shop opens with: more than its customers order in a run, so
 * that no order is ever refused for want of stock and the stock adds up to it in the end.
 */
export const PROOF_SHOP_STOCK = 1_000_000;

/** A proof's shop once it is open: its admin (with the admin's client), a tool, its customers. */
export type ProofShop = {
  adminClient: HttpClient;
  admin: HttpAccount;
  tool: Tool;
  customers: ProofCustomer[];
};

export type ProofShopOptions = {
  mail: string | MailLinkFinder;
  /** The shop's one tool, with PROOF_SHOP_STOCK units. */
  toolName: string;
  customers: { count: number; prefix: string };
};

/**
 * Opens a proof's shop on a running site: signs up the admin (`mail`: the outbox folder the reset
 * link is read from, or a finder of it), adds a tool with PROOF_SHOP_STOCK units, then signs up the
 * customers, each with a client of its own from `newClient`.
 */
async function openProofShop(
  site: Site,
  options: ProofShopOptions & { newClient: () => HttpClient; adminEmail: string },
): Promise<ProofShop> {
  const adminClient = options.newClient();
  const admin = await signUpAdminOverHttp(
    adminClient,
    site,
    { email: options.adminEmail, name: 'Admin' },
    options.mail,
  );
  const tool = await addProofTool(adminClient, site, admin, {
    name: options.toolName,
    stock: PROOF_SHOP_STOCK,
  });
  const customers = await signUpProofCustomers(options.newClient, site, options.customers);
  return { adminClient, admin, tool, customers };
}

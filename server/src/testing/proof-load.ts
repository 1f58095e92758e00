import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConfirmTestCardResponseSchema,
  orderTotal,
  PaymentIntentResponseSchema,
  type Order,
  type Tool,
} from '@tools-factory/contract';
import { bearer } from './accounts.ts';
import { HANG_LIMIT_MS } from './hang-limits.ts';
import type { HttpAccount, Site } from './http-accounts.ts';
import type { HttpAnswer, HttpRequest } from './http-client.ts';
import { SUCCEEDING_TEST_CARD } from './payments.ts';
import type { ProofCustomer } from './proof-shop.ts';

/**
 * The load the proofs (crash, database faults, full disk, scale-out) put on a running shop: its
 * customers' orders, each with an Idempotency-Key of its own, and their card payments; and the
 * wait for what the load has done so far.
 */

/** What a proof's customers send to order: the body, the same again on a retry. */
export type ProofOrderBody = {
  toolId: string;
  name: string;
  address: string;
  quantity: number;
  email: string;
};

/**
 * POST /api/order of `quantity` of the proof's tool for the account, with an Idempotency-Key
 * (`key`, a new one by default): sent again as it is, it is the retry of the same order.
 */
export function proofOrderRequest(
  account: HttpAccount,
  tool: Tool,
  quantity: number,
  key: string = randomUUID(),
): HttpRequest & { json: ProofOrderBody } {
  return {
    method: 'POST',
    headers: { ...bearer(account.token), 'idempotency-key': key },
    json: {
      toolId: tool._id,
      name: tool.name,
      address: '12 Forge Lane, Sheffield',
      quantity,
      email: account.email,
    },
  };
}

/**
 * How a proof sends one request of its load: the 200 answer, or undefined when there is none to
 * go on with (the proof notes why in its own ledger: the server died, a refusal, a failure).
 */
export type ProofSend = (
  customer: ProofCustomer,
  what: string,
  url: string,
  request: HttpRequest,
) => Promise<HttpAnswer | undefined>;

/**
 * Pays the customer's order as the payment page does, each of its three steps through `send`:
 * the payment intent, the test card, the payment recorded on the order. The transaction's id
 * once recorded; undefined when a step got no answer to go on with.
 */
export async function payProofOrder(
  send: ProofSend,
  site: Site,
  customer: ProofCustomer,
  order: Order,
): Promise<string | undefined> {
  const headers = bearer(customer.account.token);
  const intent = await send(customer, 'payment intent', `${site.url}/api/create-payment-intent`, {
    method: 'POST',
    headers,
    json: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
  });
  if (!intent) return undefined;
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = await send(customer, 'test card', `${site.url}/api/payments/test/confirm`, {
    method: 'POST',
    headers,
    json: { clientSecret, ...SUCCEEDING_TEST_CARD },
  });
  if (!confirmed) return undefined;
  const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
  const recorded = await send(customer, 'payment record', `${site.url}/api/tool/${order._id}`, {
    method: 'PATCH',
    headers,
    json: { order: order._id, transectionId },
  });
  return recorded ? transectionId : undefined;
}

/**
 * Resolves once `done()` holds, asked every `everyMs`; past `timeoutMs` fails the test with what
 * was awaited and `context()` (the servers' output, say).
 */
export async function waitForLoad(
  what: string,
  done: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; everyMs?: number; context?: () => string } = {},
): Promise<void> {
  const { timeoutMs = HANG_LIMIT_MS, everyMs = 50, context } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms${context ? `\n${context()}` : ''}`);
    }
    await sleep(everyMs);
  }
}

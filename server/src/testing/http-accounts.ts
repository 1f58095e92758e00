import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConfirmTestCardResponseSchema,
  orderTotal,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  UpsertUserResponseSchema,
  type Order,
} from '@tools-factory/contract';
import { bearer } from './accounts.ts';
import { cookiesOfAnswer, expectStatus, type HttpClient } from './http-client.ts';
import { firstLink, parseMail } from './mail.ts';
import { SUCCEEDING_TEST_CARD } from './payments.ts';

/**
 * What testing/accounts.ts and testing/payments.ts do through `inject`, done over HTTP against
 * real server processes (or nginx in front of them): sign up, get the access token, verify an
 * admin's address through an instance's outbox, pay an order with the test gateway.
 */

/** Where a request goes (an instance, or the load balancer) and the site's public origin. */
export type Site = { url: string; origin: string };

export type HttpAccount = {
  email: string;
  password: string;
  name: string;
  /** The identity session cookie(s), ready for a `cookie` header. */
  cookie: string;
  /** The access token answered by PUT /api/user/{email}. */
  token: string;
  userId: string;
};

/** PUT /api/user/{email} with an identity session: the access token and the user's id. */
export async function accessTokenOverHttp(
  client: HttpClient,
  site: Site,
  cookie: string,
  email: string,
): Promise<{ token: string; userId: string }> {
  const answer = expectStatus(
    `PUT /api/user on ${site.url}`,
    await client.request(`${site.url}/api/user/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { origin: site.origin, cookie },
      json: { email },
    }),
  );
  const { token } = UpsertUserResponseSchema.parse(answer.json());
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { token, userId: payload.sub };
}

/** Signs an account up through Better Auth, as the web app does, then gets its access token. */
export async function signUpOverHttp(
  client: HttpClient,
  site: Site,
  account: { email: string; password?: string; name?: string },
): Promise<HttpAccount> {
  const { email, password = 'secret-pass-1', name = 'Test Customer' } = account;
  const signUp = expectStatus(
    `sign-up on ${site.url}`,
    await client.request(`${site.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: site.origin },
      json: { email, password, name },
    }),
  );
  const cookie = cookiesOfAnswer(signUp);
  const { token, userId } = await accessTokenOverHttp(client, site, cookie, email);
  return { email, password, name, cookie, token, userId };
}

/**
 * Verifies an account's address as its owner would: asks for the verification e-mail, reads it
 * from the outbox directory of the instance that sent it (DATA_DIR/outbox), opens its link.
 */
export async function verifyEmailOverHttp(
  client: HttpClient,
  site: Site,
  account: HttpAccount,
  outboxDir: string,
): Promise<void> {
  expectStatus(
    'send-verification-email',
    await client.request(`${site.url}/api/auth/send-verification-email`, {
      method: 'POST',
      headers: { origin: site.origin, cookie: account.cookie },
      json: { email: account.email, callbackURL: '/' },
    }),
  );
  const deadline = Date.now() + 10_000;
  let link: string | undefined;
  while (!link) {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const mail = parseMail(await readFile(path.join(outboxDir, file)));
      const to = mail.headers.to?.toLowerCase() ?? '';
      if (to.includes(account.email) && mail.headers.subject?.includes('Verify')) {
        link = firstLink(mail.text);
        break;
      }
    }
    if (link) break;
    if (Date.now() > deadline) throw new Error(`no verification mail in ${outboxDir}`);
    await sleep(50);
  }
  const parsed = new URL(link);
  const follow = await client.request(`${site.url}${parsed.pathname}${parsed.search}`);
  if (follow.status !== 302 || String(follow.headers.location).includes('error=')) {
    throw new Error(`verification link: ${follow.status} ${follow.headers.location}`);
  }
}

/**
 * Pays an order with the test gateway as the payment page does: the intent, the card, the
 * record (PATCH /api/tool/{id}). `sites` may name a different instance for each step.
 */
export async function payOrderOverHttp(
  client: HttpClient,
  sites: readonly [Site, Site, Site],
  account: HttpAccount,
  order: Pick<Order, '_id' | 'price' | 'quantity'>,
): Promise<Order> {
  const [intentSite, cardSite, recordSite] = sites;
  const headers = bearer(account.token);
  const intent = expectStatus(
    `create-payment-intent on ${intentSite.url}`,
    await client.request(`${intentSite.url}/api/create-payment-intent`, {
      method: 'POST',
      headers,
      json: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
    }),
  );
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = expectStatus(
    `payments/test/confirm on ${cardSite.url}`,
    await client.request(`${cardSite.url}/api/payments/test/confirm`, {
      method: 'POST',
      headers,
      json: { clientSecret, ...SUCCEEDING_TEST_CARD },
    }),
  );
  const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
  const recorded = expectStatus(
    `PATCH /api/tool/{id} on ${recordSite.url}`,
    await client.request(`${recordSite.url}/api/tool/${order._id}`, {
      method: 'PATCH',
      headers,
      json: { order: order._id, transectionId },
    }),
  );
  return RecordPaymentResponseSchema.parse(recorded.json()).order;
}
